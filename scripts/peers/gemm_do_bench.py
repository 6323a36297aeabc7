#!/usr/bin/env python3
"""The peer reading of sns's GEMM table: the same shapes and dtypes through torch.matmul (fp8 through
torch._scaled_mm), timed with triton.testing.do_bench, on the GPU host (PyTorch and triton are there).

Usage: gemm_do_bench.py DTYPE:MxNxK [DTYPE:MxNxK ...]   (DTYPE: bf16, fp16, tf32, fp32, fp8)
Prints one line per GEMM: "do_bench DTYPE MxNxK median_ms mean_ms TFLOP/s(median)".

do_bench times each call alone between two CUDA events and, before each, zeroes a 256 MB buffer to
clear the L2 (its cache clearing), so its reading holds one launch latency and a cold L2 per call;
sns's samples hold many calls back to back on a warm L2 (the GEMM's own inputs).
"""
import sys

import torch
import triton.testing


def operands(dtype, m, n, k):
    torch.manual_seed(42)
    if dtype == "fp8":
        a = (torch.rand(m, k, device="cuda") * 2 - 1).to(torch.float8_e4m3fn)
        b = (torch.rand(n, k, device="cuda") * 2 - 1).to(torch.float8_e4m3fn).t()  # column-major B, as _scaled_mm wants
        one = torch.ones((), device="cuda")
        return lambda: torch._scaled_mm(a, b, scale_a=one, scale_b=one, out_dtype=torch.bfloat16)
    t = {"bf16": torch.bfloat16, "fp16": torch.float16, "tf32": torch.float32, "fp32": torch.float32}[dtype]
    torch.backends.cuda.matmul.allow_tf32 = dtype == "tf32"
    a = torch.rand(m, k, device="cuda", dtype=t) * 2 - 1
    b = torch.rand(k, n, device="cuda", dtype=t) * 2 - 1
    return lambda: torch.matmul(a, b)


def main(specs):
    for spec in specs:
        dtype, shape = spec.split(":")
        m, n, k = (int(x) for x in shape.split("x"))
        fn = operands(dtype, m, n, k)
        fn()
        torch.cuda.synchronize()
        med = triton.testing.do_bench(fn, warmup=25, rep=200, return_mode="median")
        mean = triton.testing.do_bench(fn, warmup=25, rep=200, return_mode="mean")
        print("do_bench %s %s %.6f %.6f %.1f" % (dtype, shape, med, mean, 2.0 * m * n * k / (med * 1e-3) / 1e12), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
