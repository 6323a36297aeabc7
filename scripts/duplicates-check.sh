#!/usr/bin/env bash
# Issue 29's "No copies": at most 2 pairs of duplicated blocks in main code. Runs the team machines'
# `duplicates` tool over the whole tree and keeps the rows that count: not marked `boilerplate`, and
# both sides in main code (src/main, its resources included; a side under src/test, scripts/ or docs
# does not count). Prints them and exits 1 when there are more than MAX (default 2), 2 when the tool
# is missing or did not read the whole tree. Not part of the Maven build: the tool exists only on team
# machines. Usage: scripts/duplicates-check.sh [MAX]   (a few seconds)
set -uo pipefail
cd "$(dirname "$0")/.."
MAX=${1:-2}
if ! command -v duplicates > /dev/null; then
  echo "duplicates-check: no 'duplicates' command on this machine (it exists on team machines only)" >&2
  exit 2
fi
LIST=$(duplicates --most 200 --seconds 300)
if grep -q '^incomplete:' <<< "$LIST"; then
  grep '^incomplete:' <<< "$LIST" >&2
  echo "duplicates-check: the tool did not read the whole tree; the count below would be short" >&2
  exit 2
fi
ROWS=$(awk '$1 ~ /^D[0-9]+$/ && $3 == "~" && !/ boilerplate/ {
  a = $2; b = $4
  if (a ~ /(^|\/)src\/main\// && b ~ /(^|\/)src\/main\// && a !~ /(^|\/)src\/test\// && b !~ /(^|\/)src\/test\//) print
}' <<< "$LIST")
COUNT=$(grep -c . <<< "$ROWS")
[ -n "$ROWS" ] && echo "$ROWS"
# Rows come most shared first, boilerplate last: when --most cut the list before the boilerplate began,
# pairs that count may be among those cut.
if grep -q '^(+[0-9]* more pairs)' <<< "$LIST" && ! grep '^D[0-9]' <<< "$LIST" | tail -1 | grep -q ' boilerplate'; then
  echo "duplicates-check: more than 200 pairs, and the list was cut before its boilerplate: the count may be short" >&2
fi
SAME=$(grep -c -v ' shape' <<< "$ROWS")
[ -z "$ROWS" ] && SAME=0
echo "duplicates-check: $COUNT non-boilerplate pair(s) in main code, $SAME of them the same to the letter (the rest" \
  "alike in shape only); at most $MAX allowed"
[ "$COUNT" -le "$MAX" ]
