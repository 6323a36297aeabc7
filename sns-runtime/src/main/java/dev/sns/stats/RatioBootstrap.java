package dev.sns.stats;

import java.util.Arrays;

/**
 * Intervals of the speedup {@code median(baseline) / median(candidate)}: above 1 the candidate is
 * faster.
 *
 * <p>Three designs, by how the samples were taken:
 * <ul>
 *   <li>{@link #independent}: the two sides were measured apart (sequentially). Estimator: percentile
 *       bootstrap with each side resampled independently (each replicate is the ratio of two
 *       independent bootstrap medians, drawn exactly as in {@link MedianBootstrap}).</li>
 *   <li>{@link #paired}: the sides were interleaved, one sample of each per round. Estimator: paired
 *       (round) bootstrap: whole rounds are drawn with replacement, so a drift that moved both
 *       samples of a round moves both medians of a replicate and cancels in the ratio.</li>
 *   <li>{@link #pairedWindowed}: interleaved rounds grouped in windows. Estimator: two-stage
 *       bootstrap, windows then rounds within them (see {@link HierarchicalBootstrap}).</li>
 *   <li>{@link #independentWindowed}: sequential sides, each taken in windows. Estimator: two-stage
 *       bootstrap within each side, the sides independent.</li>
 *   <li>{@link #independentForked}: sides taken in forks of their own, each in windows. Estimator:
 *       three-stage bootstrap within each side (forks, windows, samples), the sides independent.</li>
 *   <li>{@link #pairedByFork}: sides interleaved fork by fork (ABBA rounds: fork k of each side is
 *       round k). Estimator: whole rounds drawn with replacement, then each side's windows in the
 *       round, then samples; rounds missing on one side are left out.</li>
 * </ul>
 *
 * <p>Each design has a net form ({@code *Net}): the speedup of the sides' medians each less the
 * median of its launch overhead's samples (an empty kernel timed the same way), see
 * {@link HierarchicalBootstrap#netRatioInterval}. The overhead samples are resampled where they were
 * taken: in their rounds when they were interleaved with the sides ({@link #pairedWindowedNetInRounds}),
 * with their fork (and so with their ABBA round) when each fork measured its own, and as a stratum of
 * their own, windows then samples, when they were taken in a phase apart from the rounds.
 * An overhead shared by both sides (one empty-kernel measurement for both) is one set of samples,
 * subtracted from both medians of a resample alike.
 */
public final class RatioBootstrap {
    /**
     * Launch overhead samples of one side: values with the fork and window each was taken in.
     *
     * @param values per-call samples of the empty kernel
     * @param forks the fork of each (all 0 for one session)
     * @param windows the window of each
     */
    public record Overhead(double[] values, int[] forks, int[] windows) {
        public Overhead {
            if (values.length != forks.length || values.length != windows.length) {
                throw new IllegalArgumentException("each overhead sample needs a fork and a window id: " + values.length
                        + " samples, " + forks.length + " fork ids, " + windows.length + " window ids");
            }
            if (values.length == 0) {
                throw new IllegalArgumentException("an overhead needs at least one sample");
            }
        }

        /** One session's samples (fork 0) in windows. */
        public static Overhead of(double[] values, int[] windows) {
            return new Overhead(values, new int[values.length], windows);
        }
    }
    private RatioBootstrap() {}

    /** Both sides resampled independently. */
    public static Interval independent(double[] candidate, double[] baseline, BootstrapSettings settings) {
        double[] c = MedianBootstrap.sortedCopy(candidate, "ratio interval (candidate)");
        double[] b = MedianBootstrap.sortedCopy(baseline, "ratio interval (baseline)");
        int r = settings.resamples();
        double[] mc = MedianBootstrap.replicates(c, r, Rng.create(settings.seed(), 2));
        double[] mb = MedianBootstrap.replicates(b, r, Rng.create(settings.seed(), 3));
        double[] ratios = new double[r];
        for (int i = 0; i < r; i++) {
            if (mc[i] == 0.0) {
                throw new IllegalArgumentException("the candidate median resampled to zero: the timed work "
                        + "is below the timer's resolution; raise inner reps or give the work more to do");
            }
            ratios[i] = mb[i] / mc[i];
        }
        Arrays.sort(ratios);
        return MedianBootstrap.percentileInterval(ratios, settings.confidence());
    }

    /** Round i holds {@code candidate[i]} and {@code baseline[i]}; rounds are resampled whole. */
    public static Interval paired(double[] candidate, double[] baseline, BootstrapSettings settings) {
        int[] oneWindow = new int[checkPaired(candidate, baseline)];
        return pairedWindowed(candidate, baseline, oneWindow, settings);
    }

