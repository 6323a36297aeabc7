package dev.sns.benchmarks;

import dev.sns.jmh.annotations.Baseline;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * CPU sample 02: a pair with a known ratio, on any machine. The candidate sums the first half of the
 * array its baseline sums whole: each addition waits for the one before it (floating-point addition
 * is not reordered, so the loop is one chain of dependent adds), so the baseline takes twice as long,
 * and sns reports a speedup interval around 2 with the verdict FASTER. With {@code -prof sns} the sns
 * Main runs the two in ABBA rounds (one fork each per round, the order reversed every round).
 *
 * <p>JMH samples single calls ({@code Mode.SampleTime}), and sns's median per call is the median of
 * those samples: a call the operating system interrupted is one slow sample among thousands, where
 * in an iteration's average ({@code avgt}) it would move the score. On a 2-core machine shared with
 * other builds (load average 22) the average time per call read 240 +- 200 us where the median read
 * 19.2 us, and the pair 1.997 [1.908, 2.035], FASTER. Run:
 * {@code java -jar benchmarks/target/benchmarks.jar CpuSample_02 -prof sns}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 100, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 2, time = 150, timeUnit = TimeUnit.MILLISECONDS)
public class CpuSample_02_KnownRatio {
    /** The baseline's elements; the candidate sums half of them. */
    @Param({"65536"})
    public int n;

    private double[] data;

    @Setup
    public void setUp() {
        SplittableRandom r = new SplittableRandom(2);
        data = new double[n];
        for (int i = 0; i < n; i++) {
            data[i] = r.nextDouble();
        }
    }

    /** The candidate: half the elements, half the dependent additions. */
    @Benchmark
    @Baseline("sumAll")
    public double sumHalf() {
        return sum(data, n / 2);
    }

    /** The baseline: every element. */
    @Benchmark
    public double sumAll() {
        return sum(data, n);
    }

    private static double sum(double[] a, int count) {
        double s = 0;
        for (int i = 0; i < count; i++) {
            s += a[i];
        }
        return s;
    }
}
