package dev.sns.benchmarks;

import java.util.Random;
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
 * CPU sample 01: an ordinary JMH benchmark, untouched. With {@code -prof sns} it still gets a
 * median with a bootstrap interval over forks and iterations, and a tier from how much its
 * iterations disagree (no clocks to read on the CPU). It runs on any machine. Run:
 * {@code java -jar benchmarks/target/benchmarks.jar CpuSample_01 -prof sns}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(2)
@Warmup(iterations = 2, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
public class CpuSample_01_ArraySum {
    @Param({"65536"})
    public int n;

    private double[] data;

    @Setup
    public void setUp() {
        Random r = new Random(1);
        data = new double[n];
        for (int i = 0; i < n; i++) {
            data[i] = r.nextDouble();
        }
    }

    @Benchmark
    public double sum() {
        double s = 0;
        for (double d : data) {
            s += d;
        }
        return s;
    }
}
