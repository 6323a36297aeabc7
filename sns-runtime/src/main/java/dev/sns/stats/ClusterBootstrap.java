package dev.sns.stats;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.random.RandomGenerator;
import java.util.stream.IntStream;

/**
 * Intervals from samples taken in clusters (the windows of one session): the clusters are resampled
 * whole, the interval is placed at the point estimate, and it is widened for the few clusters it
 * rests on. Calibrated: across repeated measurements, a 95% interval holds the truth about 95% of
 * the time, and is about as wide as the spread of the estimates says it must be.
 *
 * <p>Estimator, in three steps:
 * <ol>
 *   <li><b>Clusters drawn whole</b> (the cluster bootstrap, "strategy 1" of Davison and Hinkley
 *       1997, section 3.8): a resample draws G clusters with replacement and keeps every sample of
 *       each. A cluster's spread between and within its samples is then counted once. Drawing the
 *       samples inside the clusters again as well (two-stage resampling) counts the within-cluster
 *       spread twice: when that spread dominates, as in a paired comparison where the drift both
 *       sides share cancels, the interval comes out up to 1.41 times too wide.</li>
 *   <li><b>Paired clusters moved to the slot's level</b> ({@link #pairedRatio}): the clusters of an
 *       interleaved comparison share a level that drifts (clocks, temperature) and cancels in the
 *       speedup. A resample keeps those levels where they were measured: the cluster drawn into slot
 *       k is scaled by {@code level(k) / level(drawn)}, where a cluster's level is the geometric
 *       mean of its two sides' medians. Without this, a resample that repeats a drifted cluster
 *       changes where the pooled medians fall and the interval reports drift that the speedup does
 *       not have.</li>
 *   <li><b>Placed at the point and widened for few clusters</b>: the interval is the replicates'
 *       2.5% and 97.5% quantiles taken relative to the replicates' median and placed at the point
 *       estimate (on the log scale for ratios), then widened by {@link FewClusterCorrection} for G
 *       clusters: a bootstrap over G clusters sees (G-1)/G of the variance and its quantiles are
 *       normal ones where Student's t with G-1 degrees of freedom applies (1.22 for 10 clusters,
 *       1.10 for 20).</li>
 * </ol>
 * A set of samples in a single cluster is resampled sample by sample (each sample is its own cluster,
 * as in {@link MedianBootstrap}).
 *
 * <p>Reproducible: each resample has its own generator, derived from the seed and its index, so the
 * interval depends only on the samples and the settings, never on the number of threads.
 */
public final class ClusterBootstrap {
    /** Below this many sample visits (resamples x samples) the work stays on the calling thread. */
    private static final long PARALLEL_THRESHOLD = 2_000_000L;
    private static final int CHUNK = 50;
    /** Generator stream of the paired resampler (other estimators use other streams). */
    private static final long PAIRED_STREAM = 3_000_017L;

    private ClusterBootstrap() {}

    /** An interval with the number of clusters it rests on. */
    public record Result(Interval interval, int clusters) {}

    /**
     * The median of samples in clusters: sample i lies in cluster {@code clusterIds[i]} (ids need not
     * be contiguous or sorted). Clusters are drawn whole; a single cluster's samples are drawn one by
     * one, exactly (see {@link MedianBootstrap}), with no few-cluster widening.
     */
    public static Result median(double[] samples, int[] clusterIds, BootstrapSettings settings) {
        MedianBootstrap.sortedCopy(samples, "median interval");
        if (samples.length != clusterIds.length) {
            throw new IllegalArgumentException("got " + samples.length + " samples but " + clusterIds.length + " cluster ids");
        }
        double point = Percentiles.median(samples);
        int g = distinct(clusterIds);
        if (g < 2) {
            return new Result(MedianBootstrap.medianInterval(samples, settings), samples.length);
        }
        ResamplingPlan.Builder b = ResamplingPlan.builder(ResamplingPlan.Level.CLUSTER, ResamplingPlan.Level.STRATUM);
        for (int i = 0; i < samples.length; i++) {
            b.add(0, samples[i], clusterIds[i], i);
        }
        double[] reps = HierarchicalBootstrap.replicates(b.build(), false, settings.resamples(), settings.seed());
        Interval spread = centred(reps, point, settings.confidence(), false);
        return new Result(widenLinear(spread, point, g), g);
    }

