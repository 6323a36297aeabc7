#!/usr/bin/env bash
# The newcomer's first hour, timed: a clean copy of this checkout's last commit (what `git clone`
# gives), an EMPTY local Maven repository (every plugin and dependency downloaded from Maven
# Central), then the README's two commands, each step timed, and the first run's console lines
# counted (standard output and standard error together, as a terminal shows them).
#
#   scripts/newcomer.sh
#   scripts/newcomer.sh --first-only
#
# The first runs both README commands (the build and first run, then mvn -B verify); the second the
# first command only (mvn -B verify runs every test: long).
#
# Environment: NEWCOMER_DIR (default: a new directory under /tmp) keeps the copy, the repository and
# the logs; JAVA_TOOL_OPTIONS passes through. Writes NEWCOMER_DIR/newcomer.txt (the figures) and
# first-run.log (the first run's console). Exit: 0 when every step exited 0, else the first failing
# step's code.
set -euo pipefail
usage() { echo "usage: scripts/newcomer.sh [--first-only]" >&2; exit 1; }
first_only=false
case "${1:-}" in
  "") ;;
  --first-only) first_only=true ;;
  *) usage ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
work=${NEWCOMER_DIR:-$(mktemp -d /tmp/sns-newcomer.XXXXXX)}
mkdir -p "$work"
repo="$work/m2"
src="$work/sns"
if [ -n "$(ls -A "$repo" 2>/dev/null)" ]; then
  echo "newcomer.sh: $repo is not empty; the point is an empty repository: give NEWCOMER_DIR a new directory" >&2
  exit 1
fi
mkdir -p "$repo" "$src"
git -C "$root" archive --format=tar HEAD | tar -x -C "$src"
commit=$(git -C "$root" rev-parse --short HEAD)
summary="$work/newcomer.txt"
: > "$summary"
say() { echo "$*" | tee -a "$summary"; }

# step NAME LOG COMMAND...: runs it in the copy, times it, keeps its console in LOG
step() {
  local name=$1 log=$2; shift 2
  local t0 t1 rc=0
  t0=$(date +%s.%N)
  (cd "$src" && "$@") > "$log" 2>&1 || rc=$?
  t1=$(date +%s.%N)
  say "$(awk -v n="$name" -v a="$t0" -v b="$t1" -v r="$rc" 'BEGIN { printf "%-44s %7.1f s  exit %d", n, b - a, r }')"
  return $rc
}

say "sns newcomer path, commit $commit, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ)"
say "empty local repository: $repo"
rc=0
step "mvn -B -q -DskipTests package" "$work/build.log" \
  mvn -B -q -DskipTests package -Dmaven.repo.local="$repo" || rc=$?
if [ $rc -eq 0 ]; then
  step "java -jar benchmarks.jar Sample -prof sns" "$work/first-run.log" \
    java -jar benchmarks/target/benchmarks.jar Sample -prof sns || rc=$?
  say "first run: $(wc -l < "$work/first-run.log") console lines; $(grep -c '^sns: ' "$work/first-run.log" || true) of them sns's own"
  grep -E '^sns: (no GPU here|reports in)|FASTER|PARITY|SLOWER|NO_VERDICT' "$work/first-run.log" | cut -c1-160 | tee -a "$summary" || true
  [ -f "$src/sns-results/report.html" ] && say "report: $src/sns-results/report.html"
fi
if [ $rc -eq 0 ] && ! $first_only; then
  step "mvn -B verify" "$work/verify.log" mvn -B verify -Dmaven.repo.local="$repo" || rc=$?
  grep -E '^\[(gpu|postgresql|slurm)[a-z ]* skipped\]|Tests run:.*Skipped' "$work/verify.log" | tail -20 | tee -a "$summary" || true
fi
say "local repository after: $(du -sh "$repo" | cut -f1); logs in $work"
exit $rc
