#!/usr/bin/env bash
# Issue 15 in one call on a host with two (or more) GPUs (run there after scripts/gpu-bundle.sh on the
# development machine; carry: [".gpu"]): the device listing; the samples with devices=all, one
# device's forks at a time and then parallelDevices=true, each with its wall time, per-device
# medians, the device-health table and GpuSample_08's A/A and known ratio on every GPU; the
# GPU-tagged tests on each GPU (CUDA_VISIBLE_DEVICES=i: the tests' device 0 is GPU i, NVML matched by
# UUID, as under Slurm's --gpus-per-task). Never touches clocks (clocks=unlocked, the default).
# Logs and reports go to $OUT (or ./two-gpus-run).
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-two-gpus-run}
mkdir -p "$OUT"
[ -x /tmp/jre/bin/java ] || tar -xJf .gpu/jre.tar.xz -C /tmp
export PATH=/tmp/jre/bin:$PATH
JAR=.gpu/benchmarks.jar
ITER="-f 1 -wi 1 -i 6 -w 200ms -r 200ms"

# Seconds since $1 (date +%s%N), to a tenth.
seconds() { local ms=$(( ($(date +%s%N) - $1) / 1000000 )); echo "$((ms / 1000)).$(( ms % 1000 / 100 ))"; }

echo "== listing: java -jar benchmarks.jar -prof sns:devices"
java -jar $JAR -prof sns:devices 2>&1 | tee "$OUT/listing.txt"; echo "exit ${PIPESTATUS[0]}"
GPUS=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ' || true)
echo "nvidia-smi lists $GPUS GPU(s)"

for mode in sequential parallel; do
  extra=""; [ $mode = parallel ] && extra=";parallelDevices=true"
  echo "== samples, devices=all, $mode"
  t0=$(date +%s%N)
  java -jar $JAR Sample $ITER -prof "sns:devices=all$extra;out=$OUT/$mode" > "$OUT/$mode.txt" 2>&1
  echo "exit $? in $(seconds "$t0") s"
  grep -E '^sns: .*(memset|copy|spin|GpuSample_08|vs )' "$OUT/$mode.txt" | grep -v progress | head -40
  echo "-- device health ($mode)"
  cat "$OUT/$mode/device-health.csv" 2>/dev/null || echo "(no device-health.csv: one GPU?)"
done

for i in $(seq 0 $((GPUS > 0 ? GPUS - 1 : 0))); do
  echo "== GPU tests on GPU $i (CUDA_VISIBLE_DEVICES=$i)"
  CP=.gpu/runtime-classes:.gpu/runtime-test-classes:$(ls .gpu/deps/*.jar | tr '\n' ':')
  CUDA_VISIBLE_DEVICES=$i SNS_REPORT_DIR="$OUT/tests-$i" timeout 240 java -jar .gpu/junit-console.jar execute \
    --class-path "$CP" --scan-class-path --include-tag gpu --details=tree --disable-banner > "$OUT/tests-$i.txt" 2>&1
  echo "exit $?"; grep -E "tests (successful|failed|skipped|found)|✘" "$OUT/tests-$i.txt" | head -12
done
