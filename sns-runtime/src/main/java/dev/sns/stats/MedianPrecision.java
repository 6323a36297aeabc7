package dev.sns.stats;

import java.util.Arrays;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Fast intervals of the median for a stopping rule, asked after every window of adaptive sampling:
 * linear in the samples, no resampling. Two steps:
 * <ul>
 *   <li><b>Order statistics</b> (the distribution-free binomial interval): the median lies between
 *       the sample's order statistics of ranks {@code n/2 -+ z sqrt(n)/2} with about the confidence
 *       asked, for any continuous distribution of independent samples.</li>
 *   <li><b>Windows as clusters</b>: that half-width widened by the design effect of the windows (the
 *       signs of the samples about the median summed per window) and by Student's t with G-1 degrees
 *       of freedom over z: what the session's cluster bootstrap (windows drawn whole, widened for few
 *       of them, {@link ClusterBootstrap}) comes to, so drift between windows, which independent
 *       samples do not see, widens it. (The t interval of the window medians was tried first: with
 *       a heavy tail, a few slow samples in most windows of ten, it read ten times the bootstrap's
 *       width, and adaptive sampling never stopped.)</li>
 * </ul>
 * The interval a result reports is still the full bootstrap's; these only decide when to stop.
 */
public final class MedianPrecision {
    /**
     * The smallest design effect the clustered half-width takes. Below 1 the windows are balanced: their
     * samples lie on both sides of the median more often than independent samples would (on the H200 a
     * copy's windows of two read one slower and one faster sample, D 0.25-0.6), and the median of
     * windows drawn whole varies less than of samples drawn one by one, as the cluster bootstrap finds.
     * Floored, so that a few windows balanced by chance do not read as a precise median.
     */
    public static final double MIN_DESIGN_EFFECT = 0.5;

    private MedianPrecision() {}

    /**
     * The half-width of the order-statistic interval of the median of {@code a[0..n-1]}.
     *
     * @param a the samples (not changed)
     * @param n how many of them, at least 2
     * @param confidence the interval's level, in (0, 1)
     * @return half the distance between the two order statistics
     */
    public static double orderStatisticHalfWidth(double[] a, int n, double confidence) {
        check(n, confidence);
        double z = new NormalDistribution(null, 0, 1).inverseCumulativeProbability(1 - (1 - confidence) / 2);
        int lo = (int) Math.max(0, Math.floor(n / 2.0 - z * Math.sqrt(n) / 2) - 1); // 0-based rank
        int hi = (int) Math.min(n - 1, Math.ceil(n / 2.0 + z * Math.sqrt(n) / 2));
        double[] c = Arrays.copyOf(a, n);
        double low = Select.kth(c, n, lo);
        double high = Select.kth(c, n, hi);
        return (high - low) / 2;
    }

    /**
     * The half-width of the interval of the median with the windows as clusters: the order-statistic
     * half-width (which assumes independent samples) times {@code t(G-1) / z} and the square root of
     * the design effect {@code D = sum over windows of S_g^2 / n}, where {@code S_g} sums the signs of
     * window g's samples about the pooled median. The median's influence is the sign of a sample about
     * it, so {@code D} is the variance of the pooled median with windows drawn whole over its variance
     * with samples drawn one by one: 1 for independent samples, below 1 when windows are balanced
     * (floored at {@link #MIN_DESIGN_EFFECT}), up to the window size when every
     * window lies wholly on one side (drift between windows). Robust as the median is: a slow tail
     * inside a window moves its signs, not its sums of squares. NaN with fewer than two windows.
     *
     * @param a the samples (not changed)
     * @param windowIds the window of each sample, non-decreasing (the samples of a window together)
     * @param n how many samples, at least 2
     * @param confidence the interval's level, in (0, 1)
     * @return the half-width, or NaN for a single window
     */
    public static double clusteredHalfWidth(double[] a, int[] windowIds, int n, double confidence) {
        check(n, confidence);
        double median = Select.median(Arrays.copyOf(a, n), n);
        double sumSquares = 0;
        int g = 0;
        int from = 0;
        while (from < n) {
            int to = from;
            double signs = 0;
            while (to < n && windowIds[to] == windowIds[from]) {
                signs += Math.signum(a[to] - median);
                to++;
            }
            sumSquares += signs * signs;
            g++;
            from = to;
        }
        if (g < 2) {
            return Double.NaN;
        }
        double p = 1 - (1 - confidence) / 2;
        double t = new TDistribution(null, g - 1).inverseCumulativeProbability(p);
        double z = new NormalDistribution(null, 0, 1).inverseCumulativeProbability(p);
        return orderStatisticHalfWidth(a, n, confidence) * t / z * Math.sqrt(Math.max(MIN_DESIGN_EFFECT, sumSquares / n));
    }

    /**
     * The clustered half-width over the median (the order-statistic one for a single window): the
     * relative half-width a stopping rule reads.
     *
     * @param a the samples (not changed)
     * @param windowIds the window of each sample, non-decreasing
     * @param n how many samples, at least 2
     * @param confidence the interval's level, in (0, 1)
     * @return the relative half-width (0.005 for +-0.5%); infinite for a median of zero
     */
    public static double relativeHalfWidth(double[] a, int[] windowIds, int n, double confidence) {
        double clustered = clusteredHalfWidth(a, windowIds, n, confidence);
        double half = Double.isNaN(clustered) ? orderStatisticHalfWidth(a, n, confidence) : clustered;
        double median = Select.median(Arrays.copyOf(a, n), n);
        return median > 0 ? half / median : Double.POSITIVE_INFINITY;
    }

    private static void check(int n, double confidence) {
        if (n < 2) {
            throw new IllegalArgumentException("an interval of the median needs at least 2 samples, got " + n);
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1), got " + confidence);
        }
    }
}
