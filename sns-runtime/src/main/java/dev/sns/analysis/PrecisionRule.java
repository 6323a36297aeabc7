package dev.sns.analysis;

import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.Interval;
import dev.sns.stats.MedianPrecision;
import dev.sns.stats.Percentiles;
import dev.sns.timing.StopRule;
import java.util.Arrays;

/**
 * The stopping rule of adaptive sampling (options {@code halfWidth} and {@code maxSamplingMs}):
 * stop when the interval of the median the result will report is narrow enough, and stable.
 *
 * <p>Asked after every whole window (from {@link dev.sns.timing.SamplingPlan#MIN_ADAPTIVE_WINDOWS}
 * on), for each of the first {@code bodies} bodies (the sides; an empty kernel timed in the rounds is
 * not held to the target), it holds when, for each:
 * <ol>
 *   <li><b>near, by the fast estimate</b>: the relative half-width of the median's interval by
 *       {@link MedianPrecision#relativeHalfWidth} (order statistics widened by the windows' design
 *       effect and {@code t(G-1)/z}; linear time) is within {@link #GATE} times the target now and at
 *       the previous window's end: two looks, the newest window in one of them only;</li>
 *   <li><b>stable</b>: the spread that estimate rests on (the half-width times the square root of
 *       the samples, which stays put while the interval narrows) would still be within the gate if it
 *       grew once more as it grew between the two looks: a spread still growing means the newest
 *       window disagrees with the rest (a drift starting, a slow tail not yet seen);</li>
 *   <li><b>reached, by the reported interval</b>: the interval {@link Analysis#timing} will report
 *       for these samples (the cluster bootstrap of the windows drawn whole, widened where drift
 *       carries over, floored at one timer step; the same seed) has a relative half-width at most
 *       the target. So a stop on target is a stop on the result's own interval: the fast estimate
 *       only decides when to look (on the H200 a 10 us spin stopped on a fast estimate of 0.5% while
 *       its reported interval read 0.593%; a copy's fast estimate was wider than its bootstrap and
 *       sampled 1.75 times too long). The bootstrap is asked at every window while there are at
 *       most {@link #LOOK_EVERY_WINDOW} of them, then about {@link #LOOKS_PER_DOUBLING} times per
 *       doubling of the windows, so its cost stays near linear in the samples.</li>
 * </ol>
 * Unlike NVBench's {@code stdrel} criterion, which stops when the samples' relative standard
 * deviation (the noise of one sample, which more samples do not shrink) is under 0.5% or has settled,
 * whatever the estimate's own precision, this stops on the interval of the median, the figure a
 * result reports; unlike its {@code entropy} criterion (the histogram's entropy levelling off), the
 * target is a precision the user states and the result can be checked against. A pure function of
 * its arguments.
 *
 * @param targetFraction the relative half-width to reach, e.g. 0.005 for +-0.5% of the median
 * @param confidence the interval's level
 * @param bodies how many leading bodies must reach it (1 for a measurement, 2 for a comparison)
 * @param bootstrap the settings the result's interval is computed with (its level must be {@code confidence})
 * @param stepNanos the timer's step per timed region (the samples' unit), for the interval's floor; 0 for none
 */
