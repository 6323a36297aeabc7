package dev.sns.jmh.bench;

import dev.sns.fakes.FakeGpu;
import dev.sns.jmh.GpuBlackhole;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A "kernel" on the fake GPU whose length has a known spread between JMH iterations: 100 us times a
 * level drawn anew for each iteration, normal with a 1% standard deviation, the same for every call of
 * the iteration. Each fork draws its levels from its own seed (its sns fork number), so a rerun reads
 * the same and more forks bring new levels: the interval of the median narrows as one over the square
 * root of the windows (forks x iterations), as precision rounds expect.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class S_NoisyBench {
    /** The standard deviation of the level between iterations, a fraction of 100 us. */
    public static final double LEVEL_SD = 0.01;

    private Random levels;
    private long nanos;

    @Setup(Level.Trial)
    public void seed() {
        levels = new Random(1_000 + Integer.getInteger("sns.fork", 0));
    }

    @Setup(Level.Iteration)
    public void level() {
        nanos = Math.round(100_000 * (1 + LEVEL_SD * levels.nextGaussian()));
    }

    @Benchmark
    public void spin(GpuBlackhole gpu) {
        gpu.time(s -> FakeGpu.spin(s, nanos));
    }
}
