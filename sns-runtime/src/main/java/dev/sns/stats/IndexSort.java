package dev.sns.stats;

/** Index sorts on primitive arrays (no boxing), stable. */
final class IndexSort {
    private IndexSort() {}

    /** Indices of {@code values} in ascending order of value. */
    static int[] argsort(double[] values) {
        int n = values.length;
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
        mergeSort(idx, new int[n], 0, n, (a, b) -> Double.compare(values[a], values[b]));
        return idx;
    }

    /** Indices 0..n-1 in lexicographic order of {@code keys[0][i], keys[1][i], ...}. */
    static int[] argsortKeys(int[][] keys, int n) {
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
        mergeSort(idx, new int[n], 0, n, (a, b) -> {
            for (int[] level : keys) {
                int c = Integer.compare(level[a], level[b]);
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        });
        return idx;
    }

    @FunctionalInterface
    private interface IndexComparator {
        int compare(int a, int b);
    }

    private static void mergeSort(int[] a, int[] tmp, int from, int to, IndexComparator cmp) {
        if (to - from < 24) {
            for (int i = from + 1; i < to; i++) {
                int x = a[i];
                int j = i - 1;
                while (j >= from && cmp.compare(a[j], x) > 0) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = x;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(a, tmp, from, mid, cmp);
        mergeSort(a, tmp, mid, to, cmp);
        if (cmp.compare(a[mid - 1], a[mid]) <= 0) {
            return;
        }
        System.arraycopy(a, from, tmp, from, to - from);
        int i = from;
        int j = mid;
        for (int k = from; k < to; k++) {
            if (j >= to || (i < mid && cmp.compare(tmp[i], tmp[j]) <= 0)) {
                a[k] = tmp[i++];
            } else {
                a[k] = tmp[j++];
            }
        }
    }
}
