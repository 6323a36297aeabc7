#!/usr/bin/env bash
# A stand-alone PostgreSQL server for a sns history (a team's, or the history tests'): a cluster of
# its own in a data directory, on a free local port, with a user and a database; nothing of the
# machine's own PostgreSQL service is used or changed.
#
#   scripts/postgres-local.sh start     # initializes (first time) and starts it; prints the JDBC URL
#   scripts/postgres-local.sh url       # the JDBC URL (SNS_HISTORY, SNS_TEST_POSTGRES_URL)
#   scripts/postgres-local.sh status    # running or not (exit 0 or 3)
#   scripts/postgres-local.sh stop      # stops it, keeping the data
#   scripts/postgres-local.sh destroy   # stops it and removes the data directory
#
# Environment: SNS_PG_DIR (the data directory, default ${TMPDIR:-/tmp}/sns-postgres-$USER), SNS_PG_PORT
# (default: the first free port from 55432), SNS_PG_USER / SNS_PG_PASSWORD / SNS_PG_DB (default sns,
# sns, sns), SNS_PG_LISTEN (default 127.0.0.1; 0.0.0.0 with a password others can reach, for nodes of a
# cluster). Needs PostgreSQL's server binaries: Debian's postgresql package (installed here when
# missing and run as root) or pg_ctl on the PATH. As root the server runs as the user postgres (it
# refuses root), so the data directory must be reachable by that user (under /tmp, /var/lib, ...).
set -euo pipefail
ACTION=${1:-}
DIR=${SNS_PG_DIR:-${TMPDIR:-/tmp}/sns-postgres-$(id -un)}
USER_NAME=${SNS_PG_USER:-sns}
PASSWORD=${SNS_PG_PASSWORD:-sns}
DB=${SNS_PG_DB:-sns}
LISTEN=${SNS_PG_LISTEN:-127.0.0.1}
DATA=$DIR/data

usage() {
  echo "usage: scripts/postgres-local.sh start|url|status|stop|destroy (got '${ACTION}')" >&2
  exit 2
}
case "$ACTION" in start|url|status|stop|destroy) ;; *) usage ;; esac

# PostgreSQL's server binaries: Debian's newest version, else the PATH; installed when missing (as root).
bindir() {
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$d" ] && [ -x "$d/pg_ctl" ]; then echo "$d"; return; fi
  if command -v pg_ctl >/dev/null; then dirname "$(command -v pg_ctl)"; return; fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    d=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
    echo "$d"
    return
  fi
  echo "postgres-local: no PostgreSQL server binaries (pg_ctl): install Debian's postgresql package" \
    "(apt-get install postgresql) or put pg_ctl on the PATH" >&2
  exit 1
}

# Runs a server command as the user the server runs as: postgres when this is root, else this user.
as_server() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

port() { cat "$DIR/port" 2>/dev/null || true; }

url() {
  local p
  p=$(port)
  [ -n "$p" ] || { echo "postgres-local: no server in $DIR: run scripts/postgres-local.sh start first" >&2; exit 1; }
  local host=$LISTEN
  [ "$host" = 0.0.0.0 ] && host=$(hostname -f 2>/dev/null || hostname)
  echo "jdbc:postgresql://$host:$p/$DB?user=$USER_NAME&password=$PASSWORD"
}

running() {
  [ -f "$DATA/postmaster.pid" ] || return 1
  as_server "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1
}

# The first port from 55432 that nothing listens on (or SNS_PG_PORT).
free_port() {
  if [ -n "${SNS_PG_PORT:-}" ]; then echo "$SNS_PG_PORT"; return; fi
  local p
  for p in $(seq 55432 55532); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
  done
  echo "postgres-local: no free port in 55432-55532: set SNS_PG_PORT" >&2
  exit 1
}

if [ "$ACTION" = url ]; then url; exit 0; fi
BIN=$(bindir)

case "$ACTION" in
  status)
    if running; then echo "postgres-local: running in $DIR on port $(port)"; exit 0; fi
    echo "postgres-local: not running ($DIR)"; exit 3 ;;
  stop|destroy)
    if running; then as_server "$BIN/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null; fi
    if [ "$ACTION" = destroy ]; then rm -rf "$DIR"; echo "postgres-local: removed $DIR"; else
      echo "postgres-local: stopped ($DIR kept)"; fi
    exit 0 ;;
esac

# start
if running; then url; exit 0; fi
mkdir -p "$DIR"
if [ "$(id -u)" = 0 ]; then chown postgres: "$DIR"; fi
if ! as_server test -w "$DIR"; then
  echo "postgres-local: the server's user ($( [ "$(id -u)" = 0 ] && echo postgres || id -un)) cannot write $DIR:" \
    "set SNS_PG_DIR to a directory it can reach (e.g. under /tmp)" >&2
  exit 1
fi
fresh=0
if [ ! -s "$DATA/PG_VERSION" ]; then
  as_server "$BIN/initdb" -D "$DATA" -A trust -U postgres >"$DIR/initdb.log" 2>&1 || {
    echo "postgres-local: initdb failed: see $DIR/initdb.log" >&2; exit 1; }
  fresh=1
fi
PORT=$(free_port)
# local connections by socket and 127.0.0.1 need no password; others (SNS_PG_LISTEN=0.0.0.0) need the user's
if [ "$fresh" = 1 ] && [ "$LISTEN" != 127.0.0.1 ]; then
  echo "host all all 0.0.0.0/0 scram-sha-256" | as_server tee -a "$DATA/pg_hba.conf" >/dev/null
fi
as_server "$BIN/pg_ctl" -D "$DATA" -l "$DIR/server.log" -w \
  -o "-p $PORT -k $DIR -c listen_addresses=$LISTEN -c max_connections=100" start >/dev/null || {
  echo "postgres-local: the server did not start on port $PORT: see $DIR/server.log" >&2; exit 1; }
echo "$PORT" > "$DIR/port"
if [ "$fresh" = 1 ]; then
  "$BIN/psql" -q -h "$DIR" -p "$PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 \
    -c "CREATE USER \"$USER_NAME\" PASSWORD '$PASSWORD'" -c "CREATE DATABASE \"$DB\" OWNER \"$USER_NAME\"" >/dev/null
fi
echo "postgres-local: PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') in $DIR on port $PORT" >&2
url