    /**
     * The speedup {@code median(baseline) / median(candidate)} of interleaved samples: round i holds
     * {@code candidate[i]} and {@code baseline[i]} and lies in cluster {@code clusterOfRound[i]}.
     * Clusters are drawn whole and moved to the level of the slot they fill; with a single cluster,
     * every round is a cluster of its own.
     */
    public static Result pairedRatio(double[] candidate, double[] baseline, int[] clusterOfRound,
                                     BootstrapSettings settings) {
        if (candidate.length != baseline.length) {
            throw new IllegalArgumentException("paired samples need one candidate and one baseline per round, got "
                    + candidate.length + " candidate and " + baseline.length + " baseline samples");
        }
        if (candidate.length < 2) {
            throw new IllegalArgumentException("a paired ratio interval needs at least 2 rounds, got " + candidate.length);
        }
        if (clusterOfRound.length != candidate.length) {
            throw new IllegalArgumentException("clusterOfRound has " + clusterOfRound.length + " entries for "
                    + candidate.length + " rounds");
        }
        checkFinite(candidate, "candidate");
        checkFinite(baseline, "baseline");
        int[] clusters = distinct(clusterOfRound) >= 2 ? clusterOfRound : IntStream.range(0, candidate.length).toArray();
        PairedClusters p = new PairedClusters(candidate, baseline, clusters);
        double point = Percentiles.median(baseline) / Percentiles.median(candidate);
        if (!(point > 0) || !Double.isFinite(point)) {
            throw new IllegalArgumentException("the speedup is " + point + ": a median is zero, so the timed work is "
                    + "below the timer's resolution; raise inner reps or give the work more to do");
        }
        double[] reps = p.replicates(settings.resamples(), settings.seed());
        Interval spread = centred(reps, point, settings.confidence(), true);
        return new Result(FewClusterCorrection.widenRatio(spread, point, p.g), p.g);
    }

    /**
     * The speedup {@code median(baseline) / median(candidate)} of sides measured apart, each in
     * clusters of its own: each side's clusters are drawn whole, the sides independently. Rests on
     * the clusters of the side with fewer (a side in a single cluster counts its samples).
     */
    public static Result independentRatio(double[] candidate, int[] candidateClusters, double[] baseline,
                                          int[] baselineClusters, BootstrapSettings settings) {
        if (candidate.length != candidateClusters.length || baseline.length != baselineClusters.length) {
            throw new IllegalArgumentException("each sample needs a cluster id: candidate " + candidate.length + "/"
                    + candidateClusters.length + ", baseline " + baseline.length + "/" + baselineClusters.length);
        }
        MedianBootstrap.sortedCopy(candidate, "ratio interval (candidate)");
        MedianBootstrap.sortedCopy(baseline, "ratio interval (baseline)");
        int[] cc = distinct(candidateClusters) >= 2 ? candidateClusters : IntStream.range(0, candidate.length).toArray();
        int[] bc = distinct(baselineClusters) >= 2 ? baselineClusters : IntStream.range(0, baseline.length).toArray();
        double point = Percentiles.median(baseline) / Percentiles.median(candidate);
        if (!(point > 0) || !Double.isFinite(point)) {
            throw new IllegalArgumentException("the speedup is " + point + ": a median is zero, so the timed work is "
                    + "below the timer's resolution; raise inner reps or give the work more to do");
        }
        ResamplingPlan.Builder b = ResamplingPlan.builder(ResamplingPlan.Level.STRATUM, ResamplingPlan.Level.CLUSTER,
                ResamplingPlan.Level.STRATUM);
        for (int i = 0; i < candidate.length; i++) {
            b.add(0, candidate[i], 0, cc[i], i);
        }
        for (int i = 0; i < baseline.length; i++) {
            b.add(1, baseline[i], 1, bc[i], i);
        }
        double[] reps = HierarchicalBootstrap.replicates(b.build(), true, settings.resamples(), settings.seed());
        int g = Math.min(distinct(cc), distinct(bc));
        Interval spread = centred(reps, point, settings.confidence(), true);
        return new Result(FewClusterCorrection.widenRatio(spread, point, g), g);
    }

    /**
     * The replicates' central {@code confidence} range, taken relative to their median and placed at
     * {@code point}; on the log scale when {@code logScale} (ratios: the interval of the inverse
     * ratio is then exactly the inverse interval).
     */
    static Interval centred(double[] replicates, double point, double confidence, boolean logScale) {
        double[] r = replicates.clone();
        if (logScale) {
            for (int i = 0; i < r.length; i++) {
                r[i] = Math.log(r[i]);
            }
        }
        Arrays.sort(r);
        int n = r.length;
        int j = Math.min((int) Math.floor(n * (1.0 - confidence) / 2.0), (n - 1) / 2);
        double mid = 0.5 * (r[(n - 1) / 2] + r[n / 2]);
        double below = Math.max(0.0, mid - r[j]);
        double above = Math.max(0.0, r[n - 1 - j] - mid);
        if (logScale) {
            double c = Math.log(point);
            return new Interval(Math.exp(c - below), Math.exp(c + above), confidence);
        }
        return new Interval(point - below, point + above, confidence);
    }

