package dev.sns.jmh.bench;

import dev.sns.jmh.annotations.RequiresGpu;
import org.openjdk.jmh.annotations.Benchmark;

/** Marked as needing a GPU: the sns Main skips it where there is none. */
@RequiresGpu
@org.openjdk.jmh.annotations.BenchmarkMode(org.openjdk.jmh.annotations.Mode.AverageTime)
public class F_NeedsGpuBench {
    @Benchmark
    public void kernel() {
        throw new IllegalStateException("must not run without a GPU");
    }
}
