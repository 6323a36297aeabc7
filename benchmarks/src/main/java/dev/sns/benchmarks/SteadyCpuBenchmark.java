package dev.sns.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A steady CPU benchmark of a few nanoseconds per operation, for the check that {@code -prof sns} does
 * not move the score of what it annotates: two dependent steps of a 64-bit xorshift-multiply on one
 * field (no memory beyond it, no allocation, no branch, nothing JMH's blackhole must hide; the chain
 * of dependent multiplies makes the time per operation a count of core cycles, steadier than an empty
 * method's). {@link HostCostSuite} runs it with and without the profiler, alternating, 20 pairs, and
 * prints the ratio with its t statistic and interval.
 *
 * <p>Run alone: {@code java -jar benchmarks/target/benchmarks.jar SteadyCpu}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 300, timeUnit = TimeUnit.MILLISECONDS)
public class SteadyCpuBenchmark {
    private long state = 0x9E3779B97F4A7C15L;

    /** Two dependent mixing steps (a few ns): the new state is the result. */
    @Benchmark
    public long mix() {
        long x = state;
        for (int i = 0; i < 2; i++) {
            x ^= x >>> 29;
            x *= 0xBF58476D1CE4E5B9L;
        }
        state = x;
        return x;
    }
}