    /** As {@link #paired}, with round i in window {@code windowOfRound[i]}: windows, then rounds. */
    public static Interval pairedWindowed(double[] candidate, double[] baseline, int[] windowOfRound,
                                          BootstrapSettings settings) {
        int rounds = checkPaired(candidate, baseline);
        if (windowOfRound.length != rounds) {
            throw new IllegalArgumentException("windowOfRound has " + windowOfRound.length
                    + " entries for " + rounds + " rounds");
        }
        ResamplingPlan.Builder b = ResamplingPlan.builder(ResamplingPlan.Level.CLUSTER,
                ResamplingPlan.Level.CLUSTER, ResamplingPlan.Level.STRATUM);
        for (int i = 0; i < rounds; i++) {
            b.add(0, candidate[i], windowOfRound[i], i, 0);
            b.add(1, baseline[i], windowOfRound[i], i, 1);
        }
        return HierarchicalBootstrap.ratioInterval(b.build(), settings);
    }

    /**
     * Both sides measured apart, each in its own windows: sides are strata, and within each side
     * windows are resampled, then samples (two-stage bootstrap per side).
     */
    public static Interval independentWindowed(double[] candidate, int[] candidateWindows, double[] baseline,
                                               int[] baselineWindows, BootstrapSettings settings) {
        ResamplingPlan.Builder b = windowedPlan(candidate, candidateWindows, baseline, baselineWindows);
        return HierarchicalBootstrap.ratioInterval(b.build(), settings);
    }

    /**
     * Both sides in forks of their own, each fork in windows: sides are strata, and within each side
     * forks are resampled, then windows, then samples. Window ids need only be unique within a side.
     */
    public static Interval independentForked(double[] candidate, int[] candidateForks, int[] candidateWindows,
                                             double[] baseline, int[] baselineForks, int[] baselineWindows,
                                             BootstrapSettings settings) {
        checkKeys(candidate, candidateForks, candidateWindows, "candidate");
        checkKeys(baseline, baselineForks, baselineWindows, "baseline");
        ResamplingPlan.Builder b = ResamplingPlan.builder(ResamplingPlan.Level.STRATUM, ResamplingPlan.Level.CLUSTER,
                ResamplingPlan.Level.CLUSTER);
        for (int i = 0; i < candidate.length; i++) {
            b.add(0, candidate[i], 0, candidateForks[i], candidateWindows[i]);
        }
        for (int i = 0; i < baseline.length; i++) {
            b.add(1, baseline[i], 1, baselineForks[i], baselineWindows[i]);
        }
        return HierarchicalBootstrap.ratioInterval(b.build(), settings);
    }

    /**
     * Sides interleaved fork by fork: fork k of the candidate and fork k of the baseline are round k.
     * Rounds are resampled whole, then each side's windows in the round, then samples; samples of a
     * round that only one side has are left out. Needs at least two complete rounds.
     */
    public static Interval pairedByFork(double[] candidate, int[] candidateForks, int[] candidateWindows,
                                        double[] baseline, int[] baselineForks, int[] baselineWindows,
                                        BootstrapSettings settings) {
        return HierarchicalBootstrap.ratioInterval(pairedByForkPlan(candidate, candidateForks, candidateWindows,
                baseline, baselineForks, baselineWindows, null, null).build(), settings);
    }

    /**
     * {@link #pairedWindowed}, net of launch overheads taken in a phase of their own: the rounds'
     * windows and rounds are resampled as there, and each overhead on its own (windows, then samples).
     *
     * @param baselineOverhead null when both sides share {@code candidateOverhead}
     */
    public static Interval pairedWindowedNet(double[] candidate, double[] baseline, int[] windowOfRound,
                                             Overhead candidateOverhead, Overhead baselineOverhead,
                                             BootstrapSettings settings) {
        int rounds = checkPaired(candidate, baseline);
        if (windowOfRound.length != rounds) {
            throw new IllegalArgumentException("windowOfRound has " + windowOfRound.length + " entries for " + rounds
                    + " rounds");
        }
        ResamplingPlan.Builder b = ResamplingPlan.builder(ResamplingPlan.Level.STRATUM, ResamplingPlan.Level.CLUSTER,
                ResamplingPlan.Level.CLUSTER, ResamplingPlan.Level.STRATUM);
        for (int i = 0; i < rounds; i++) {
            b.add(0, candidate[i], 0, windowOfRound[i], i, 0);
            b.add(1, baseline[i], 0, windowOfRound[i], i, 1);
        }
        addApart(b, 2, candidateOverhead, 1);
        if (baselineOverhead != null) {
            addApart(b, 3, baselineOverhead, 2);
        }
        return HierarchicalBootstrap.netRatioInterval(b.build(), settings);
    }

