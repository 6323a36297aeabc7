#!/usr/bin/env bash
# Issue 13's must-shows on a GPU host (run there, after scripts/gpu-bundle.sh on the development
# machine; send carry: [".gpu"]): the device listing, devices=all (one GPU: results as before, keyed
# by device), devices=0, a refused devices=<count> (exit 1, naming the GPUs there are), and the
# DevicesGpuTest (CUDA and NVML matched by UUID and PCI bus id, a measurement on a given device).
# Never touches clocks (clocks=unlocked, the default). Logs and reports go to $OUT (or ./devices-check).
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-devices-check}
mkdir -p "$OUT"
[ -x /tmp/jre/bin/java ] || tar -xJf .gpu/jre.tar.xz -C /tmp
export PATH=/tmp/jre/bin:$PATH
JAR=.gpu/benchmarks.jar
SAMPLE=GpuSample_01_Memset
ITER="-f 1 -wi 1 -i 3"

echo "== listing: java -jar benchmarks.jar -prof sns:devices"
java -jar $JAR -prof sns:devices 2>&1 | tee "$OUT/listing.txt"; echo "exit ${PIPESTATUS[0]}"
N=$(grep -oE '^sns: [0-9]+ GPU' "$OUT/listing.txt" | grep -oE '[0-9]+' || echo 1)

echo "== devices=all"
java -jar $JAR $SAMPLE $ITER -rf json -rff "$OUT/all-jmh.json" -prof "sns:devices=all;out=$OUT/all" > "$OUT/all.txt" 2>&1
echo "exit $?"; grep -E '^sns: |memset' "$OUT/all.txt" | grep -v progress | tail -8
grep -E '"id"|"device"|"index"|"uuid"|"pciBusId"' "$OUT/all/results.json" | head -8

echo "== devices=0"
java -jar $JAR $SAMPLE $ITER -prof "sns:devices=0;out=$OUT/d0" > "$OUT/d0.txt" 2>&1
echo "exit $?"; grep -E '^sns: .*memset' "$OUT/d0.txt" | tail -2

echo "== devices=$N (one past the last GPU): refused"
java -jar $JAR $SAMPLE $ITER -prof "sns:devices=$N;out=$OUT/refused" > "$OUT/refused.txt" 2>&1
echo "exit $? (expected 1)"; cat "$OUT/refused.txt"
[ -e "$OUT/refused/results.json" ] && echo "UNEXPECTED: something was measured" || echo "nothing was measured"

echo "== DevicesGpuTest"
CP=.gpu/runtime-classes:.gpu/runtime-test-classes:$(ls .gpu/deps/*.jar | tr '\n' ':')
SNS_REPORT_DIR="$OUT" java -jar .gpu/junit-console.jar execute --class-path "$CP" \
    --select-class dev.sns.gpu.cuda.DevicesGpuTest --include-tag gpu --details=summary 2>&1 | tail -25
cat "$OUT/gpu-report.txt" 2>/dev/null
