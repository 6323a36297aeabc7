#!/usr/bin/env bash
# Issue 17's numbers on a GPU host (run there after scripts/gpu-bundle.sh, carry: [".gpu"]; it needs
# .gpu/sns-reports.jar too): shards as separate processes through scripts/shards-local.sh, each run
# group merged from one SQLite history.
#  1. the CPU samples unsharded, then as 4 concurrent shards (this host's cores stand in for nodes);
#  2. the samples (GPU and CPU) unsharded, then as 4 shards one after another (one GPU: shards must
#     not share it), twice into a fresh history: the first plan is balanced by the configuration
#     (no recorded wall times), the second by the first group's recorded times.
# Never touches clocks (clocks=unlocked, the default). Logs and reports go to $OUT (or ./shards-check).
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-shards-check}
mkdir -p "$OUT"
[ -x /tmp/jre/bin/java ] || tar -xJf .gpu/jre.tar.xz -C /tmp
export PATH=/tmp/jre/bin:$PATH
export SNS_BENCHMARKS_JAR=.gpu/benchmarks.jar SNS_REPORTS_JAR=.gpu/sns-reports.jar
CPU="CpuSample_01 -p n=256,1024,4096,16384,65536,262144,1048576,4194304 -f 1 -wi 1 -i 5 -w 100ms -r 200ms"
GPU="Sample -f 1 -wi 1 -i 6 -w 200ms -r 200ms"
echo "host: $(nproc) CPUs, $(nvidia-smi -L 2>/dev/null | grep -c '^GPU ') GPU(s)"

# Seconds a command takes, to a tenth; its output to $1.
timed() {
  local log=$1 t0 rc=0 ms; shift
  t0=$(date +%s%N); "$@" > "$log" 2>&1 || rc=$?
  ms=$(( ($(date +%s%N) - t0) / 1000000 ))
  echo "exit $rc in $((ms / 1000)).$((ms % 1000 / 100)) s"
}
measured() { grep -c ',ok,' "$1/results.csv" || true; }

echo "== 1. CPU samples unsharded"
timed "$OUT/cpu-unsharded.txt" java -jar .gpu/benchmarks.jar $CPU -prof "sns:out=$OUT/cpu-unsharded"
echo "   measured: $(measured "$OUT/cpu-unsharded")"
echo "== 1. CPU samples, 4 concurrent shards"
SNS_CONCURRENT=4 SNS_SHARE_GPU=1 SNS_HISTORY=$OUT/cpu-history.db SNS_RUN_GROUP=cpu-4 SNS_OUT=$OUT/cpu-shards \
  timed "$OUT/cpu-shards.txt" scripts/shards-local.sh 4 $CPU
grep -E '^shards-local|^[0-9]+/4 |complete|incomplete|benchmark\(s\)' "$OUT/cpu-shards.txt"

echo "== 2. samples unsharded (GPU and CPU)"
timed "$OUT/gpu-unsharded.txt" java -jar .gpu/benchmarks.jar $GPU -prof "sns:out=$OUT/gpu-unsharded"
echo "   measured: $(measured "$OUT/gpu-unsharded")"
for g in 1 2; do
  echo "== 2. samples, 4 shards one at a time, group $g"
  SNS_CONCURRENT=1 SNS_HISTORY=$OUT/gpu-history.db SNS_RUN_GROUP=gpu-$g SNS_OUT=$OUT/gpu-shards-$g \
    timed "$OUT/gpu-shards-$g.txt" scripts/shards-local.sh 4 $GPU
  grep -E '^shards-local|^[0-9]+/4 |complete|incomplete|balanced|benchmark\(s\)' "$OUT/gpu-shards-$g.txt"
done
echo "== 2. unsharded against group 2's merged report (sns-reports.jar compare: by intervals)"
java -jar .gpu/sns-reports.jar compare "$OUT/gpu-unsharded/results.json" "$OUT/gpu-shards-2/merged/results.json" \
  > "$OUT/compare.txt" 2>&1; echo "exit $?"; head -40 "$OUT/compare.txt"
