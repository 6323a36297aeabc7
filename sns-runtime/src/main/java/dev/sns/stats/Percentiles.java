package dev.sns.stats;

import java.util.Arrays;

/**
 * Linear-interpolated percentiles (Hyndman and Fan's definition 7, the default of R and NumPy).
 *
 * <p>For sorted values {@code x[0..n-1]} and {@code p} in [0, 1], the percentile is
 * {@code x[lo] + (h - lo) * (x[lo + 1] - x[lo])} with {@code h = (n - 1) * p} and {@code lo = floor(h)}.
 */
public final class Percentiles {
    private Percentiles() {}

    /** The p-th percentile (p in [0, 1]) of unsorted samples; the input is not modified. */
    public static double percentile(double[] samples, double p) {
        checkNotEmpty(samples);
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        return ofSorted(sorted, p);
    }

    /** The median (the 0.5 percentile) of unsorted samples; the input is not modified. */
    public static double median(double[] samples) {
        return percentile(samples, 0.5);
    }

    /** The p-th percentile of samples already sorted ascending (not checked, for speed). */
    public static double ofSorted(double[] sorted, double p) {
        checkNotEmpty(sorted);
        if (!(p >= 0.0 && p <= 1.0)) {
            throw new IllegalArgumentException("p must be in [0, 1], got " + p);
        }
        int n = sorted.length;
        if (n == 1) {
            return sorted[0];
        }
        double h = (n - 1) * p;
        int lo = (int) Math.floor(h);
        int hi = Math.min(lo + 1, n - 1);
        double frac = h - lo;
        return sorted[lo] + frac * (sorted[hi] - sorted[lo]);
    }

    private static void checkNotEmpty(double[] samples) {
        if (samples == null || samples.length == 0) {
            throw new IllegalArgumentException("percentile of an empty sample set: take at least one sample");
        }
    }
}