    /**
     * {@link #pairedWindowed}, net of launch overheads taken in the same rounds: round i holds the
     * candidate's, the baseline's and each one's empty kernel's sample i, so a resampled round brings
     * all four (windows, then rounds).
     */
    public static Interval pairedWindowedNetInRounds(double[] candidate, double[] baseline, double[] candidateOverhead,
                                                     double[] baselineOverhead, int[] windowOfRound,
                                                     BootstrapSettings settings) {
        int rounds = checkPaired(candidate, baseline);
        if (windowOfRound.length != rounds || candidateOverhead.length != rounds || baselineOverhead.length != rounds) {
            throw new IllegalArgumentException("every round needs a window and both overheads' samples: " + rounds
                    + " rounds, " + windowOfRound.length + " windows, " + candidateOverhead.length + " and "
                    + baselineOverhead.length + " overhead samples");
        }
        ResamplingPlan.Builder b = ResamplingPlan.builder(ResamplingPlan.Level.CLUSTER, ResamplingPlan.Level.CLUSTER,
                ResamplingPlan.Level.STRATUM);
        for (int i = 0; i < rounds; i++) {
            b.add(0, candidate[i], windowOfRound[i], i, 0);
            b.add(1, baseline[i], windowOfRound[i], i, 1);
            b.add(2, candidateOverhead[i], windowOfRound[i], i, 2);
            b.add(3, baselineOverhead[i], windowOfRound[i], i, 3);
        }
        return HierarchicalBootstrap.netRatioInterval(b.build(), settings);
    }

    /**
     * {@link #independentWindowed}, net of launch overheads taken apart: every side (the two, and
     * each overhead) is a stratum, its windows resampled, then its samples.
     *
     * @param baselineOverhead null when both sides share {@code candidateOverhead}
     */
    public static Interval independentWindowedNet(double[] candidate, int[] candidateWindows, double[] baseline,
                                                  int[] baselineWindows, Overhead candidateOverhead,
                                                  Overhead baselineOverhead, BootstrapSettings settings) {
        ResamplingPlan.Builder b = windowedPlan(candidate, candidateWindows, baseline, baselineWindows);
        Overhead[] overheads = baselineOverhead == null ? new Overhead[] {candidateOverhead}
                : new Overhead[] {candidateOverhead, baselineOverhead};
        for (int k = 0; k < overheads.length; k++) {
            Overhead o = overheads[k];
            for (int i = 0; i < o.values().length; i++) {
                b.add(2 + k, o.values()[i], 2 + k, o.windows()[i]);
            }
        }
        return HierarchicalBootstrap.netRatioInterval(b.build(), settings);
    }

    /**
     * {@link #independentForked}, net of each fork's own launch overhead: a resampled fork brings its
     * overhead samples with it (fork, then work or overhead, then windows, then samples). Every fork
     * needs overhead samples.
     */
    public static Interval independentForkedNet(double[] candidate, int[] candidateForks, int[] candidateWindows,
                                                double[] baseline, int[] baselineForks, int[] baselineWindows,
                                                Overhead candidateOverhead, Overhead baselineOverhead,
                                                BootstrapSettings settings) {
        checkKeys(candidate, candidateForks, candidateWindows, "candidate");
        checkKeys(baseline, baselineForks, baselineWindows, "baseline");
        ResamplingPlan.Builder b = ResamplingPlan.builder(ResamplingPlan.Level.STRATUM, ResamplingPlan.Level.CLUSTER,
                ResamplingPlan.Level.STRATUM, ResamplingPlan.Level.CLUSTER);
        for (int i = 0; i < candidate.length; i++) {
            b.add(0, candidate[i], 0, candidateForks[i], 0, candidateWindows[i]);
        }
        for (int i = 0; i < baseline.length; i++) {
            b.add(1, baseline[i], 1, baselineForks[i], 0, baselineWindows[i]);
        }
        for (int i = 0; i < candidateOverhead.values().length; i++) {
            b.add(2, candidateOverhead.values()[i], 0, candidateOverhead.forks()[i], 1, candidateOverhead.windows()[i]);
        }
        for (int i = 0; i < baselineOverhead.values().length; i++) {
            b.add(3, baselineOverhead.values()[i], 1, baselineOverhead.forks()[i], 1, baselineOverhead.windows()[i]);
        }
        return HierarchicalBootstrap.netRatioInterval(b.build(), settings);
    }

    /**
     * {@link #pairedByFork}, net of each fork's own launch overhead: a resampled round brings both
     * sides' samples and both forks' overhead samples (round, then side, then windows, then samples).
     * Every fork of a complete round needs overhead samples.
     */
    public static Interval pairedByForkNet(double[] candidate, int[] candidateForks, int[] candidateWindows,
                                           double[] baseline, int[] baselineForks, int[] baselineWindows,
                                           Overhead candidateOverhead, Overhead baselineOverhead,
                                           BootstrapSettings settings) {
        java.util.Objects.requireNonNull(candidateOverhead, "candidateOverhead");
        java.util.Objects.requireNonNull(baselineOverhead, "baselineOverhead");
        return HierarchicalBootstrap.netRatioInterval(pairedByForkPlan(candidate, candidateForks, candidateWindows,
                baseline, baselineForks, baselineWindows, candidateOverhead, baselineOverhead).build(), settings);
    }

