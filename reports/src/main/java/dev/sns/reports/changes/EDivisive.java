package dev.sns.reports.changes;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * E-divisive means (Matteson and James, "A nonparametric approach for multiple change point
 * analysis of multivariate data", JASA 2014), for one series of numbers, with exponent alpha = 1.
 *
 * <p>Hierarchical: each round finds, in every segment found so far, the split {@code tau} (and end
 * {@code kappa}) that maximizes the scaled energy distance between the values before and after it,
 * <pre>
 *   Q(tau, kappa) = n1 n2 / (n1 + n2) * ( 2/(n1 n2) sum|x - y| - 1/C(n1,2) sum|x - x'| - 1/C(n2,2) sum|y - y'| )
 * </pre>
 * takes the best over all segments, and keeps it when a permutation test says it is significant:
 * the values of every segment are shuffled within the segment {@code permutations} times and the
 * best statistic recomputed; the p-value is (1 + shuffles at least as large) / (1 + shuffles). The
 * rounds stop at the first split that is not significant. Each sum over a rectangle of the distance
 * matrix is read from 2-D prefix sums, so one search over a segment of length L costs O(L^2).
 *
 * <p>Nonparametric: no noise model, no unit. Seeded: the same series and seed give the same splits.
 */
public final class EDivisive {
    private EDivisive() {}

    /**
     * A change: the first index of the new segment and the permutation test's p-value.
     *
     * @param index first index after the change (the split {@code tau})
     * @param pValue the permutation test's p-value for this split
     * @param statistic the split's Q statistic
     */
    public record Split(int index, double pValue, double statistic) {}

    /**
     * The significant changes of {@code x}, by index (ascending).
     *
     * @param minSize the fewest values a segment may have (at least 2)
     * @param significance the largest p-value kept (0.05 for the 95% level)
     * @param permutations shuffles per test
     * @param seed the shuffles' seed
     */
    public static List<Split> detect(double[] x, int minSize, double significance, int permutations, long seed) {
        if (minSize < 2) {
            throw new IllegalArgumentException("minSize must be at least 2, got " + minSize);
        }
        if (!(significance > 0 && significance < 1)) {
            throw new IllegalArgumentException("significance must be in (0, 1), got " + significance);
        }
        if (permutations < 1) {
            throw new IllegalArgumentException("permutations must be at least 1, got " + permutations);
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        List<int[]> segments = new ArrayList<>(List.of(new int[] {0, x.length}));
        List<Split> found = new ArrayList<>();
        while (true) {
            Best best = bestOver(x, segments, minSize);
            if (best == null) {
                break;
            }
            double p = pValue(x, segments, minSize, best.stat, significance, permutations, rnd);
            if (p > significance) {
                break;
            }
            found.add(new Split(best.tau, p, best.stat));
            int[] seg = segments.remove(best.segment);
            segments.add(new int[] {seg[0], best.tau});
            segments.add(new int[] {best.tau, seg[1]});
        }
        found.sort(Comparator.comparingInt(Split::index));
        return found;
    }

    private record Best(int segment, int tau, double stat) {}

    private static Best bestOver(double[] x, List<int[]> segments, int minSize) {
        Best best = null;
        for (int s = 0; s < segments.size(); s++) {
            int[] seg = segments.get(s);
            double[] found = bestSplit(x, seg[0], seg[1], minSize);
            if (found != null && (best == null || found[1] > best.stat)) {
                best = new Best(s, (int) found[0], found[1]);
            }
        }
        return best;
    }

    /** Best {tau, Q} within x[from, to), or null when the segment is too short to split. */
    static double[] bestSplit(double[] x, int from, int to, int minSize) {
        int len = to - from;
        if (len < 2 * minSize) {
            return null;
        }
        double[][] prefix = prefixSums(x, from, len);
        double bestStat = Double.NEGATIVE_INFINITY;
        int bestTau = -1;
        for (int t = minSize; t <= len - minSize; t++) {
            double withinX = rect(prefix, 0, t, 0, t) / 2.0;
            double n1 = t;
            double pairsX = n1 * (n1 - 1) / 2.0;
            for (int k = t + minSize; k <= len; k++) {
                double n2 = k - t;
                double between = rect(prefix, 0, t, t, k);
                double withinY = rect(prefix, t, k, t, k) / 2.0;
                double e = 2.0 * between / (n1 * n2) - withinX / pairsX - withinY / (n2 * (n2 - 1) / 2.0);
                double q = n1 * n2 / (n1 + n2) * e;
                if (q > bestStat) {
                    bestStat = q;
                    bestTau = t;
                }
            }
        }
        return new double[] {from + bestTau, bestStat};
    }

    /** {@code P[i][j]} = the sum of {@code |x_p - x_q|} over {@code p < i, q < j} (local indices). */
    private static double[][] prefixSums(double[] x, int from, int len) {
        double[][] p = new double[len + 1][len + 1];
        for (int i = 1; i <= len; i++) {
            double xi = x[from + i - 1];
            double row = 0.0;
            double[] cur = p[i];
            double[] prev = p[i - 1];
            for (int j = 1; j <= len; j++) {
                row += Math.abs(xi - x[from + j - 1]);
                cur[j] = prev[j] + row;
            }
        }
        return p;
    }

    private static double rect(double[][] p, int r0, int r1, int c0, int c1) {
        return p[r1][c1] - p[r0][c1] - p[r1][c0] + p[r0][c0];
    }

    /** The permutation test's p-value for {@code observed}; stops early once it cannot be significant. */
    private static double pValue(double[] x, List<int[]> segments, int minSize, double observed, double significance,
                                 int permutations, SplittableRandom rnd) {
        int atLeast = 0;
        int limit = (int) Math.floor(significance * (permutations + 1)); // more than this: not significant
        double[] shuffled = x.clone();
        for (int r = 0; r < permutations; r++) {
            for (int[] seg : segments) {
                for (int i = seg[1] - 1; i > seg[0]; i--) {
                    int j = seg[0] + rnd.nextInt(i - seg[0] + 1);
                    double tmp = shuffled[i];
                    shuffled[i] = shuffled[j];
                    shuffled[j] = tmp;
                }
            }
            Best b = bestOver(shuffled, segments, minSize);
            if (b != null && b.stat >= observed) {
                atLeast++;
                if (atLeast >= limit) {
                    return (1.0 + atLeast) / (1.0 + permutations); // already above significance: a lower bound
                }
            }
        }
        return (1.0 + atLeast) / (1.0 + permutations);
    }
}
