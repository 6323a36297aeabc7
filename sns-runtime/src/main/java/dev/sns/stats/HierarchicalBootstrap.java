package dev.sns.stats;

import java.util.Arrays;
import java.util.random.RandomGenerator;
import java.util.stream.IntStream;

/**
 * Bootstrap over a {@link ResamplingPlan}: windows (and forks, and rounds) are resampled as well as
 * the samples inside them.
 *
 * <p>Estimator: a multi-stage (hierarchical) percentile bootstrap, "strategy 2" of Davison and
 * Hinkley (1997, section 3.8): draw groups with replacement at every CLUSTER level, keep every group
 * of a STRATUM level, then draw samples with replacement inside each innermost group. The statistic
 * of each resample is the median of side 0, the ratio median(side 1) / median(side 0), or that ratio
 * net of each side's launch overhead (sides 2 and 3, see {@link #netRatioInterval}). Resampling
 * the groups makes the interval include the variation between windows, which a bootstrap of pooled
 * samples cannot see; resampling inside them as well makes it slightly conservative, never narrow.
 *
 * <p>A resample never materializes or sorts its samples: it only counts how often each sample was
 * drawn, and the median is read by scanning the once-sorted values with those counts. Resamples are
 * spread over the common fork-join pool; each has its own generator derived from the seed and its
 * index, so the interval does not depend on the number of threads.
 */
public final class HierarchicalBootstrap {
    /** Below this many sample visits (resamples x samples) the work stays on the calling thread. */
    private static final long PARALLEL_THRESHOLD = 2_000_000L;
    private static final int CHUNK = 50;

    private HierarchicalBootstrap() {}

    /** What one resample computes from the sides' medians m0, m1, m2, m3. */
    enum Statistic {
        /** m0. */
        MEDIAN,
        /** m1 / m0. */
        RATIO,
        /** (m1 - m3) / (m0 - m2), with m3 = m2 when the plan has three sides (one overhead for both). */
        NET_RATIO
    }

    /** Interval of the median of side 0, resampled according to {@code plan}. */
    public static Interval medianInterval(ResamplingPlan plan, BootstrapSettings settings) {
        double[] reps = replicates(plan, false, settings.resamples(), settings.seed());
        Arrays.sort(reps);
        return MedianBootstrap.percentileInterval(reps, settings.confidence());
    }

    /** Interval of median(side 1) / median(side 0): the speedup of side 0 over side 1. */
    public static Interval ratioInterval(ResamplingPlan plan, BootstrapSettings settings) {
        if (plan.sides() != 2) {
            throw new IllegalArgumentException("a ratio interval needs a plan with candidate (side 0) and baseline (side 1) samples");
        }
        return interval(plan, Statistic.RATIO, settings);
    }

    /**
     * Interval of the speedup net of the launch overhead: (median(side 1) - median(side 3)) /
     * (median(side 0) - median(side 2)), the baseline's and the candidate's medians each less the
     * median of its own overhead samples, which are resampled as the plan nests them (with their
     * rounds or forks, or on their own), never subtracted as a constant. A plan of three sides has one
     * overhead (side 2) for both.
     *
     * @throws IllegalArgumentException when a resample of the candidate's net time is not positive
     *     (the kernel is no longer than an empty launch: there is no net speedup to give)
     */
    public static Interval netRatioInterval(ResamplingPlan plan, BootstrapSettings settings) {
        if (plan.sides() < 3) {
            throw new IllegalArgumentException("a net ratio interval needs a plan with candidate (0), baseline (1) and "
                    + "overhead (2, and 3 for the baseline's own) samples");
        }
        return interval(plan, Statistic.NET_RATIO, settings);
    }

    private static Interval interval(ResamplingPlan plan, Statistic statistic, BootstrapSettings settings) {
        double[] reps = replicates(plan, statistic, settings.resamples(), settings.seed());
        Arrays.sort(reps);
        return MedianBootstrap.percentileInterval(reps, settings.confidence());
    }

    /** The resampled statistics, in resample order (not sorted): the median of side 0, or the ratio. */
    static double[] replicates(ResamplingPlan plan, boolean ratio, int resamples, long seed) {
        return replicates(plan, ratio ? Statistic.RATIO : Statistic.MEDIAN, resamples, seed);
    }