    private static void addRounds(ResamplingPlan.Builder b, int side, double[] values, int[] forks, int[] windows,
                                  java.util.Set<Integer> rounds) {
        for (int i = 0; i < values.length; i++) {
            if (rounds.contains(forks[i])) {
                b.add(side, values[i], forks[i], side, windows[i]);
            }
        }
    }

    /** Overhead samples in a part of their own under a top STRATUM: windows, then samples (one per "round"). */
    private static void addApart(ResamplingPlan.Builder b, int side, Overhead o, int part) {
        for (int i = 0; i < o.values().length; i++) {
            b.add(side, o.values()[i], part, o.windows()[i], i, side);
        }
    }

    /** The fork numbers both sides have: the complete rounds of a paired-by-fork design. */
    public static java.util.Set<Integer> commonRounds(int[] candidateForks, int[] baselineForks) {
        java.util.Set<Integer> c = new java.util.TreeSet<>();
        for (int f : candidateForks) {
            c.add(f);
        }
        java.util.Set<Integer> both = new java.util.TreeSet<>();
        for (int f : baselineForks) {
            if (c.contains(f)) {
                both.add(f);
            }
        }
        return both;
    }

    /** Both sides as strata, each sample under its window (the plan of {@link #independentWindowed}). */
    private static ResamplingPlan.Builder windowedPlan(double[] candidate, int[] candidateWindows, double[] baseline,
                                                       int[] baselineWindows) {
        if (candidate.length != candidateWindows.length || baseline.length != baselineWindows.length) {
            throw new IllegalArgumentException("each sample needs a window id: candidate " + candidate.length + "/"
                    + candidateWindows.length + ", baseline " + baseline.length + "/" + baselineWindows.length);
        }
        ResamplingPlan.Builder b = ResamplingPlan.builder(ResamplingPlan.Level.STRATUM, ResamplingPlan.Level.CLUSTER);
        for (int i = 0; i < candidate.length; i++) {
            b.add(0, candidate[i], 0, candidateWindows[i]);
        }
        for (int i = 0; i < baseline.length; i++) {
            b.add(1, baseline[i], 1, baselineWindows[i]);
        }
        return b;
    }

    /**
     * The plan of a paired-by-fork design over its complete rounds (at least 2): rounds, then sides (and
     * each side's overhead, when given: parts 2 and 3), then windows, then samples.
     */
    private static ResamplingPlan.Builder pairedByForkPlan(double[] candidate, int[] candidateForks, int[] candidateWindows,
                                                           double[] baseline, int[] baselineForks, int[] baselineWindows,
                                                           Overhead candidateOverhead, Overhead baselineOverhead) {
        checkKeys(candidate, candidateForks, candidateWindows, "candidate");
        checkKeys(baseline, baselineForks, baselineWindows, "baseline");
        java.util.Set<Integer> rounds = commonRounds(candidateForks, baselineForks);
        if (rounds.size() < 2) {
            throw new IllegalArgumentException("a paired-by-fork interval needs at least 2 rounds both sides took part in, "
                    + "got " + rounds.size());
        }
        ResamplingPlan.Builder b = ResamplingPlan.builder(ResamplingPlan.Level.CLUSTER, ResamplingPlan.Level.STRATUM,
                ResamplingPlan.Level.CLUSTER);
        addRounds(b, 0, candidate, candidateForks, candidateWindows, rounds);
        addRounds(b, 1, baseline, baselineForks, baselineWindows, rounds);
        if (candidateOverhead != null) {
            addRounds(b, 2, candidateOverhead.values(), candidateOverhead.forks(), candidateOverhead.windows(), rounds);
            addRounds(b, 3, baselineOverhead.values(), baselineOverhead.forks(), baselineOverhead.windows(), rounds);
        }
        return b;
    }

    private static void checkKeys(double[] values, int[] forks, int[] windows, String side) {
        if (values.length != forks.length || values.length != windows.length) {
            throw new IllegalArgumentException("each " + side + " sample needs a fork and a window id: " + values.length
                    + " samples, " + forks.length + " fork ids, " + windows.length + " window ids");
        }
    }

    private static int checkPaired(double[] candidate, double[] baseline) {
        if (candidate.length != baseline.length) {
            throw new IllegalArgumentException("paired samples need one candidate and one baseline per round, got "
                    + candidate.length + " candidate and " + baseline.length + " baseline samples");
        }
        if (candidate.length < 2) {
            throw new IllegalArgumentException("a paired ratio interval needs at least 2 rounds, got " + candidate.length);
        }
        return candidate.length;
    }
}
