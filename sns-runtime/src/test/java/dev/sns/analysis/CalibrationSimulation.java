package dev.sns.analysis;

import dev.sns.fakes.FakeVariance;
import dev.sns.model.VerdictThresholds;
import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.FewClusterCorrection;
import dev.sns.stats.HierarchicalBootstrap;
import dev.sns.stats.Interval;
import dev.sns.stats.Percentiles;
import dev.sns.stats.QuantizationFloor;
import dev.sns.stats.ResamplingPlan;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

/**
 * Repeats a measurement on {@link FakeVariance} samples many times and reports how often its 95%
 * interval held the truth (coverage) and how wide it was against the spread of the estimates
 * (the ideal width is {@code 2 * 1.96 * sd} of the estimates over the trials).
 *
 * <p>Two estimators: the one {@link Analysis} uses now, and the one it used before (issue 12:
 * windows, then rounds within them, both drawn with replacement, widened for few clusters), rebuilt
 * from the public resampling plan so that its numbers can be shown beside the new ones.
 */
final class CalibrationSimulation {
    static final BootstrapSettings SETTINGS = BootstrapSettings.defaults();
    private static final double Z = 1.959964;

    private CalibrationSimulation() {}

    /**
     * What the trials showed.
     *
     * @param coverage fraction of intervals holding the truth
     * @param widthOverIdeal median interval width over 2 * 1.96 * the sd of the estimates
     * @param sd the standard deviation of the estimates (relative to the truth)
     */
    record Outcome(String estimator, String structure, int trials, double coverage, double widthOverIdeal, double sd) {
        String line() {
            return String.format(Locale.ROOT, "| %-34s | %-70s | %4d | %5.1f%% | %4.2f | %.5f |", estimator, structure,
                    trials, 100 * coverage, widthOverIdeal, sd);
        }
    }

    /** An interval (and its point) computed from one session's samples. */
    interface Estimator {
        /** {point, lower, upper}. */
        double[] estimate(FakeVariance.Session s);
    }

    /** The interleaved speedup as {@code Analysis.compare} computes it now. */
    static final Estimator COMPARE_NOW = s -> {
        var c = Analysis.compare(Analysis.summarize(s.candidate(), SETTINGS), Analysis.summarize(s.baseline(), SETTINGS),
                Design.PAIRED_SAMPLES, SETTINGS, VerdictThresholds.defaults());
        return new double[] {c.speedup(), c.speedupInterval().lower(), c.speedupInterval().upper()};
    };

    /** The median's interval as {@code Analysis.timing} computes it now, in nanoseconds. */
    static final Estimator MEASURE_NOW = s -> {
        var r = Analysis.timing(s.candidate(), SETTINGS);
        return new double[] {r.medianMillis() * 1e6, r.intervalMillis().lower() * 1e6, r.intervalMillis().upper() * 1e6};
    };

    /** The interleaved speedup as it was computed before issue 12. */
    static final Estimator COMPARE_BEFORE = s -> {
        Measurement c = s.candidate();
        Measurement b = s.baseline();
        ResamplingPlan.Builder p = ResamplingPlan.builder(ResamplingPlan.Level.CLUSTER, ResamplingPlan.Level.CLUSTER,
                ResamplingPlan.Level.STRATUM);
        double[] x = c.samples();
        double[] y = b.samples();
        int[] w = c.windowIds();
        for (int i = 0; i < x.length; i++) {
            p.add(0, x[i], w[i], i, 0);
            p.add(1, y[i], w[i], i, 1);
        }
        Interval raw = HierarchicalBootstrap.ratioInterval(p.build(), SETTINGS);
        double point = Percentiles.median(y) / Percentiles.median(x);
        return before(raw, point, c.windows().size(), c.stepNanosPerCall() / Percentiles.median(x));
    };