    /** The resampled statistics, in resample order (not sorted). */
    static double[] replicates(ResamplingPlan plan, Statistic statistic, int resamples, long seed) {
        double[] out = new double[resamples];
        int chunks = (resamples + CHUNK - 1) / CHUNK;
        IntStream range = IntStream.range(0, chunks);
        if ((long) resamples * plan.sampleCount() >= PARALLEL_THRESHOLD) {
            range = range.parallel();
        }
        range.forEach(c -> {
            Scratch scratch = new Scratch(plan);
            int end = Math.min(resamples, (c + 1) * CHUNK);
            for (int i = c * CHUNK; i < end; i++) {
                out[i] = scratch.resample(Rng.create(seed, 1_000_003L + i), statistic);
            }
        });
        for (int i = 0; i < resamples; i++) {
            if (!Double.isFinite(out[i])) {
                throw new IllegalArgumentException("resample " + i + " gave " + out[i] + (statistic == Statistic.NET_RATIO
                        ? ": the candidate's time net of its launch overhead resampled to zero or less; the kernel is "
                        + "no longer than an empty launch, so there is no net speedup"
                        : ": a candidate median resampled to zero; the timed work is below the timer's resolution"));
            }
        }
        return out;
    }

    /** Per-thread work arrays for one resample at a time. */
    private static final class Scratch {
        private final ResamplingPlan plan;
        private final int[][] weight;
        private final long[] total;
        private final int[] stack;

        Scratch(ResamplingPlan plan) {
            this.plan = plan;
            this.weight = new int[plan.sides][];
            for (int s = 0; s < plan.sides; s++) {
                weight[s] = new int[plan.sortedValues[s].length];
            }
            this.total = new long[plan.sides];
            this.stack = new int[plan.nodeCount() + 1];
        }

        double resample(RandomGenerator rng, Statistic statistic) {
            for (int s = 0; s < plan.sides; s++) {
                Arrays.fill(weight[s], 0);
                total[s] = 0;
            }
            draw(rng);
            double m0 = weightedMedian(plan.sortedValues[0], weight[0], total[0]);
            switch (statistic) {
                case MEDIAN -> {
                    return m0;
                }
                case RATIO -> {
                    return weightedMedian(plan.sortedValues[1], weight[1], total[1]) / m0;
                }
                default -> {
                    double m1 = weightedMedian(plan.sortedValues[1], weight[1], total[1]);
                    double o0 = weightedMedian(plan.sortedValues[2], weight[2], total[2]);
                    double o1 = plan.sides > 3 ? weightedMedian(plan.sortedValues[3], weight[3], total[3]) : o0;
                    double net = m0 - o0;
                    return net > 0 ? (m1 - o1) / net : Double.NaN;
                }
            }
        }

        private void draw(RandomGenerator rng) {
            byte[] kind = plan.kind;
            int[] first = plan.first;
            int[] count = plan.count;
            boolean[] fixed = plan.fixed;
            int sp = 0;
            stack[sp++] = 0;
            while (sp > 0) {
                int node = stack[--sp];
                if (fixed[node]) {
                    addFixed(node);
                    continue;
                }
                int f = first[node];
                int c = count[node];
                switch (kind[node]) {
                    case ResamplingPlan.KIND_CLUSTER -> {
                        for (int i = 0; i < c; i++) {
                            int child = f + boundedInt(rng, c);
                            if (fixed[child]) {
                                addFixed(child);
                            } else {
                                stack[sp++] = child;
                            }
                        }
                    }
                    case ResamplingPlan.KIND_STRATUM -> {
                        for (int i = 0; i < c; i++) {
                            stack[sp++] = f + i;
                        }
                    }
                    default -> {
                        for (int i = 0; i < c; i++) {
                            addLeaf(f + boundedInt(rng, c));
                        }
                    }
                }
            }
        }

        private void addFixed(int node) {
            for (int slot = plan.leafFrom[node]; slot < plan.leafTo[node]; slot++) {
                addLeaf(slot);
            }
        }

        private void addLeaf(int slot) {
            int s = plan.leafSide[slot];
            weight[s][plan.leafPosition[slot]]++;
            total[s]++;
        }
    }

    /**
     * A uniform integer in [0, bound): Lemire's multiply-shift with rejection, exact and without the
     * division that the JDK's bounded draw makes every call (this loop makes tens of millions).
     */
    static int boundedInt(RandomGenerator rng, int bound) {
        long m = (rng.nextInt() & 0xFFFFFFFFL) * bound;
        long low = m & 0xFFFFFFFFL;
        if (low < bound) {
            long threshold = (0x100000000L - bound) % bound;
            while (low < threshold) {
                m = (rng.nextInt() & 0xFFFFFFFFL) * bound;
                low = m & 0xFFFFFFFFL;
            }
        }
        return (int) (m >>> 32);
    }

    /** Linear-interpolated median of a multiset given as counts over sorted values. */
    static double weightedMedian(double[] sorted, int[] weight, long total) {
        if (total == 0) {
            return Double.NaN;
        }
        long k1 = (total + 1) / 2; // 1-based rank of the lower middle
        long k2 = total % 2 == 1 ? k1 : k1 + 1;
        long cum = 0;
        int i = 0;
        while (cum + weight[i] < k1) {
            cum += weight[i++];
        }
        double lower = sorted[i];
        while (cum + weight[i] < k2) {
            cum += weight[i++];
        }
        return 0.5 * (lower + sorted[i]);
    }
}
