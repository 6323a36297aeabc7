package com.example.outside;

import com.example.FixtureSettings;
import dev.sns.jmh.annotations.Baseline;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/** Two CPU benchmarks, one the other's baseline: the first does a quarter of the second's work. */
public class CpuPairBenchmark extends FixtureSettings {
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
