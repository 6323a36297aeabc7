package dev.sns.jmh.bench;

import dev.sns.fakes.FakeGpu;
import dev.sns.jmh.annotations.Baseline;
import dev.sns.jmh.GpuBlackhole;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/** A known 2x pair on the fake GPU: fast takes 50 us, its baseline slow takes 100 us. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class G_PairBench {
    @Benchmark
    @Baseline("slow")
    public void fast(GpuBlackhole gpu) {
        gpu.time(s -> FakeGpu.spin(s, 50_000));
    }

    @Benchmark
    public void slow(GpuBlackhole gpu) {
        gpu.time(s -> FakeGpu.spin(s, 100_000));
    }
}