    /** The median's interval as it was computed before issue 12: windows, then samples. */
    static final Estimator MEASURE_BEFORE = s -> {
        Measurement c = s.candidate();
        ResamplingPlan.Builder p = ResamplingPlan.builder(ResamplingPlan.Level.CLUSTER);
        double[] x = c.samples();
        int[] w = c.windowIds();
        for (int i = 0; i < x.length; i++) {
            p.add(0, x[i], w[i]);
        }
        Interval iv = QuantizationFloor.atLeast(HierarchicalBootstrap.medianInterval(p.build(), SETTINGS),
                c.stepNanosPerCall());
        return new double[] {Percentiles.median(x), iv.lower(), iv.upper()};
    };

    /** The old few-cluster widening (none from 30 clusters on) and floor. */
    static double[] before(Interval raw, double point, int clusters, double step) {
        Interval iv = raw;
        if (clusters >= 2 && clusters < 30) {
            double center = iv.contains(point) ? point : Math.sqrt(iv.lower() * iv.upper());
            iv = FewClusterCorrection.widenRatio(iv, center, clusters);
        }
        iv = QuantizationFloor.atLeast(iv, QuantizationFloor.ratioStep(point, 1.0, step));
        return new double[] {point, iv.lower(), iv.upper()};
    }

    /** A/A or A/B interleaved comparisons: the truth is {@code ratio}. */
    static Outcome paired(String estimatorName, Estimator e, FakeVariance v, double ratio, int rounds, int windows,
                          int trials, long seed) {
        return run(estimatorName, v, trials, t -> {
            FakeVariance.Session s = v.paired(trialRandom(seed, t), 10_000, ratio, rounds, windows);
            double[] r = e.estimate(s);
            return new double[] {r[0] / ratio, r[1] / ratio, r[2] / ratio};
        }, String.format(Locale.ROOT, "%s; %d rounds in %d windows%s", v.describe(), rounds, windows,
                ratio == 1 ? "" : String.format(Locale.ROOT, "; speedup %.2f", ratio)));
    }

    /** Single measurements: the truth is the session's own median, {@code nanos * (1 + run offset)}. */
    static Outcome single(String estimatorName, Estimator e, FakeVariance v, int samples, int windows, int trials,
                          long seed) {
        return run(estimatorName, v, trials, t -> {
            FakeVariance.Session s = v.single(trialRandom(seed, t), 10_000, samples, windows);
            double truth = 10_000 * (1 + s.runOffset());
            double[] r = e.estimate(s);
            return new double[] {r[0] / truth, r[1] / truth, r[2] / truth};
        }, String.format(Locale.ROOT, "%s; %d samples in %d windows; truth: the session's median", v.describe(),
                samples, windows));
    }

    /** Trial {@code t}'s generator: the same whatever the order or thread trials run in. */
    static SplittableRandom trialRandom(long seed, int t) {
        return new SplittableRandom(seed * 0x9E3779B97F4A7C15L + t);
    }

    /**
     * Each trial gives {point, lower, upper} relative to its truth (1). Trials run in parallel; each
     * has its own generator, so the outcome does not depend on the threads.
     */
    private static Outcome run(String estimatorName, FakeVariance v, int trials, IntFunction<double[]> trial,
                               String structure) {
        double[][] results = IntStream.range(0, trials).parallel().mapToObj(trial).toArray(double[][]::new);
        double[] point = new double[trials];
        double[] width = new double[trials];
        int covered = 0;
        for (int t = 0; t < trials; t++) {
            double[] r = results[t];
            point[t] = r[0];
            width[t] = r[2] - r[1];
            if (r[1] <= 1.0 && 1.0 <= r[2]) {
                covered++;
            }
        }
        double mean = Arrays.stream(point).average().orElse(Double.NaN);
        double ss = 0;
        for (double p : point) {
            ss += (p - mean) * (p - mean);
        }
        double sd = Math.sqrt(ss / (trials - 1));
        return new Outcome(estimatorName, v.name() + ": " + structure, trials, covered / (double) trials,
                Percentiles.median(width) / (2 * Z * sd), sd);
    }
}