    /** A median interval widened around {@code point} for {@code clusters} clusters, kept non-negative. */
    private static Interval widenLinear(Interval iv, double point, int clusters) {
        double k = FewClusterCorrection.factor(clusters, iv.confidence());
        double lo = point - k * (point - iv.lower());
        double hi = point + k * (iv.upper() - point);
        if (lo < 0 && iv.lower() >= 0) {
            lo = 0;
        }
        return new Interval(lo, hi, iv.confidence());
    }

    private static int distinct(int[] ids) {
        return (int) Arrays.stream(ids).distinct().count();
    }

    private static void checkFinite(double[] x, String side) {
        for (int i = 0; i < x.length; i++) {
            if (!Double.isFinite(x[i]) || x[i] < 0) {
                throw new IllegalArgumentException(side + " sample " + i + " is " + x[i]
                        + "; every sample must be finite and non-negative");
            }
        }
    }

    /** Interleaved rounds grouped by cluster, with each cluster's level, for the paired resampler. */
    private static final class PairedClusters {
        final int g;
        final int n;
        final double[][] c;
        final double[][] b;
        final double[] level;

        PairedClusters(double[] candidate, double[] baseline, int[] clusterOfRound) {
            Map<Integer, int[]> counts = new LinkedHashMap<>();
            for (int id : clusterOfRound) {
                counts.computeIfAbsent(id, k -> new int[1])[0]++;
            }
            g = counts.size();
            n = candidate.length;
            c = new double[g][];
            b = new double[g][];
            level = new double[g];
            Map<Integer, Integer> index = new LinkedHashMap<>();
            int k = 0;
            for (Map.Entry<Integer, int[]> e : counts.entrySet()) {
                index.put(e.getKey(), k);
                c[k] = new double[e.getValue()[0]];
                b[k] = new double[e.getValue()[0]];
                k++;
            }
            int[] fill = new int[g];
            for (int i = 0; i < n; i++) {
                int slot = index.get(clusterOfRound[i]);
                c[slot][fill[slot]] = candidate[i];
                b[slot][fill[slot]] = baseline[i];
                fill[slot]++;
            }
            for (int s = 0; s < g; s++) {
                double mc = Percentiles.median(c[s]);
                double mb = Percentiles.median(b[s]);
                level[s] = Math.sqrt(mc * mb);
            }
        }

        double[] replicates(int resamples, long seed) {
            double[] out = new double[resamples];
            int chunks = (resamples + CHUNK - 1) / CHUNK;
            IntStream range = IntStream.range(0, chunks);
            if ((long) resamples * n * 2 >= PARALLEL_THRESHOLD) {
                range = range.parallel();
            }
            range.forEach(ch -> {
                double[] rc = new double[n * 2];
                double[] rb = new double[n * 2];
                int end = Math.min(resamples, (ch + 1) * CHUNK);
                for (int i = ch * CHUNK; i < end; i++) {
                    out[i] = resample(Rng.create(seed, PAIRED_STREAM + i), rc, rb);
                }
            });
            for (int i = 0; i < resamples; i++) {
                if (!(out[i] > 0) || !Double.isFinite(out[i])) {
                    throw new IllegalArgumentException("resample " + i + " gave a speedup of " + out[i]
                            + ": a median resampled to zero; the timed work is below the timer's resolution");
                }
            }
            return out;
        }

        /** One resample: G clusters drawn with replacement, each scaled to the level of its slot. */
        private double resample(RandomGenerator rng, double[] rc, double[] rb) {
            int m = 0;
            for (int slot = 0; slot < g; slot++) {
                int k = HierarchicalBootstrap.boundedInt(rng, g);
                double f = level[k] > 0 && level[slot] > 0 ? level[slot] / level[k] : 1.0;
                double[] ck = c[k];
                double[] bk = b[k];
                for (int i = 0; i < ck.length; i++) {
                    rc[m] = ck[i] * f;
                    rb[m] = bk[i] * f;
                    m++;
                }
            }
            return Select.median(rb, m) / Select.median(rc, m);
        }
    }
}
