package dev.sns.jmh.bench;

import dev.sns.fakes.FakeGpuBackend;
import dev.sns.jmh.GpuBlackhole;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A fixed amount of work for the host's CPU (a chain of multiply-adds, about 50 us on the 2-core
 * development machine), times the fake node's slowdown of the fork's device ({@code sns.fake.slow}):
 * run with {@code timer=wall}, it shows what forks running at the same time cost each other on a
 * shared host, which the fake GPU's own clock cannot. Fixed work, not a wait for a deadline: a wait
 * takes its time however busy the CPU is.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class Q_HostSpinBench {
    private long steps;
    private long sink;

    @Setup
    public void setUp(GpuBlackhole gpu) {
        steps = Math.round(60_000 * FakeGpuBackend.slowdown(Integer.getInteger("sns.device", 0)));
    }

    @Benchmark
    public void spin(GpuBlackhole gpu) {
        long n = steps;
        gpu.time(s -> {
            long x = sink;
            for (long i = 0; i < n; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L; // each step needs the last
            }
            sink = x;
        });
        gpu.consume(sink);
    }
}
