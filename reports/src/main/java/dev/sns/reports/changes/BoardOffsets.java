package dev.sns.reports.changes;

import dev.sns.reports.history.HistoryPoint;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Each board's offset from the fleet in one series (one benchmark on one environment), in time or in
 * energy: boards of one model differ by a few percent in speed and by up to ~20% in energy, and a CI
 * fleet (Slurm partitions, Kubernetes node pools, cloud leases) hands each run whichever board is free.
 *
 * <p>The model is additive in logs (Daly et al. 2020's point about noisy machines, made explicit):
 * {@code ln y = level(segment) + offset(board) + noise}, with the segments the change detector found
 * (the code's own steps) and the offsets summing to zero over the boards (the fleet is the mean board).
 * Both are fitted by least squares (backfitting); the noise's variance is the residual variance; each
 * offset's interval is its estimate +/- t * its standard error. The between-board variance component
 * (method of moments: the offsets' variance less their mean squared standard error, floored at 0) is
 * the fleet's spread: what a run on a board the history has not seen may differ by.
 *
 * <p>A board is named outside the fleet's spread when its offset's interval lies beyond twice the
 * spread of the other boards (leave-one-out, so that an outlier does not widen its own yardstick); with
 * fewer than 3 other boards the spread of the others is too poorly known and no board is named.
 *
 * @param quantity "time" or "energy"
 * @param boards each board's offset, in the order boards first appear in the series
 * @param spread the between-board standard deviation, in logs (0.03: about 3%); NaN with one board
 * @param noise the residual standard deviation of one run, in logs; NaN when the fit has no degrees of freedom
 * @param confidence the intervals' confidence
 */
public record BoardOffsets(String quantity, List<Offset> boards, double spread, double noise, double confidence) {
    /** Other boards needed before one is named outside the fleet's spread. */
    public static final int MIN_OTHERS = 3;

    /**
     * One board's offset.
     *
     * @param board the board's key (UUID); "" for runs that recorded none
     * @param runs its measured runs in the series
     * @param offset its log offset from the fleet (0.03: about 3% slower, or more energy)
     * @param lower the lower bound of its interval, in logs
     * @param upper the upper bound
     * @param outside whether it lies outside the fleet's spread (see {@link BoardOffsets})
     */
    public record Offset(String board, int runs, double offset, double lower, double upper, boolean outside) {
        /** {@return the offset as a factor} 1.03: 3% above the fleet. */
        public double factor() {
            return Math.exp(offset);
        }

        /** {@return whether the interval holds {@code logOffset}} */
        public boolean holds(double logOffset) {
            return lower <= logOffset && logOffset <= upper;
        }

        /** {@return "+3.0% [+2.8%, +3.2%]"} */
        public String words() {
            return pct(offset) + " [" + pct(lower) + ", " + pct(upper) + "]";
        }
    }

    /**
     * The offsets of a series' boards in time (each point's median).
     *
     * @param points the series' points, in time order (unmeasured ones are skipped)
     * @param segmentStarts the indices (into the measured points) where the detector found a change; empty for none
     * @param confidence the intervals' confidence, e.g. 0.95
     * @return the offsets; empty when no point is measured
     */
    public static BoardOffsets time(List<HistoryPoint> points, int[] segmentStarts, double confidence) {
        List<HistoryPoint> m = points.stream().filter(HistoryPoint::measured).toList();
        return fit("time", m, p -> p.medianMillis(), segmentStarts, confidence);
    }

    /**
     * The offsets of a series' boards in energy per call.
     *
     * @param points the series' points, in time order (points without energy are skipped)
     * @param segmentStarts the indices (into the points with energy) where a change was found
     * @param confidence the intervals' confidence
     * @return the offsets; empty when no point has energy
     */
    public static BoardOffsets energy(List<HistoryPoint> points, int[] segmentStarts, double confidence) {
        List<HistoryPoint> m = points.stream().filter(HistoryPoint::hasEnergy).toList();
        return fit("energy", m, p -> p.energyJoules(), segmentStarts, confidence);
    }

    /**
     * The offset of one board.
     *
     * @param board its key
     * @return its offset, or null when the series has no run on it
     */
    public Offset of(String board) {
        for (Offset o : boards) {
            if (o.board().equals(board)) {
                return o;
            }
        }
        return null;
    }

    /** {@return whether the series has runs on more than one board} Only then are offsets worth reading. */
    public boolean severalBoards() {
        return boards.size() > 1;
    }

    /**
     * Each point with its board's offset taken out (a board not in this fit left as it is).
     *
     * @param points points of the series
     * @return the corrected points, in the same order
     */
    public List<HistoryPoint> corrected(List<HistoryPoint> points) {
        List<HistoryPoint> out = new ArrayList<>();
        for (HistoryPoint p : points) {
            Offset o = of(p.board());
            double f = o == null ? 1.0 : o.factor();
            out.add(quantity.equals("time") ? p.scaledBy(f, 1.0) : p.scaledBy(1.0, f));
        }
        return out;
    }

    private static BoardOffsets fit(String quantity, List<HistoryPoint> m, ToDoubleFunction<HistoryPoint> value,
                                    int[] segmentStarts, double confidence) {
        int n = m.size();
        Map<String, Integer> boardIndex = new LinkedHashMap<>();
        int[] board = new int[n];
        int[] segment = new int[n];
        double[] y = new double[n];
        int[] starts = segmentStarts.clone();
        Arrays.sort(starts);
        for (int i = 0; i < n; i++) {
            board[i] = boardIndex.computeIfAbsent(m.get(i).board(), k -> boardIndex.size());
            y[i] = Math.log(value.applyAsDouble(m.get(i)));
            int s = 0;
            for (int start : starts) {
                if (i >= start) {
                    s++;
                }
            }
            segment[i] = s;
        }
        int k = boardIndex.size();
        int segments = starts.length + 1;
        double[] level = new double[segments];
        double[] offset = new double[k];
        for (int iter = 0; iter < 200; iter++) {
            double[] sum = new double[segments];
            int[] cnt = new int[segments];
            for (int i = 0; i < n; i++) {
                sum[segment[i]] += y[i] - offset[board[i]];
                cnt[segment[i]]++;
            }
            for (int s = 0; s < segments; s++) {
                level[s] = cnt[s] == 0 ? 0 : sum[s] / cnt[s];
            }
            double[] bs = new double[k];
            int[] bc = new int[k];
            for (int i = 0; i < n; i++) {
                bs[board[i]] += y[i] - level[segment[i]];
                bc[board[i]]++;
            }
            double mean = 0;
            for (int b = 0; b < k; b++) {
                offset[b] = bs[b] / bc[b];
                mean += offset[b] / k;
            }
            for (int b = 0; b < k; b++) {
                offset[b] -= mean;
            }
        }
        int[] runs = new int[k];
        double rss = 0;
        for (int i = 0; i < n; i++) {
            runs[board[i]]++;
            double r = y[i] - level[segment[i]] - offset[board[i]];
            rss += r * r;
        }
        int usedSegments = (int) Arrays.stream(segment).distinct().count();
        int df = n - usedSegments - k + 1;
        double noise = df > 0 ? Math.sqrt(rss / df) : Double.NaN;
        double q = df > 0 ? tQuantile(1 - (1 - confidence) / 2, df) : Double.NaN;
        double sumInv = 0;
        for (int b = 0; b < k; b++) {
            sumInv += 1.0 / runs[b];
        }
        double[] se = new double[k];
        for (int b = 0; b < k; b++) {
            double v = k == 1 ? 0 : (1 - 2.0 / k) / runs[b] + sumInv / ((double) k * k);
            se[b] = noise * Math.sqrt(v);
        }
        double spread = spread(offset, se, -1);
        List<Offset> out = new ArrayList<>();
        List<String> keys = new ArrayList<>(boardIndex.keySet());
        for (int b = 0; b < k; b++) {
            boolean outside = false;
            if (k - 1 >= MIN_OTHERS && Double.isFinite(se[b])) {
                double others = spread(offset, se, b);
                double nearest = Math.abs(offset[b]) - q * se[b];
                outside = nearest > 2 * others;
            }
            double lo = Double.isFinite(q) ? offset[b] - q * se[b] : Double.NaN;
            double hi = Double.isFinite(q) ? offset[b] + q * se[b] : Double.NaN;
            out.add(new Offset(keys.get(b), runs[b], offset[b], lo, hi, outside));
        }
        return new BoardOffsets(quantity, List.copyOf(out), spread, noise, confidence);
    }

    /** The between-board standard deviation (moments), leaving out board {@code skip} (-1: none). */
    private static double spread(double[] offset, double[] se, int skip) {
        int k = 0;
        double mean = 0;
        for (int b = 0; b < offset.length; b++) {
            if (b != skip) {
                mean += offset[b];
                k++;
            }
        }
        if (k < 2) {
            return Double.NaN;
        }
        mean /= k;
        double var = 0;
        double se2 = 0;
        for (int b = 0; b < offset.length; b++) {
            if (b != skip) {
                var += (offset[b] - mean) * (offset[b] - mean);
                se2 += Double.isFinite(se[b]) ? se[b] * se[b] : 0;
            }
        }
        return Math.sqrt(Math.max(0, var / (k - 1) - se2 / k));
    }

    /** Student's t quantile, by the Cornish-Fisher expansion around the normal's (within 0.1% for df >= 3). */
    static double tQuantile(double p, int df) {
        double z = RobustNoise.normalQuantile(p);
        double z3 = z * z * z;
        double z5 = z3 * z * z;
        double z7 = z5 * z * z;
        return z + (z3 + z) / (4.0 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96.0 * df * df)
                + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384.0 * df * df * df);
    }

    private static String pct(double log) {
        return String.format(java.util.Locale.ROOT, "%+.2f%%", (Math.exp(log) - 1) * 100);
    }
}
