package ${package};

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
 * CPU benchmarks, ordinary JMH, and a pair. {@code sum} needs nothing from sns: {@code -prof sns}
 * still gives it a median with an interval and a tier. {@code sumFourWays} names {@code sum} as its
 * {@link Baseline}: the sns Main runs the two in ABBA rounds (one fork each per round, the order
 * reversed every round) and reports the speedup, baseline median over candidate median, with its
 * interval and a verdict (FASTER, PARITY or SLOWER). Both run on any machine.
 * Run: {@code java -jar target/benchmarks.jar CpuSumBenchmark -prof sns}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(2)
@Warmup(iterations = 2, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
public class CpuSumBenchmark {
    @Param({"65536"})
    public int n;

    private double[] data;

    @Setup
    public void setUp() {
        data = new SplittableRandom(1).doubles(n).toArray();
    }

    /**
     * The baseline: one accumulator, so each addition waits for the one before it. Indexed like the
     * candidate's loop, so that the number of accumulators is the one difference between them.
     */
    @Benchmark
    public double sum() {
        double s = 0;
        for (int i = 0; i < data.length; i++) {
            s += data[i];
        }
        return s;
    }

    /** The candidate: four independent accumulators, so four additions are in flight at once. */
    @Benchmark
    @Baseline("sum")
    public double sumFourWays() {
        double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        int i = 0;
        for (; i + 3 < data.length; i += 4) {
            s0 += data[i];
            s1 += data[i + 1];
            s2 += data[i + 2];
            s3 += data[i + 3];
        }
        for (; i < data.length; i++) {
            s0 += data[i];
        }
        return (s0 + s1) + (s2 + s3);
    }
}
