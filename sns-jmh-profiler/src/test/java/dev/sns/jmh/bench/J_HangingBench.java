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
import org.openjdk.jmh.infra.Blackhole;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * {@code hang} hangs in its first measurement iteration and ignores interrupts (a deadlocked driver
 * call, say): JMH's own wait for it ignores {@code -to}, so only the sns fork watch can end its fork.
 * It sleeps rather than spins, so that the hang costs no CPU while the watch waits. {@code then}, run
 * after it (JMH orders benchmarks by name), is an ordinary benchmark on the fake GPU that must still be measured.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
public class J_HangingBench {
    private boolean hang;

    @Setup(Level.Iteration)
    public void phase(IterationParams p) {
        hang = p.getType() == IterationType.MEASUREMENT;
    }

    @Benchmark
    public void hang() {
        while (hang) {
            try {
                Thread.sleep(1_000);
            } catch (InterruptedException ignored) {
                // ignored on purpose: the hang must outlive JMH's interrupt
            }
        }
        Blackhole.consumeCPU(100);
    }

    @Benchmark
    public void then(GpuBlackhole gpu) {
        gpu.time(s -> FakeGpu.spin(s, 20_000));
    }
}
