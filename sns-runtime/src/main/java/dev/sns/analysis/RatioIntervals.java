package dev.sns.analysis;

import dev.sns.model.ClockEvidence;
import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.ClusterBootstrap;
import dev.sns.stats.Dispersion;
import dev.sns.stats.FewClusterCorrection;
import dev.sns.stats.Interval;
import dev.sns.stats.Percentiles;
import dev.sns.stats.RatioBootstrap;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The speedup's interval for each {@link Design}, in time and (where every window has clock samples)
 * in SM cycles, widened for the few clusters it rests on ({@link FewClusterCorrection}), with that
 * number of clusters and the design in words. The quantization floor is applied by {@link Analysis}.
 *
 * <p>Sides of one session (the Java API) rest on its windows, drawn whole ({@link ClusterBootstrap};
 * interleaved windows are moved to the level of the slot they fill, so drift both sides share stays
 * out). Sides from JMH forks keep the fork-level design: rounds or forks, then windows, then
 * samples ({@link RatioBootstrap}), the forks putting the run-to-run variation in.
 */
final class RatioIntervals {
    private RatioIntervals() {}

    /**
     * @param time the interval of baseline median / candidate median, widened for few clusters
     * @param cycles the same in SM cycles, or null without clock samples in every window
     * @param clusters how many outer clusters the bootstrap resampled (rounds, forks or windows)
     */
    record Ratio(Interval time, Interval cycles, int clusters, String design) {}

    static Ratio of(Measurement c, Measurement b, Design design, BootstrapSettings bs) {
        return switch (effective(c, b, design)) {
            case PAIRED_SAMPLES -> pairedSamples(c, b, bs);
            case PAIRED_FORKS -> pairedForks(c, b, bs);
            case INDEPENDENT -> independent(c, b, bs);
        };
    }

    /** The design the samples support: ABBA rounds need two rounds both sides took part in. */
    private static Design effective(Measurement c, Measurement b, Design design) {
        return design == Design.PAIRED_FORKS && RatioBootstrap.commonRounds(c.forkIds(), b.forkIds()).size() < 2
                ? Design.INDEPENDENT : design;
    }

    /**
     * The raw interval of the speedup net of each side's launch overhead, resampled in the same
     * design as the time's: overhead samples taken in the rounds go with their round; each fork's
     * overhead samples go with their fork (and its ABBA round); an overhead taken in a phase of its
     * own is resampled as a stratum of its own, and one shared by both sides (same session, same calls
     * per sample) is subtracted from both alike.
     *
     * @throws IllegalArgumentException when a side has no overhead samples for each of its forks
     *     (saying so), or a resample of the candidate's net time is not positive
     */
    static Interval net(Measurement c, Measurement b, Design design, BootstrapSettings bs) {
        RatioBootstrap.Overhead co = overhead(c, "candidate");
        RatioBootstrap.Overhead bo = overhead(b, "baseline");
        boolean shared = !c.fromForks() && !b.fromForks() && c.overheads().size() == 1 && b.overheads().size() == 1
                && c.overheads().get(0).samples() == b.overheads().get(0).samples();
        if (effective(c, b, design) == Design.PAIRED_SAMPLES && inRounds(c) && inRounds(b)) {
            return RatioBootstrap.pairedWindowedNetInRounds(c.samples(), b.samples(), co.values(), bo.values(),
                    c.windowIds(), bs);
        }
        return switch (effective(c, b, design)) {
            case PAIRED_SAMPLES -> RatioBootstrap.pairedWindowedNet(c.samples(), b.samples(), c.windowIds(), co,
                    shared ? null : bo, bs);
            case PAIRED_FORKS -> RatioBootstrap.pairedByForkNet(c.samples(), c.forkIds(), c.windowIds(), b.samples(),
                    b.forkIds(), b.windowIds(), co, bo, bs);
            case INDEPENDENT -> !c.fromForks() && !b.fromForks() && c.forkCount() == 1 && b.forkCount() == 1
                    ? RatioBootstrap.independentWindowedNet(c.samples(), c.windowIds(), b.samples(), b.windowIds(), co,
                    shared ? null : bo, bs)
                    : RatioBootstrap.independentForkedNet(c.samples(), c.forkIds(), c.windowIds(), b.samples(),
                    b.forkIds(), b.windowIds(), co, bo, bs);
        };
    }

    /** Whether the side's one overhead was taken in its rounds, one sample beside each of its own. */
    private static boolean inRounds(Measurement m) {
        return m.overheads().size() == 1 && m.overheads().get(0).inRounds()
                && m.overheads().get(0).samples().size() == m.size();
    }

    /** A side's overhead samples, every fork's, keyed by fork and window. */
    private static RatioBootstrap.Overhead overhead(Measurement m, String side) {
        int[] forks = java.util.Arrays.stream(m.forkIds()).distinct().toArray();
        java.util.List<Measurement.Overhead> per = new java.util.ArrayList<>();
        for (int f : forks) {
            Measurement.Overhead o = m.overheads().stream().filter(x -> x.fork() == f).findFirst().orElse(null);
            if (o == null || o.samples().size() == 0) {
                throw new IllegalArgumentException("the " + side + " ('" + m.name() + "') has no launch overhead"
                        + (m.overheads().isEmpty() ? " (launchOverhead=false, plain launches, or a timer without an empty launch)"
                        : " for fork " + f));
            }
            per.add(o);
        }
        int n = per.stream().mapToInt(o -> o.samples().size()).sum();
        double[] v = new double[n];
        int[] fk = new int[n];
        int[] w = new int[n];
        int k = 0;
        for (Measurement.Overhead o : per) {
            double[] x = o.samples().perCallNanos();
            int[] ids = o.samples().windowIds();
            for (int i = 0; i < x.length; i++, k++) {
                v[k] = x[i];
                fk[k] = o.fork();
                w[k] = ids[i];
            }
        }
        return new RatioBootstrap.Overhead(v, fk, w);
    }

