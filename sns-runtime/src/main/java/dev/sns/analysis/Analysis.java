package dev.sns.analysis;

import dev.sns.clocks.TierAssignment;
import dev.sns.model.ClockEvidence;
import dev.sns.model.ComparisonResult;
import dev.sns.model.TimingResult;
import dev.sns.model.VerdictThresholds;
import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.ClusterBootstrap;
import dev.sns.stats.FewClusterCorrection;
import dev.sns.stats.Interval;
import dev.sns.stats.Percentiles;
import dev.sns.stats.QuantizationFloor;
import dev.sns.stats.Repeatability;
import dev.sns.stats.WindowedBootstrap;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The one way from samples to results: a {@link Measurement} becomes a {@link TimingResult} (median,
 * interval, tier, launch overhead), and two of them with their {@link Design} become a
 * {@link ComparisonResult}. {@code Sns} and the JMH host both call this; nothing else computes an
 * interval.
 *
 * <p>The median's interval: samples of one session (the Java API, or one JMH fork) are resampled by
 * windows drawn whole and widened for the few windows it rests on ({@link ClusterBootstrap}); it
 * covers this session's median, not what a later session would read: its scope says so, and where
 * the host's repeatability is known ({@link Measurement.Builder#repeatSd}) the result carries the
 * interval a repeat falls in beside it ({@link Repeatability}).
 * Samples of several JMH forks are resampled by forks, then windows, then samples
 * ({@link WindowedBootstrap}): the forks put the run-to-run variation in. With a single window it is
 * the exact percentile bootstrap of the median. It is never narrower than one timer step per call.
 */
public final class Analysis {
    private Analysis() {}

    /** A measurement with its result, as a comparison takes it. */
    public record Summarized(Measurement measurement, TimingResult result) {}

    /** The measurement's result. */
    public static TimingResult timing(Measurement m, BootstrapSettings bootstrap) {
        double[] ms = toMillis(m.samples());
        int[] forks = m.forkIds();
        int[] windows = m.windowIds();
        if (ms.length == 1) {
            // One iteration of one fork: repeat the only sample so that a result exists; its interval
            // is then a point, and its tier says why it cannot be trusted.
            ms = new double[] {ms[0], ms[0]};
            forks = new int[] {forks[0], forks[0]};
            windows = new int[] {windows[0], windows[0]};
        }
        long forkCount = Arrays.stream(forks).distinct().count();
        long windowCount = Arrays.stream(windows).distinct().count();
        Interval interval;
        String estimator;
        String scope = forkCount > 1 ? "over " + forkCount + " forks" : m.fromForks() ? "within this fork"
                : TimingResult.SCOPE_CALL;
        if (forkCount > 1) {
            interval = WindowedBootstrap.medianInterval(ms, forks, windows, bootstrap);
            estimator = String.format(Locale.ROOT,
                    "three-stage bootstrap of the median: %d forks, then %d windows, then samples", forkCount, windowCount);
        } else {
            interval = ClusterBootstrap.median(ms, windows, bootstrap).interval();
            estimator = windowCount > 1
                    ? String.format(Locale.ROOT, "cluster bootstrap of the median: %d windows drawn whole, "
                            + "widened for %d clusters", windowCount, windowCount)
                    : "percentile bootstrap of the median";
        }
        double stepMillis = m.stepNanosPerCall() / 1e6;
        interval = QuantizationFloor.atLeast(interval, stepMillis);
        double[] sorted = ms.clone();
        Arrays.sort(sorted);
        ClockEvidence evidence = merged(m.windows());
        TierAssignment.Decision tier = m.tierBasis() == Measurement.TierBasis.ITERATION_SPREAD
                ? TierAssignment.assignFromWindows(windowMedians(m))
                : TierAssignment.assign(evidence);
        TimingResult.Builder b = TimingResult.builder();
        double median = Percentiles.ofSorted(sorted, 0.5);
        if (!Double.isNaN(m.repeatSdFraction())) {
            b.repeat(m.repeatSdFraction(), Repeatability.interval(median, m.repeatSdFraction(), interval));
        }
        Overheads.of(m, bootstrap).ifPresent(r -> b.launchOverhead(r.medianNanos() / 1e6,
                r.intervalNanos().scaled(1e-6)));
        return b.name(m.name())
                .samplesMillis(ms)
                .windowIds(windows)
                .percentilesMillis(Percentiles.ofSorted(sorted, 0.1), Percentiles.ofSorted(sorted, 0.5),
                        Percentiles.ofSorted(sorted, 0.9))
                .intervalMillis(interval)
                .intervalScope(scope)
                .tier(tier.tier(), tier.reasons())
                .warmupCalls(m.warmupCalls())
                .innerReps(m.innerReps())
                .clocks(evidence)
                .bootstrap(bootstrap)
                .estimator(estimator)
                .timer(m.timer(), stepMillis)
                .work(m.flopsPerCall(), m.bytesPerCall())
                .build();
    }

