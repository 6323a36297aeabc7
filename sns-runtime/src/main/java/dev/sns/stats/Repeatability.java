package dev.sns.stats;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * How far one measurement's median is from what repeat measurements read: the spread of the medians
 * of repeated calls on one host, and the interval it gives around a single call's median.
 *
 * <p>A call's interval covers the median of that call's conditions (its windows); a later call may
 * start from other conditions (clock and power state, the launch overhead's drift) that no window
 * of the first one saw. The self-check measures that spread by repeating calls; this class turns it
 * into an interval.
 */
public final class Repeatability {
    private Repeatability() {}

    /**
     * The standard deviation of {@code medians} (of repeated calls) as a fraction of their mean: at
     * least 2 values, all positive.
     */
    public static double sdFraction(double[] medians) {
        if (medians == null || medians.length < 2) {
            throw new IllegalArgumentException("repeatability needs the medians of at least 2 calls, got "
                    + (medians == null ? 0 : medians.length));
        }
        double mean = 0;
        for (double m : medians) {
            if (!(m > 0) || !Double.isFinite(m)) {
                throw new IllegalArgumentException("a call's median must be positive, got " + m);
            }
            mean += m;
        }
        mean /= medians.length;
        double ss = 0;
        for (double m : medians) {
            ss += (m - mean) * (m - mean);
        }
        return Math.sqrt(ss / (medians.length - 1)) / mean;
    }

    /**
     * {@link #sdFraction} widened for the few calls it rests on, so that z times it makes a 95%
     * prediction interval for one more call: times {@code t(k-1) / z} (the spread itself was
     * estimated from k calls) and {@code sqrt(1 + 1/k)} (so was their centre). 1.10 for 20 calls,
     * 1.33 for 8. This is the figure to give the option {@code repeatSdPct}.
     */
    public static double predictiveSdFraction(double[] medians) {
        int k = medians.length;
        double z = new NormalDistribution(null, 0, 1).inverseCumulativeProbability(0.975);
        double t = new TDistribution(null, k - 1).inverseCumulativeProbability(0.975);
        return sdFraction(medians) * t / z * Math.sqrt(1 + 1.0 / k);
    }

    /**
     * {@code median} plus or minus z times {@code sdFraction} of it, at {@code within}'s confidence,
     * never narrower than {@code within} (the call's own interval) and never below zero.
     */
    public static Interval interval(double median, double sdFraction, Interval within) {
        if (!(sdFraction >= 0) || !Double.isFinite(sdFraction)) {
            throw new IllegalArgumentException("repeat sd must be a non-negative fraction, got " + sdFraction);
        }
        double z = new NormalDistribution(null, 0, 1).inverseCumulativeProbability(1 - (1 - within.confidence()) / 2);
        double half = z * sdFraction * median;
        double lo = Math.max(0.0, Math.min(within.lower(), median - half));
        double hi = Math.max(within.upper(), median + half);
        return new Interval(lo, hi, within.confidence());
    }

    /**
     * The between-call part of a host's repeatability for one side: the repeat sd less what the
     * side's own within-call standard error already explains, {@code sqrt(max(0, sd^2 - se^2))}
     * (fractions). The self-check's sd of repeated medians holds both; only the rest is missing from a
     * within-call interval.
     *
     * @param sdFraction the host's repeat sd (the option {@code repeatSdPct} / 100)
     * @param withinSe the side's relative standard error within the call
     * @return the between-call sd, a fraction; 0 when the within-call error explains it all; NaN when
     *     either is NaN
     */
    public static double betweenCallSd(double sdFraction, double withinSe) {
        if (Double.isNaN(sdFraction) || Double.isNaN(withinSe)) {
            return Double.NaN;
        }
        return Math.sqrt(Math.max(0.0, sdFraction * sdFraction - withinSe * withinSe));
    }

    /**
     * A ratio's interval with a between-call term: each side of it (in log space, its distance from
     * {@code point}) combined in quadrature with {@code z x logSd}, z of the interval's confidence, so
     * that it holds where a repeat call's ratio reads, never narrower than {@code within}.
     *
     * @param within the within-call interval (positive bounds)
     * @param point the ratio's point estimate, inside it
     * @param logSd the between-call sd of the ratio's logarithm (a relative sd)
     * @return the widened interval; {@code within} when {@code logSd} is 0 or NaN
     */
    public static Interval widenRatio(Interval within, double point, double logSd) {
        if (!(logSd > 0) || !(within.lower() > 0) || !(point > 0)) {
            return within;
        }
        double z = new NormalDistribution(null, 0, 1).inverseCumulativeProbability(1 - (1 - within.confidence()) / 2);
        double extra = z * logSd;
        double down = Math.log(point / Math.min(point, within.lower()));
        double up = Math.log(Math.max(point, within.upper()) / point);
        double lo = point * Math.exp(-Math.sqrt(down * down + extra * extra));
        double hi = point * Math.exp(Math.sqrt(up * up + extra * extra));
        return new Interval(Math.min(lo, within.lower()), Math.max(hi, within.upper()), within.confidence());
    }
}
