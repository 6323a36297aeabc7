#!/usr/bin/env bash
# Issue 29's "No copies": at most 2 pairs of duplicated blocks in main code that are real code written
# twice. Runs the team machines' `duplicates` tool over the whole tree and keeps the rows with both sides
# in main code (src/main, its resources included; a side under src/test, scripts/ or docs does not count)
# that the tool does not mark `boilerplate`; then scripts/duplicates-classify.py judges each of them by
# its lines: boilerplate when every shared line is a declaration or plumbing line (fields, accessors,
# `this.x = x;`, null checks, annotations, signatures, constants, enum constants, one-call forwarding
# bodies, a table's rows of constant arguments), counted when one line holds logic. Prints every row with
# its verdict and why (the line kinds, or the logic lines), exits 1 when more than MAX (default 2) count,
# 2 when the tool or python3 is missing or the tool did not read the whole tree. Not part of the Maven
# build: the tool exists only on team machines.
# DUPLICATES_JUDGE_ALL=1 judges the rows the tool marks boilerplate too (a wider view for planning; the
# gate's count is of the others).
# Usage: scripts/duplicates-check.sh [MAX]   (a few seconds)
#        scripts/duplicates-classify.py --self-test   (the classifier against known lines, under a second)
set -uo pipefail
cd "$(dirname "$0")/.."
MAX=${1:-2}
if ! command -v python3 > /dev/null; then
  echo "duplicates-check: no python3 on this machine (scripts/duplicates-classify.py needs it)" >&2
  exit 2
fi
if ! python3 scripts/duplicates-classify.py --self-test > /dev/null; then
  python3 scripts/duplicates-classify.py --self-test >&2
  echo "duplicates-check: the classifier fails its self-test (above); its verdicts would not hold" >&2
  exit 2
fi
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
ROWS=$(awk -v all="${DUPLICATES_JUDGE_ALL:-0}" '$1 ~ /^D[0-9]+$/ && $3 == "~" && (all == "1" || !/ boilerplate/) {
  a = $2; b = $4
  if (a ~ /(^|\/)src\/main\// && b ~ /(^|\/)src\/main\// && a !~ /(^|\/)src\/test\// && b !~ /(^|\/)src\/test\//) print
}' <<< "$LIST")
if [ -n "$ROWS" ]; then
  JUDGED=$(python3 scripts/duplicates-classify.py --root . <<< "$ROWS") || {
    echo "duplicates-check: the classifier could not judge the rows (above)" >&2
    exit 2
  }
else
  JUDGED="classified: 0 rows, 0 count"
fi
echo "$JUDGED"
# Rows come most shared first, boilerplate last: when --most cut the list before the boilerplate began,
# pairs that count may be among those cut.
if grep -q '^(+[0-9]* more pairs)' <<< "$LIST" && ! grep '^D[0-9]' <<< "$LIST" | tail -1 | grep -q ' boilerplate'; then
  echo "duplicates-check: more than 200 pairs, and the list was cut before its boilerplate: the count may be short" >&2
fi
COUNTED=$(grep '^COUNTS ' <<< "$JUDGED")
COUNT=$(grep -c . <<< "$COUNTED")
SAME=$(grep -c -v ' shape' <<< "$COUNTED")
[ -z "$COUNTED" ] && SAME=0
echo "duplicates-check: $COUNT non-boilerplate pair(s) in main code (logic on a shared line), $SAME of them the" \
  "same to the letter (the rest alike in shape only); at most $MAX allowed"
[ "$COUNT" -le "$MAX" ]
