#!/usr/bin/env bash
# A sns suite run as N shards on this host, without a scheduler: each shard its own process (as a
# Slurm task or a Kubernetes pod would be), all recording into one history under one run group,
# then `history merge` writes the group's one report. For a multi-GPU node, or to try sharding
# before submitting to a cluster. Arguments: N, then JMH's (which benchmarks, forks, ...).
#
#   scripts/shards-local.sh 4 Sample -f 3
#
# Shards run SNS_CONCURRENT at a time (default: the number of GPUs nvidia-smi lists, at least 1);
# running shard slot i sees only GPU i (CUDA_VISIBLE_DEVICES), as --gpus-per-task=1 does. More
# concurrent shards than GPUs is for CPU suites only: GPU benchmarks sharing a GPU time each other's
# work, so the script refuses it unless SNS_SHARE_GPU=1.
# Environment: SNS_HISTORY (default sns-history.db here; a JDBC URL works), SNS_RUN_GROUP (default
# local-HOST-TIME), SNS_BENCHMARKS_JAR (benchmarks/target/benchmarks.jar, else benchmarks.jar),
# SNS_REPORTS_JAR (reports/target/sns-reports.jar, else sns-reports-cli.jar, else sns-reports.jar), SNS_OUT (sns-results:
# shard-K/ per shard, merged/ for the group), SNS_PROF (more -prof sns options), JAVA.
# Exit: 0 when every shard and the merge succeeded; else the first shard's non-zero code, or the
# merge's (4: a shard or a planned benchmark is missing from the group).
set -euo pipefail
usage() { echo "usage: scripts/shards-local.sh N [JMH arguments]  (N: the number of shards, 1 or more)" >&2; exit 1; }
[ $# -ge 1 ] || usage
N=$1; shift
[[ "$N" =~ ^[1-9][0-9]*$ ]] || { echo "shards-local: N must be a whole number of shards, 1 or more, got '$N'" >&2; usage; }

pick() { for f in "$@"; do [ -f "$f" ] && { echo "$f"; return; }; done; echo "$1"; }
JAVA=${JAVA:-java}
JAR=${SNS_BENCHMARKS_JAR:-$(pick benchmarks/target/benchmarks.jar benchmarks.jar)}
REPORTS=${SNS_REPORTS_JAR:-$(pick reports/target/sns-reports.jar sns-reports-cli.jar sns-reports.jar)}
for f in "$JAR" "$REPORTS"; do
  [ -f "$f" ] || { echo "shards-local: $f not found: build first (mvn -B -DskipTests package) or set SNS_BENCHMARKS_JAR / SNS_REPORTS_JAR" >&2; exit 1; }
done
export SNS_HISTORY=${SNS_HISTORY:-$(pwd)/sns-history.db}
export SNS_RUN_GROUP=${SNS_RUN_GROUP:-local-$(hostname -s)-$(date +%Y%m%d-%H%M%S)}
OUT=${SNS_OUT:-sns-results}
GPUS=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ' || true)
CONCURRENT=${SNS_CONCURRENT:-$(( GPUS > 0 ? GPUS : 1 ))}
[[ "$CONCURRENT" =~ ^[1-9][0-9]*$ ]] || { echo "shards-local: SNS_CONCURRENT must be 1 or more, got '$CONCURRENT'" >&2; exit 1; }
(( CONCURRENT > N )) && CONCURRENT=$N
if (( GPUS > 0 && CONCURRENT > GPUS )) && [ "${SNS_SHARE_GPU:-0}" != 1 ]; then
  echo "shards-local: $CONCURRENT concurrent shards on $GPUS GPU(s) would time each other's GPU work;" \
    "use SNS_CONCURRENT=$GPUS, or SNS_SHARE_GPU=1 for a CPU-only suite" >&2
  exit 1
fi
mkdir -p "$OUT"
echo "shards-local: $N shards, $CONCURRENT at a time, run group $SNS_RUN_GROUP, history $SNS_HISTORY"

# Seconds since $1 (date +%s%N), to a tenth.
seconds() { local ms=$(( ($(date +%s%N) - $1) / 1000000 )); echo "$((ms / 1000)).$(( ms % 1000 / 100 ))"; }

# One shard: its own JVM, its own GPU slot, its own output directory and log; its wall time printed.
shard() {
  local k=$1 slot=$2 t0 rc=0 gpu=()
  shift 2
  t0=$(date +%s%N)
  (( GPUS > 0 )) && gpu=("CUDA_VISIBLE_DEVICES=$slot")
  # JMH's machine-wide lock (/tmp/jmh.lock) would let one shard run at a time
  env "${gpu[@]}" "$JAVA" -Djmh.ignoreLock=true -jar "$JAR" "$@" \
    -prof "sns:shard=$k/$N;history=env;out=$OUT/shard-$k${SNS_PROF:+;$SNS_PROF}" > "$OUT/shard-$k.log" 2>&1 || rc=$?
  echo "shards-local: shard $k/$N exit $rc in $(seconds "$t0") s (log $OUT/shard-$k.log)"
  return "$rc"
}

T0=$(date +%s%N)
first_rc=0
k=1
while (( k <= N )); do
  pids=()
  for (( slot = 0; slot < CONCURRENT && k <= N; slot++, k++ )); do
    shard "$k" "$slot" "$@" & pids+=($!)
  done
  for p in "${pids[@]}"; do
    rc=0; wait "$p" || rc=$?
    (( first_rc == 0 && rc != 0 )) && first_rc=$rc
  done
done
echo "shards-local: all $N shards in $(seconds "$T0") s"
merge_rc=0
"$JAVA" -jar "$REPORTS" history merge --history "$SNS_HISTORY" --group "$SNS_RUN_GROUP" -o "$OUT/merged" || merge_rc=$?
(( first_rc != 0 )) && exit "$first_rc"
exit "$merge_rc"
