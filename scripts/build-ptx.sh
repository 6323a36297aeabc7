#!/usr/bin/env bash
# Regenerates every checked-in .ptx from its .cu source (needs nvcc; the GPU host does not).
# PTX for compute_90 (Hopper) is JIT-compiled by the driver on 9.0 and newer GPUs.
set -euo pipefail
cd "$(dirname "$0")/.."
ptx() { # source.cu output.ptx
  nvcc -ptx -arch=compute_90 -O3 -o "$2" "$1"
  echo "wrote $2"
}
ptx sns-runtime/src/main/cuda/sns_kernels.cu sns-runtime/src/main/resources/dev/sns/gpu/cuda/sns_kernels.ptx
ptx sns-runtime/src/test/cuda/test_kernels.cu sns-runtime/src/test/resources/dev/sns/gpu/cuda/test_kernels.ptx
# The archetype's kernel (a generated project rebuilds it with its own build-ptx.sh).
ptx sns-archetype/src/main/resources/archetype-resources/src/main/cuda/kernels.cu \
    sns-archetype/src/main/resources/archetype-resources/src/main/resources/kernels.ptx
for cu in benchmarks/src/main/cuda/*.cu; do
  [ -e "$cu" ] || continue
  ptx "$cu" "benchmarks/src/main/resources/dev/sns/benchmarks/$(basename "${cu%.cu}").ptx"
done
