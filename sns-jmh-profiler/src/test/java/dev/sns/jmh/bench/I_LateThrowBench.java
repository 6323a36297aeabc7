package dev.sns.jmh.bench;

import dev.sns.fakes.FakeGpu;
import dev.sns.jmh.GpuBlackhole;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * Measures normally in measurement iteration 1, then throws {@code IllegalStateException("planned")}
 * in measurement iteration 2 only: a failure after the fork has already sent sns samples.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
public class I_LateThrowBench {
    private int measurementIteration;
    private boolean throwNow;

    @Setup(Level.Iteration)
    public void count(IterationParams p) {
        throwNow = p.getType() == IterationType.MEASUREMENT && ++measurementIteration == 2;
    }

    @Benchmark
    public void late(GpuBlackhole gpu) {
        if (throwNow) {
            throw new IllegalStateException("planned");
        }
        gpu.time(s -> FakeGpu.spin(s, 20_000));
    }
}
