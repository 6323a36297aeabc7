package dev.sns.jmh.bench;

import dev.sns.fakes.FakeGpu;
import dev.sns.jmh.annotations.Baseline;
import dev.sns.jmh.GpuBlackhole;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/** A regression on the fake GPU: the candidate takes 80 us against its baseline's 60 us. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class H_RegressionBench {
    @Benchmark
    @Baseline("dev.sns.jmh.bench.H_RegressionBench.before")
    public void after(GpuBlackhole gpu) {
        gpu.time(s -> FakeGpu.spin(s, 80_000));
    }

    @Benchmark
    public void before(GpuBlackhole gpu) {
        gpu.time(s -> FakeGpu.spin(s, 60_000));
    }
}