    private static Ratio pairedSamples(Measurement c, Measurement b, BootstrapSettings bs) {
        if (c.size() != b.size() || !Arrays.equals(c.windowIds(), b.windowIds())) {
            throw new IllegalArgumentException("interleaved sides need one sample of each per round, in the same windows: "
                    + c.size() + " candidate and " + b.size() + " baseline samples");
        }
        int[] windows = c.windowIds();
        ClusterBootstrap.Result time = ClusterBootstrap.pairedRatio(c.samples(), b.samples(), windows, bs);
        double[] cc = cycles(c);
        double[] bc = cycles(b);
        Interval cycles = cc == null || bc == null ? null : ClusterBootstrap.pairedRatio(cc, bc, windows, bs).interval();
        int w = c.windows().size();
        return new Ratio(time.interval(), cycles, time.clusters(),
                String.format(Locale.ROOT, "interleaved: paired rounds in %d windows (%d rounds), %s drawn whole", w,
                        c.size(), w > 1 ? "windows" : "rounds"));
    }

    private static Ratio pairedForks(Measurement c, Measurement b, BootstrapSettings bs) {
        int rounds = RatioBootstrap.commonRounds(c.forkIds(), b.forkIds()).size();
        Interval time = RatioBootstrap.pairedByFork(c.samples(), c.forkIds(), c.windowIds(), b.samples(), b.forkIds(),
                b.windowIds(), bs);
        double[] cc = cycles(c);
        double[] bc = cycles(b);
        Interval cycles = cc == null || bc == null ? null : RatioBootstrap.pairedByFork(cc, c.forkIds(), c.windowIds(),
                bc, b.forkIds(), b.windowIds(), bs);
        return new Ratio(corrected(time, c, b, rounds), corrected(cycles, c, b, rounds), rounds,
                String.format(Locale.ROOT, "interleaved ABBA: %d rounds paired, then windows, then samples", rounds));
    }

    /**
     * Sides apart. The engine's sequential sides (one session) are resampled by windows, and rest on
     * the windows of the side with fewer. Sides from JMH forks are resampled by forks, then windows,
     * and rest on the forks of both sides when each has two or more (the degrees of freedom of a
     * two-sample comparison), else on the windows of the side with fewer, and never on fewer than two
     * clusters: one window per side is one cluster, and its interval must not pass for a tight one.
     */
    private static Ratio independent(Measurement c, Measurement b, BootstrapSettings bs) {
        int fc = c.forkCount();
        int fb = b.forkCount();
        int wc = c.windows().size();
        int wb = b.windows().size();
        double[] cc = cycles(c);
        double[] bc = cycles(b);
        if (!c.fromForks() && !b.fromForks() && fc == 1 && fb == 1) {
            ClusterBootstrap.Result time = ClusterBootstrap.independentRatio(c.samples(), c.windowIds(), b.samples(),
                    b.windowIds(), bs);
            Interval cycles = cc == null || bc == null ? null
                    : ClusterBootstrap.independentRatio(cc, c.windowIds(), bc, b.windowIds(), bs).interval();
            return new Ratio(time.interval(), cycles, time.clusters(),
                    String.format(Locale.ROOT, "sequential: independent sides, %d + %d windows%s", wc, wb,
                            Math.min(wc, wb) > 1 ? " drawn whole" : ", samples drawn one by one"));
        }
        Interval time = RatioBootstrap.independentForked(c.samples(), c.forkIds(), c.windowIds(), b.samples(),
                b.forkIds(), b.windowIds(), bs);
        Interval cycles = cc == null || bc == null ? null : RatioBootstrap.independentForked(cc, c.forkIds(),
                c.windowIds(), bc, b.forkIds(), b.windowIds(), bs);
        int clusters = Math.max(2, fc >= 2 && fb >= 2 ? fc + fb : Math.min(wc, wb));
        return new Ratio(corrected(time, c, b, clusters), corrected(cycles, c, b, clusters), clusters,
                String.format(Locale.ROOT, "independent sides: %d + %d forks, then windows, then samples", fc, fb));
    }

    /**
     * The interval widened for resting on {@code clusters} clusters, around the speedup of the
     * medians (or the interval's geometric centre when that lies outside); null stays null.
     */
    private static Interval corrected(Interval ratio, Measurement c, Measurement b, int clusters) {
        if (ratio == null || clusters < 2 || !(ratio.lower() > 0)) {
            return ratio;
        }
        double point = Percentiles.median(b.samples()) / Percentiles.median(c.samples());
        double center = ratio.contains(point) ? point : Math.sqrt(ratio.lower() * ratio.upper());
        return FewClusterCorrection.widenRatio(ratio, center, clusters);
    }

    /**
     * Samples in SM cycles: each time times its window's mean SM clock; null when a window has no
     * clock samples (then there is no cycle-normalized interval).
     */
    static double[] cycles(Measurement m) {
        List<ClockEvidence> windows = m.windows();
        double[] meanMhz = new double[windows.size()];
        for (int w = 0; w < meanMhz.length; w++) {
            if (!windows.get(w).hasClockSamples()) {
                return null;
            }
            meanMhz[w] = Dispersion.mean(windows.get(w).smClockMhz());
        }
        double[] nanos = m.samples();
        int[] ids = m.windowIds();
        double[] out = new double[nanos.length];
        for (int i = 0; i < nanos.length; i++) {
            out[i] = nanos[i] * 1e-3 * meanMhz[ids[i]]; // ns x MHz / 1000 = cycles
        }
        return out;
    }
}
