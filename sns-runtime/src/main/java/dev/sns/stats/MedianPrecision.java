package dev.sns.stats;

import java.util.Arrays;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Fast intervals of the median for a stopping rule, asked after every window of adaptive sampling:
 * linear in the samples, no resampling. Two views, of which a rule takes the wider:
 * <ul>
 *   <li><b>Order statistics</b> (the distribution-free binomial interval): the median lies between
 *       the sample's order statistics of ranks {@code n/2 -+ z sqrt(n)/2} with about the confidence
 *       asked, for any continuous distribution of independent samples.</li>
 *   <li><b>Window medians</b>: Student's t with G-1 degrees of freedom over the G window medians,
 *       {@code t * sd / sqrt(G)}: what the session's cluster bootstrap (windows drawn whole, widened
 *       for few of them, {@link ClusterBootstrap}) comes to, so drift between windows, which
 *       independent samples do not see, widens it.</li>
 * </ul>
 * The interval a result reports is still the full bootstrap's; these only decide when to stop.
 */
public final class MedianPrecision {
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
     * The half-width of the interval of the median from the medians of the windows:
     * {@code t(G-1) * sd(window medians) / sqrt(G)}; NaN with fewer than two windows.
     *
     * @param a the samples (not changed)
     * @param windowIds the window of each sample, non-decreasing (the samples of a window together)
     * @param n how many samples, at least 2
     * @param confidence the interval's level, in (0, 1)
     * @return the half-width, or NaN for a single window
     */
    public static double windowMedianHalfWidth(double[] a, int[] windowIds, int n, double confidence) {
        check(n, confidence);
        double[] medians = new double[windowIds[n - 1] - windowIds[0] + 1];
        int g = 0;
        int from = 0;
        while (from < n) {
            int to = from;
            while (to < n && windowIds[to] == windowIds[from]) {
                to++;
            }
            medians[g++] = Select.median(Arrays.copyOfRange(a, from, to), to - from);
            from = to;
        }
        if (g < 2) {
            return Double.NaN;
        }
        double mean = 0;
        for (int i = 0; i < g; i++) {
            mean += medians[i];
        }
        mean /= g;
        double ss = 0;
        for (int i = 0; i < g; i++) {
            ss += (medians[i] - mean) * (medians[i] - mean);
        }
        double sd = Math.sqrt(ss / (g - 1));
        double t = new TDistribution(null, g - 1).inverseCumulativeProbability(1 - (1 - confidence) / 2);
        return t * sd / Math.sqrt(g);
    }

    /**
     * The wider of the two half-widths over the median: the relative half-width a stopping rule reads.
     *
     * @param a the samples (not changed)
     * @param windowIds the window of each sample, non-decreasing
     * @param n how many samples, at least 2
     * @param confidence the interval's level, in (0, 1)
     * @return the relative half-width (0.005 for +-0.5%); infinite for a median of zero
     */
    public static double relativeHalfWidth(double[] a, int[] windowIds, int n, double confidence) {
        double order = orderStatisticHalfWidth(a, n, confidence);
        double windows = windowMedianHalfWidth(a, windowIds, n, confidence);
        double half = Double.isNaN(windows) ? order : Math.max(order, windows);
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
