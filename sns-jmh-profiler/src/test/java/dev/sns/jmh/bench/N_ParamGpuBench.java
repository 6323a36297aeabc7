package dev.sns.jmh.bench;

import dev.sns.jmh.GpuBlackhole;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** A GPU benchmark of three sizes in two modes: skipped without a GPU, each of its six runs listed. */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
public class N_ParamGpuBench {
    @Param({"1", "2", "3"})
    public int size;

    @Benchmark
    public void kernel(GpuBlackhole gpu) {
        gpu.time(stream -> { });
    }
}
