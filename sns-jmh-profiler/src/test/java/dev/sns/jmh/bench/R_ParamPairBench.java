package dev.sns.jmh.bench;

import dev.sns.fakes.FakeGpu;
import dev.sns.jmh.GpuBlackhole;
import dev.sns.jmh.annotations.Baseline;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** A known 2x pair over two parameter values on the fake GPU: fast takes 50 us x scale, slow 100 us x scale. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
public class R_ParamPairBench {
    @Param({"1", "2"})
    public int scale;

    @Benchmark
    @Baseline("slow")
    public void fast(GpuBlackhole gpu) {
        gpu.time(s -> FakeGpu.spin(s, 50_000L * scale));
    }

    @Benchmark
    public void slow(GpuBlackhole gpu) {
        gpu.time(s -> FakeGpu.spin(s, 100_000L * scale));
    }
}