    /** The measurement with its result. */
    public static Summarized summarize(Measurement m, BootstrapSettings bootstrap) {
        return new Summarized(m, timing(m, bootstrap));
    }

    /**
     * The candidate against the baseline: the speedup {@code baseline median / candidate median}, its
     * interval resampled as {@code design} says and widened for the few clusters it rests on
     * ({@link RatioIntervals}, {@link FewClusterCorrection}) and floored at one timer step, the same
     * in SM cycles where every window has clock samples, the worse tier and the verdict.
     *
     * @throws IllegalArgumentException when the candidate's median is zero (below the timer's step),
     *     or the sides do not fit the design
     */
    public static ComparisonResult compare(Summarized candidate, Summarized baseline, Design design,
                                           BootstrapSettings bootstrap, VerdictThresholds thresholds) {
        TimingResult ct = candidate.result();
        TimingResult bt = baseline.result();
        if (!(ct.medianMillis() > 0.0)) {
            throw new IllegalArgumentException("candidate '" + ct.name() + "' measured 0 ms: the timed region fell below "
                    + "the timer's resolution (" + ct.timer() + "); raise innerReps or give the work more to do");
        }
        RatioIntervals.Ratio r = RatioIntervals.of(candidate.measurement(), baseline.measurement(), design, bootstrap);
        double speedup = bt.medianMillis() / ct.medianMillis();
        double step = QuantizationFloor.ratioStep(speedup, ct.medianMillis(), ct.timerStepMillis());
        Interval ratio = QuantizationFloor.atLeast(r.time(), step);
        return new ComparisonResult(ct, bt, ratio, r.cycles(), r.design(), thresholds);
    }

    private static ClockEvidence merged(List<ClockEvidence> windows) {
        ClockEvidence m = windows.get(0);
        for (int i = 1; i < windows.size(); i++) {
            m = m.merge(windows.get(i));
        }
        return m;
    }

    /** Each window's median, in window order. */
    private static double[] windowMedians(Measurement m) {
        int windows = m.windows().size();
        double[] out = new double[windows];
        double[] x = m.samples();
        int[] w = m.windowIds();
        int from = 0;
        int kept = 0;
        for (int k = 0; k < windows; k++) {
            int to = from;
            while (to < x.length && w[to] == k) {
                to++;
            }
            if (to > from) {
                out[kept++] = Percentiles.median(Arrays.copyOfRange(x, from, to));
            }
            from = to;
        }
        return Arrays.copyOf(out, kept);
    }

    static double[] toMillis(double[] nanos) {
        double[] ms = new double[nanos.length];
        for (int i = 0; i < nanos.length; i++) {
            ms[i] = nanos[i] / 1e6;
        }
        return ms;
    }

    /** Not part of the API: the launch overhead's reading, exposed for tests of how forks combine. */
    static Optional<Overheads.Reading> overhead(Measurement m, BootstrapSettings bootstrap) {
        return Overheads.of(m, bootstrap);
    }
}
