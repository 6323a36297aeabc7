package dev.sns.jmh.bench;

import dev.sns.Workload;
import dev.sns.fakes.FakeGpu;
import dev.sns.jmh.GpuBlackhole;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A "kernel" of known length on the fake GPU: 50 us, or 100 us for n=2. Its work is declared in
 * setup, on the GpuBlackhole JMH injects there, which is another instance than the benchmark's; the
 * setup also checks that the GpuBlackhole's device is the one the sns Main gave the fork.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class A_FakeGpuBench {
    @Param({"1"})
    public int n;

    private Workload spin;

    @Setup
    public void setUp(GpuBlackhole gpu) {
        int given = Integer.getInteger("sns.device", -1); // the device the sns Main gave this fork
        if (given >= 0 && gpu.device().index() != given) {
            throw new IllegalStateException("GpuBlackhole.device() is " + gpu.device() + ", the fork's is " + given);
        }
        long nanos = 50_000L * n;
        spin = stream -> FakeGpu.spin(stream, nanos);
        gpu.declareWork(Double.NaN, 1e6 * n);
    }

    @Benchmark
    public void spin(GpuBlackhole gpu) {
        gpu.time(spin);
    }
}
