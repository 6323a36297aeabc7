package dev.sns.jmh.bench;

import org.openjdk.jmh.annotations.Benchmark;

/** Fails on purpose: the benchmarks around it must keep their results. */
@org.openjdk.jmh.annotations.BenchmarkMode(org.openjdk.jmh.annotations.Mode.AverageTime)
public class C_ThrowingBench {
    @Benchmark
    public void fail() {
        throw new IllegalStateException("planned failure in C_ThrowingBench");
    }
}
