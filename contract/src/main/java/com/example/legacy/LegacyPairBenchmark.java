package com.example.legacy;

import com.example.FixtureSettings;
import dev.sns.jmh.Baseline;
import dev.sns.jmh.GpuBlackhole;
import dev.sns.jmh.GpuTiming;
import dev.sns.gpu.cuda.CudaContext;
import dev.sns.gpu.cuda.DeviceBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** A CPU pair through the 0.1 {@code @Baseline}, and a GPU benchmark through the 0.1 helpers. */
public class LegacyPairBenchmark extends FixtureSettings {
    private final int[] data = new int[8192];

    @Benchmark
    @Baseline("sumAll")
    public long sumHalf() {
        long s = 0;
        for (int i = 0; i < data.length / 2; i++) {
            s += data[i] * 31L + i;
        }
        return s;
    }

    @Benchmark
    public long sumAll() {
        long s = 0;
        for (int i = 0; i < data.length; i++) {
            s += data[i] * 31L + i;
        }
        return s;
    }

    /** GPU state through the 0.1 helpers. */
    @State(Scope.Thread)
    public static class Buffers {
        DeviceBuffer buffer;

        @Setup
        public void setUp(GpuBlackhole gpu) {
            CudaContext context = gpu.context();
            buffer = gpu.allocate(context.l2Bytes());
        }
    }

    @Benchmark
    @GpuTiming(innerReps = "1", flushL2 = "true")
    public void memset(GpuBlackhole gpu, Buffers b) {
        gpu.time(stream -> b.buffer.fill32(1, stream));
    }
}