public record PrecisionRule(double targetFraction, double confidence, int bodies, BootstrapSettings bootstrap,
                            double stepNanos) implements StopRule {
    /**
     * How far above the target the fast estimate may be for the reported interval to be asked: the
     * fast estimate is an estimate of it (on the H200 one read 0.84 to 1.2 times it), and a gate at
     * the target itself would keep sampling where the bootstrap is already there.
     */
    public static final double GATE = 1.5;
    /** Windows up to which the reported interval is asked at every window that passes the gate. */
    public static final int LOOK_EVERY_WINDOW = 64;
    /**
     * Past {@link #LOOK_EVERY_WINDOW} windows, about this many looks at the reported interval per
     * doubling of the windows: a stop comes at most 1/16 (6%) of the windows late, and the bootstrap's
     * cost (about 2000 x n per look) stays near linear in the samples.
     */
    public static final int LOOKS_PER_DOUBLING = 16;

    public PrecisionRule {
        if (!(targetFraction > 0 && targetFraction < 1)) {
            throw new IllegalArgumentException("the target half-width must be in (0, 1) of the median, got "
                    + targetFraction);
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1), got " + confidence);
        }
        if (bodies < 1) {
            throw new IllegalArgumentException("a precision rule needs at least one body, got " + bodies);
        }
        java.util.Objects.requireNonNull(bootstrap, "bootstrap");
        if (bootstrap.confidence() != confidence) {
            throw new IllegalArgumentException("the rule's confidence (" + confidence + ") must be the bootstrap's ("
                    + bootstrap.confidence() + "): the rule judges the interval the result reports");
        }
        if (!(stepNanos >= 0) || !Double.isFinite(stepNanos)) {
            throw new IllegalArgumentException("the timer step must be finite and at least 0 ns, got " + stepNanos);
        }
    }

    /** A rule judging the default bootstrap's interval (at {@code confidence}), with no timer step. */
    public PrecisionRule(double targetFraction, double confidence, int bodies) {
        this(targetFraction, confidence, bodies, new BootstrapSettings(confidence, BootstrapSettings.DEFAULT_RESAMPLES,
                BootstrapSettings.DEFAULT_SEED), 0);
    }

    @Override
    public boolean reached(double[][] regionNanos, int[] windowIds, int n) {
        int previous = n - 1;
        while (previous > 0 && windowIds[previous - 1] == windowIds[n - 1]) {
            previous--;
        }
        if (previous < 2) {
            return false;
        }
        int sides = Math.min(bodies, regionNanos.length);
        for (int b = 0; b < sides; b++) {
            if (!near(regionNanos[b], windowIds, n, previous)) {
                return false;
            }
        }
        if (!lookNow(windowIds[n - 1] + 1)) {
            return false;
        }
        for (int b = 0; b < sides; b++) {
            if (!(reportedHalfWidth(regionNanos[b], windowIds, n) <= targetFraction)) {
                return false;
            }
        }
        return true;
    }

    /** Steps 1 and 2: the fast estimate within the gate at both looks, and stable. */
    private boolean near(double[] x, int[] windowIds, int n, int previous) {
        double gate = GATE * targetFraction;
        double now = MedianPrecision.relativeHalfWidth(x, windowIds, n, confidence);
        double before = MedianPrecision.relativeHalfWidth(x, windowIds, previous, confidence);
        if (!(now <= gate && before <= gate)) {
            return false;
        }
        return !(now > 0 && now * growth(now * Math.sqrt(n), before * Math.sqrt(previous)) > gate);
    }

    /**
     * Whether the reported interval is asked at the end of window {@code windows}: every window up
     * to {@link #LOOK_EVERY_WINDOW}, then every {@code windows / LOOKS_PER_DOUBLING}-th.
     */
    static boolean lookNow(int windows) {
        return windows <= LOOK_EVERY_WINDOW || windows % (windows / LOOKS_PER_DOUBLING) == 0;
    }

    /**
     * The relative half-width of the interval {@link Analysis#timing} reports for the first {@code n}
     * samples of one session: the same estimator, settings and floor.
     *
     * @param x the samples (each a timed region; any unit, the same as {@link #stepNanos})
     * @param windowIds the window of each sample, non-decreasing
     * @param n how many samples, at least 2
     * @return (upper - lower) / 2 / median
     */
    public double reportedHalfWidth(double[] x, int[] windowIds, int n) {
        Analysis.Session s = Analysis.session(x, windowIds, n, bootstrap);
        double median = Percentiles.median(Arrays.copyOf(x, n));
        Interval i = Analysis.finished(s.interval(), stepNanos, median);
        return median > 0 ? (i.upper() - i.lower()) / 2 / median : Double.POSITIVE_INFINITY;
    }

    /** How much the spread grew from one look to the next (1 where it did not). */
    static double growth(double spreadNow, double spreadBefore) {
        if (spreadNow <= spreadBefore) {
            return 1;
        }
        return spreadBefore > 0 ? spreadNow / spreadBefore : Double.POSITIVE_INFINITY;
    }
}
