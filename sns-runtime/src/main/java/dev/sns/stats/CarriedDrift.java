package dev.sns.stats;

import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Drift that carries over from window to window: window medians that follow each other (positive
 * lag-1 autocorrelation) instead of scattering independently. A bootstrap that draws windows whole
 * treats them as independent, so under carried drift its interval is too narrow (an AR(1) fake
 * covered 81% at 0.74x the ideal width).
 *
 * <p>Detection: the lag-1 autocorrelation {@code r1} of the window medians in time order, tested by
 * permutation (the windows shuffled {@link #PERMUTATIONS} times, seeded; p = the share of shuffles
 * with an {@code r1} at least as large), which holds its level with few windows where the normal
 * approximation does not. Widening, when {@code p < }{@link #ALPHA} and {@code r1 > 0}: the interval's
 * half-widths (each side of the median) times {@code sqrt((1 + r) / (1 - r))}, the ratio of an AR(1)
 * mean's standard error to an independent one's (effective sample size {@code k (1 - r) / (1 + r)}),
 * {@code r} the estimate corrected for its small-sample bias ({@code r1 + (1 + 4 r1) / k}, Marriott and
 * Pope) and capped at {@link #MAX_R}; and times {@code t(n_eff - 1) / t(k - 1)} (the 97.5% quantiles),
 * since the few-cluster correction counted k independent windows where there are
 * {@code n_eff = k (1 - r) / (1 + r)} (at least 2); at most {@link #MAX_FACTOR} in all.
 */
public final class CarriedDrift {
    /** Fewest windows to test: below this an autocorrelation says nothing. */
    public static final int MIN_WINDOWS = 6;
    /** Permutations of the test. */
    public static final int PERMUTATIONS = 999;
    /** Significance level of the one-sided test. */
    public static final double ALPHA = 0.05;
    /** Largest autocorrelation used for the widening. */
    public static final double MAX_R = 0.9;
    /** Largest widening: past it the windows say too little for any interval to be honest. */
    public static final double MAX_FACTOR = 6.0;

    private CarriedDrift() {}

    /**
     * What the test found.
     *
     * @param windows window medians tested
     * @param r1 their lag-1 autocorrelation (NaN with fewer than {@link #MIN_WINDOWS} or no spread)
     * @param pValue the permutation test's one-sided p-value (1 when not tested)
     * @param factor how much the interval's half-widths are widened (1: not widened)
     */
    public record Finding(int windows, double r1, double pValue, double factor) {
        /** Whether the drift carried over and the interval was widened. */
        public boolean carried() {
            return factor > 1.0;
        }

        /**
         * The reason a result carrying this finding is not tier A: "window medians drift from window to
         * window (lag-1 autocorrelation 0.52): the interval may be too narrow"; "" when not found.
         */
        public String reason() {
            return carried() ? String.format(Locale.ROOT, "window medians drift from window to window (lag-1 "
                    + "autocorrelation %.2f of %d windows, permutation p = %.3f): the interval may be too narrow "
                    + "even widened; more windows, or forks, carry such drift", r1, windows, pValue) : "";
        }

        /** In words, for the estimator's text: "" when not widened. */
        public String describe() {
            return carried() ? String.format(Locale.ROOT, "; widened x%.2f for drift carried over between windows "
                    + "(lag-1 autocorrelation %.2f of %d window medians, permutation p = %.3f)", factor, r1, windows,
                    pValue) : "";
        }
    }

    /**
     * Tests {@code windowMedians} (in time order) for carried-over drift.
     *
     * @param windowMedians each window's median, in the order taken
     * @param seed the permutations' seed (the bootstrap's: the same samples give the same finding)
     * @return the finding
     */
    public static Finding test(double[] windowMedians, long seed) {
        int k = windowMedians.length;
        double r1 = lag1(windowMedians);
        if (k < MIN_WINDOWS || Double.isNaN(r1)) {
            return new Finding(k, r1, 1.0, 1.0);
        }
        java.util.random.RandomGenerator rng = Rng.create(seed, 0xD81F7L);
        double[] x = windowMedians.clone();
        int atLeast = 0;
        for (int p = 0; p < PERMUTATIONS; p++) {
            for (int i = k - 1; i > 0; i--) {
                int j = rng.nextInt(i + 1);
                double t = x[i];
                x[i] = x[j];
                x[j] = t;
            }
            if (lag1(x) >= r1) {
                atLeast++;
            }
        }
        double p = (atLeast + 1.0) / (PERMUTATIONS + 1.0);
        if (!(p < ALPHA) || !(r1 > 0)) {
            return new Finding(k, r1, p, 1.0);
        }
        double r = Math.min(MAX_R, r1 + (1 + 4 * r1) / k);
        double nEff = Math.max(2.0, k * (1 - r) / (1 + r));
        double t = new TDistribution(null, nEff - 1).inverseCumulativeProbability(0.975)
                / new TDistribution(null, k - 1).inverseCumulativeProbability(0.975);
        return new Finding(k, r1, p, Math.min(MAX_FACTOR, Math.sqrt((1 + r) / (1 - r)) * t));
    }

    /** {@code within} widened about {@code median}: each side's distance to it times {@code factor}. */
    public static Interval widen(Interval within, double median, double factor) {
        if (!(factor > 1.0)) {
            return within;
        }
        double lo = median - (median - within.lower()) * factor;
        double hi = median + (within.upper() - median) * factor;
        return new Interval(Math.max(0.0, lo), hi, within.confidence());
    }

    /** The lag-1 autocorrelation of {@code x}: NaN for fewer than 3 values or no spread. */
    public static double lag1(double[] x) {
        int k = x.length;
        if (k < 3) {
            return Double.NaN;
        }
        double mean = 0;
        for (double v : x) {
            mean += v;
        }
        mean /= k;
        double num = 0;
        double den = 0;
        for (int i = 0; i < k; i++) {
            double d = x[i] - mean;
            den += d * d;
            if (i + 1 < k) {
                num += d * (x[i + 1] - mean);
            }
        }
        return den > 0 ? num / den : Double.NaN;
    }
}
