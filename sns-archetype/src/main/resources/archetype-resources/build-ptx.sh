#!/usr/bin/env bash
# Compiles each src/main/cuda/NAME.cu to the checked-in NAME.ptx that the benchmarks load.
# Needs nvcc; building and running the suite do not (the driver JIT-compiles the PTX on the GPU host).
# Usage: bash build-ptx.sh [ARCH]   ARCH: the oldest GPU to run on, compute_90 (Hopper) by default,
# compute_80 for Ampere, compute_89 for Ada. The PTX version follows your nvcc (13.x writes PTX 9.0,
# which needs a CUDA 13 driver): compile with the CUDA release your GPU hosts' driver supports.
set -euo pipefail
cd "$(dirname "$0")"
arch=compute_90
if [ $# -gt 0 ]; then arch="$1"; fi
out=src/main/resources/${packageInPathFormat}
for cu in src/main/cuda/*.cu; do
  ptx="$out/$(basename "$cu" .cu).ptx"
  nvcc -ptx -arch="$arch" -O3 -o "$ptx" "$cu"
  echo "wrote $ptx"
done
