package com.example.outside;

import dev.sns.jmh.annotations.Baseline;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** Two CPU benchmarks, one the other's baseline: the first does a quarter of the second's work. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 100, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 3, time = 100, timeUnit = TimeUnit.MILLISECONDS)
public class CpuPairBenchmark {
    @Param({"4096"})
    public int n;

    private long[] data;

    @Setup
    public void setUp() {
        data = new long[4 * n];
        for (int i = 0; i < data.length; i++) {
            data[i] = i * 2654435761L;
        }
    }

    @Benchmark
    @Baseline("fullMix")
    public long quarterMix() {
        return mix(n);
    }

    @Benchmark
    public long fullMix() {
        return mix(data.length);
    }

    private long mix(int count) {
        long h = 17;
        for (int i = 0; i < count; i++) {
            h = Long.rotateLeft(h ^ data[i], 13) * 31;
        }
        return h;
    }
}
