package dev.sns.jmh.bench;

import dev.sns.fakes.FakeGpu;
import dev.sns.jmh.GpuBlackhole;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/** Its fork kills itself in the first measurement iteration, like a crash: afterTrial never runs. */
@State(Scope.Benchmark)
@org.openjdk.jmh.annotations.BenchmarkMode(org.openjdk.jmh.annotations.Mode.AverageTime)
public class E_DyingBench {
    @Setup(Level.Iteration)
    public void maybeDie(IterationParams p) {
        if (p.getType() == IterationType.MEASUREMENT) {
            Runtime.getRuntime().halt(3);
        }
    }

    @Benchmark
    public void spin(GpuBlackhole gpu) {
        gpu.time(s -> FakeGpu.spin(s, 10_000));
    }
}
