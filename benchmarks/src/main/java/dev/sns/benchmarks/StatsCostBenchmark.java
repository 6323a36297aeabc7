package dev.sns.benchmarks;

import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.ClusterBootstrap;
import dev.sns.stats.Interval;
import dev.sns.stats.MedianBootstrap;
import dev.sns.stats.RatioBootstrap;
import dev.sns.stats.WindowedBootstrap;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What sns's own statistics cost: the intervals run once per benchmark on the host, and a report
 * of many benchmarks must not wait on them.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar StatsCost}. The samples are log-normal
 * (a timing-like right skew), fixed by seed.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 6, time = 1)
public class StatsCostBenchmark {
    private final BootstrapSettings settings = BootstrapSettings.defaults(); // 2000 resamples, 95%
    private double[] candidate;
    private double[] baseline;
    private double[] windowed;
    private int[] windowIds;
    private int[] windowIds10;

    @Setup
    public void setUp() {
        Random r = new Random(1);
        candidate = logNormal(r, 10_000, 1.0);
        baseline = logNormal(r, 10_000, 1.1);
        windowed = logNormal(r, 100 * 100, 1.0);
        windowIds = new int[windowed.length];
        windowIds10 = new int[windowed.length];
        for (int i = 0; i < windowIds.length; i++) {
            windowIds[i] = i / 100;
            windowIds10[i] = i / 10;
        }
    }

    private static double[] logNormal(Random r, int n, double scale) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = scale * Math.exp(0.05 * r.nextGaussian());
        }
        return x;
    }

    /** 2000-resample ratio interval on 10,000 + 10,000 independent samples. */
    @Benchmark
    public Interval ratioIndependent10kPlus10k() {
        return RatioBootstrap.independent(candidate, baseline, settings);
    }

    /** 2000-resample paired ratio interval on 10,000 interleaved rounds. */
    @Benchmark
    public Interval ratioPaired10kRounds() {
        return RatioBootstrap.paired(candidate, baseline, settings);
    }

    /** 2000-resample windowed (two-stage) interval on 100 windows x 100 samples. */
    @Benchmark
    public Interval windowed100x100() {
        return WindowedBootstrap.medianInterval(windowed, windowIds, settings);
    }

    /**
     * The interval of Sns.compare with default options: 100 interleaved rounds in 10 windows, windows
     * drawn whole and moved to their slot's level.
     */
    @Benchmark
    public ClusterBootstrap.Result compareDefault100RoundsIn10Windows() {
        return ClusterBootstrap.pairedRatio(java.util.Arrays.copyOf(candidate, 100), java.util.Arrays.copyOf(baseline, 100),
                java.util.Arrays.copyOf(windowIds10, 100), settings);
    }

    /** The interval of a paired run of 10,000 rounds in 100 windows. */
    @Benchmark
    public ClusterBootstrap.Result compare10kRoundsIn100Windows() {
        return ClusterBootstrap.pairedRatio(candidate, baseline, windowIds, settings);
    }

    /** The interval of Sns.measure with default options: 100 samples in 10 windows drawn whole. */
    @Benchmark
    public ClusterBootstrap.Result measureDefault100In10Windows() {
        return ClusterBootstrap.median(java.util.Arrays.copyOf(candidate, 100), java.util.Arrays.copyOf(windowIds10, 100),
                settings);
    }

    /** 2000-resample median interval on 10,000 samples. */
    @Benchmark
    public Interval median10k() {
        return MedianBootstrap.medianInterval(candidate, settings);
    }

    /**
     * One look of adaptive sampling's stopping rule (both its looks, the newest window in one) at 1,000
     * samples in 100 windows: what every window of a {@code halfWidth} measurement adds on the host.
     */
    @Benchmark
    public boolean precisionRule1kIn100Windows() {
        return RULE.reached(new double[][] {windowed}, windowIds10, 1_000);
    }

    /** The same look at 10,000 samples in 1,000 windows (a long adaptive measurement). */
    @Benchmark
    public boolean precisionRule10kIn1000Windows() {
        return RULE.reached(new double[][] {windowed}, windowIds10, 10_000);
    }

    /** A target no log-normal sample set here meets, so that every look computes both of its halves. */
    private static final dev.sns.analysis.PrecisionRule RULE = new dev.sns.analysis.PrecisionRule(1e-9, 0.95, 1);
}
