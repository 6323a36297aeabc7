package dev.sns.jmh;

import dev.sns.ComparisonAssembler;
import dev.sns.model.ComparisonResult;
import dev.sns.model.TimingResult;
import dev.sns.model.VerdictThresholds;
import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.Dispersion;
import dev.sns.stats.HierarchicalBootstrap;
import dev.sns.stats.Interval;
import dev.sns.stats.ResamplingPlan;
import dev.sns.stats.ResamplingPlan.Level;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The speedup of a candidate over its baseline from their JMH windows.
 *
 * <p>Interleaved (ABBA rounds: one fork of each side per round): rounds are resampled whole, so
 * a round's candidate and baseline forks stay together, then each side's windows (iterations) in
 * the round, then samples. Not interleaved: the sides are independent, each resampled by forks,
 * windows and samples. Either way the interval is widened for the few clusters it rests on.
 */
final class PairStatistics {
    private PairStatistics() {}

    static ComparisonResult compare(TimingResult candidate, List<WindowSamples> cw, TimingResult baseline,
                                    List<WindowSamples> bw, boolean interleaved, BootstrapSettings bootstrap,
                                    VerdictThresholds thresholds) {
        Set<Integer> rounds = new HashSet<>();
        if (interleaved) {
            Set<Integer> cr = forks(cw);
            for (int r : forks(bw)) {
                if (cr.contains(r)) {
                    rounds.add(r);
                }
            }
            if (rounds.size() < 2) {
                interleaved = false; // fewer than two complete rounds: no pairing to keep
            }
        }
        Interval ratio = interval(cw, bw, interleaved, rounds, bootstrap, w -> 1.0);
        Interval cycles = hasClocks(cw) && hasClocks(bw)
                ? interval(cw, bw, interleaved, rounds, bootstrap, PairStatistics::meanSmMhz) : null;
        int clusters = interleaved ? rounds.size() : independentClusters(cw, bw);
        String design = interleaved
                ? String.format(Locale.ROOT, "interleaved ABBA: %d rounds paired, then windows, then samples", rounds.size())
                : String.format(Locale.ROOT, "independent sides: %d + %d forks, then windows, then samples",
                        forks(cw).size(), forks(bw).size());
        return ComparisonAssembler.assemble(candidate, baseline, ratio, cycles, design, thresholds, Math.max(clusters, 2));
    }

    private static Interval interval(List<WindowSamples> cw, List<WindowSamples> bw, boolean paired, Set<Integer> rounds,
                                     BootstrapSettings bootstrap, ToDoubleFunction<WindowSamples> scale) {
        ResamplingPlan.Builder b = paired
                ? ResamplingPlan.builder(Level.CLUSTER, Level.STRATUM, Level.CLUSTER)
                : ResamplingPlan.builder(Level.STRATUM, Level.CLUSTER, Level.CLUSTER);
        add(b, cw, 0, paired, rounds, scale);
        add(b, bw, 1, paired, rounds, scale);
        return HierarchicalBootstrap.ratioInterval(b.build(), bootstrap);
    }

    private static void add(ResamplingPlan.Builder b, List<WindowSamples> windows, int side, boolean paired,
                            Set<Integer> rounds, ToDoubleFunction<WindowSamples> scale) {
        for (WindowSamples w : windows) {
            if (paired && !rounds.contains(w.fork)) {
                continue;
            }
            double k = scale.applyAsDouble(w);
            for (double v : w.perCallNanos) {
                if (paired) {
                    b.add(side, v * k, w.fork, side, w.windowId());
                } else {
                    b.add(side, v * k, side, w.fork, w.windowId());
                }
            }
        }
    }

    /**
     * Clusters of an independent design: the forks of both sides when each side has two or more (the
     * degrees of freedom of a two-sample comparison), else the windows of the side with fewer (one
     * fork per side leaves the windows as the outermost level that varies).
     */
    static int independentClusters(List<WindowSamples> cw, List<WindowSamples> bw) {
        int fc = forks(cw).size();
        int fb = forks(bw).size();
        return fc >= 2 && fb >= 2 ? fc + fb : Math.min(cw.size(), bw.size());
    }

    private static Set<Integer> forks(List<WindowSamples> windows) {
        Set<Integer> s = new HashSet<>();
        for (WindowSamples w : windows) {
            s.add(w.fork);
        }
        return s;
    }

    private static boolean hasClocks(List<WindowSamples> windows) {
        for (WindowSamples w : windows) {
            if (!w.evidence.hasClockSamples()) {
                return false;
            }
        }
        return !windows.isEmpty();
    }

    /** Samples in SM cycles: time x the window's mean SM clock. */
    private static double meanSmMhz(WindowSamples w) {
        return Dispersion.mean(w.evidence.smClockMhz());
    }
}
