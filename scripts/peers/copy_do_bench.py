#!/usr/bin/env python3
"""The peer reading of sns's adaptive-precision table: a copy of FLOATS float32 values (256 MiB by
default) through torch's Tensor.copy_, timed with triton.testing.do_bench, CALLS times, on the GPU host
(PyTorch and triton are there).

Usage: copy_do_bench.py [CALLS] [FLOATS]
Prints one line per call: "do_bench copy FLOATS median_ms seconds", seconds being the host's wall time
of that do_bench call (its warm-up, its repetitions and its cache clearing: what one reading costs).
The spread of the CALLS medians against those seconds is do_bench's precision per GPU-second.
"""
import sys
import time

import torch
import triton.testing


def main(calls, floats):
    src = torch.rand(floats, device="cuda", dtype=torch.float32)
    dst = torch.empty_like(src)
    fn = lambda: dst.copy_(src)
    fn()
    torch.cuda.synchronize()
    for _ in range(calls):
        t0 = time.perf_counter()
        med = triton.testing.do_bench(fn, return_mode="median")
        seconds = time.perf_counter() - t0
        print("do_bench copy %d %.6f %.6f" % (floats, med, seconds), flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10, int(sys.argv[2]) if len(sys.argv) > 2 else 64 << 20)
