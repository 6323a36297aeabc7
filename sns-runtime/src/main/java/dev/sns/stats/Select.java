package dev.sns.stats;

/**
 * The median of an unsorted array prefix in linear expected time (Hoare's selection with a
 * median-of-three pivot), for resamplers that build a new array for every replicate. Reorders the
 * prefix.
 */
final class Select {
    private Select() {}

    /** The median of {@code a[0..n-1]}: the middle value, or the mean of the two middle values. */
    static double median(double[] a, int n) {
        if (n < 1) {
            throw new IllegalArgumentException("median of no values");
        }
        int k = (n - 1) / 2;
        double lower = kth(a, n, k);
        if (n % 2 == 1) {
            return lower;
        }
        // After selecting k, a[k+1..n-1] hold the values at or above a[k]: the next is their minimum.
        double upper = Double.POSITIVE_INFINITY;
        for (int i = k + 1; i < n; i++) {
            upper = Math.min(upper, a[i]);
        }
        return 0.5 * (lower + upper);
    }

    /** The k-th smallest (0-based) of {@code a[0..n-1]}; afterwards {@code a[0..k-1] <= a[k] <= a[k+1..n-1]}. */
    static double kth(double[] a, int n, int k) {
        int lo = 0;
        int hi = n - 1;
        while (hi > lo) {
            int mid = (lo + hi) >>> 1;
            // median of three into a[mid]
            if (a[mid] < a[lo]) {
                swap(a, mid, lo);
            }
            if (a[hi] < a[lo]) {
                swap(a, hi, lo);
            }
            if (a[hi] < a[mid]) {
                swap(a, hi, mid);
            }
            double pivot = a[mid];
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (a[i] < pivot) {
                    i++;
                }
                while (a[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    swap(a, i, j);
                    i++;
                    j--;
                }
            }
            if (k <= j) {
                hi = j;
            } else if (k >= i) {
                lo = i;
            } else {
                return a[k];
            }
        }
        return a[k];
    }

    private static void swap(double[] a, int i, int j) {
        double t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
