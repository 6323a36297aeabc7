package dev.sns.analysis;

import dev.sns.clocks.TierAssignment;
import dev.sns.model.ClockEvidence;
import dev.sns.model.ComparisonResult;
import dev.sns.model.EnergyComparison;
import dev.sns.model.EnergyVerdict;
import dev.sns.model.MeasurementTier;
import dev.sns.model.SamplingStop;
import dev.sns.model.TimingResult;
import dev.sns.model.SpeedupReading;
import dev.sns.model.VerdictThresholds;
import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.CarriedDrift;
import dev.sns.stats.ClusterBootstrap;
import dev.sns.stats.FewClusterCorrection;
import dev.sns.stats.Interval;
import dev.sns.stats.MinDetectableChange;
import dev.sns.stats.Percentiles;
import dev.sns.stats.QuantizationFloor;
import dev.sns.stats.Repeatability;
import dev.sns.stats.WindowedBootstrap;
import dev.sns.timing.SamplingPlan;
import java.util.ArrayList;
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
    /**
     * Fewest independent values with a distribution-free 95% interval for their median: with five,
     * all on one side of the median happens with probability 2 x 0.5^5 = 6.25%, more than 5%.
     * Applies to one-value-per-iteration measurements (JMH's own scores).
     */
    public static final int MIN_ITERATIONS_FOR_INTERVAL = 6;

    private Analysis() {}

    /** A measurement with its result, as a comparison takes it. */
    public record Summarized(Measurement measurement, TimingResult result) {}

    /** The measurement's result. */
    public static TimingResult timing(Measurement m, BootstrapSettings bootstrap) {
        double[] ms = toMillis(m.samples());
        int[] forks = m.forkIds();
        int[] windows = m.windowIds();
        long forkCount = Arrays.stream(forks).distinct().count();
        long windowCount = Arrays.stream(windows).distinct().count();
        Interval interval;
        String estimator;
        CarriedDrift.Finding drift = null;
        String scope = forkCount > 1 ? "over " + forkCount + " forks" : m.fromForks() ? "within this fork"
                : TimingResult.SCOPE_CALL;
        if (forkCount > 1) {
            interval = WindowedBootstrap.medianInterval(ms, forks, windows, bootstrap);
            estimator = String.format(Locale.ROOT,
                    "three-stage bootstrap of the median: %d forks, then %d windows, then samples", forkCount, windowCount);
        } else if (ms.length > 1) {
            Session one = session(ms, windows, ms.length, bootstrap);
            interval = one.interval();
            drift = one.drift();
            estimator = windowCount > 1
                    ? String.format(Locale.ROOT, "cluster bootstrap of the median: %d windows drawn whole, "
                            + "widened for %d clusters", windowCount, windowCount)
                    : "percentile bootstrap of the median";
            estimator += drift.describe();
        } else {
            interval = new Interval(ms[0], ms[0], bootstrap.confidence());
            estimator = "one sample";
        }
        double stepMillis = m.stepNanosPerCall() / 1e6;
        double[] sorted = ms.clone();
        Arrays.sort(sorted);
        double median = Percentiles.ofSorted(sorted, 0.5);
        interval = finished(interval, stepMillis, median);
        String noInterval = "";
        if (ms.length == 1) {
            noInterval = "one sample: no interval (measure more iterations or samples)";
            estimator = noInterval;
        } else if (m.tierBasis() == Measurement.TierBasis.ITERATION_SPREAD && m.size() < MIN_ITERATIONS_FOR_INTERVAL) {
            noInterval = String.format(Locale.ROOT, "too few iterations for an interval: %d, at least %d needed "
                    + "(measurement iterations x forks: -i, -f)", m.size(), MIN_ITERATIONS_FOR_INTERVAL);
            estimator = noInterval;
        }
        ClockEvidence evidence = merged(m.windows());
        TierAssignment.Decision tier = m.tierBasis() == Measurement.TierBasis.ITERATION_SPREAD
                ? TierAssignment.assignFromWindows(windowMedians(m), noInterval.isEmpty())
                : TierAssignment.assign(evidence);
        Optional<Overheads.Reading> overhead = Overheads.of(m, bootstrap);
        Optional<String> offStream = overhead.flatMap(r -> OffStreamCheck.reason(windowMedians(m), r.medianNanos()));
        if (drift != null && drift.carried()) {
            tier = demotedForDrift(tier, drift);
        }
        if (offStream.isPresent()) {
            List<String> reasons = new ArrayList<>();
            reasons.add(offStream.get());
            reasons.addAll(tier.reasons());
            tier = new TierAssignment.Decision(MeasurementTier.C, reasons);
        }
        TimingResult.Builder b = TimingResult.builder();
        if (!Double.isNaN(m.repeatSdFraction())) {
            b.repeat(m.repeatSdFraction(), Repeatability.interval(median, m.repeatSdFraction(), interval));
        }
        overhead.ifPresent(r -> b.launchOverhead(r.medianNanos() / 1e6, r.intervalNanos().scaled(1e-6)));
        TimingResult.Builder built = b.name(m.name())
                .samplesMillis(ms)
                .windowIds(windows)
                .percentilesMillis(Percentiles.ofSorted(sorted, 0.1), Percentiles.ofSorted(sorted, 0.5),
                        Percentiles.ofSorted(sorted, 0.9))
                .intervalMillis(interval)
                .intervalScope(scope)
                .tier(tier.tier(), tier.reasons())
                .warmupCalls(m.warmupCalls())
                .firstCallMillis(m.firstCallNanos() / 1e6)
                .innerReps(m.innerReps())
                .clocks(evidence)
                .bootstrap(bootstrap)
                .estimator(estimator)
                .noInterval(noInterval)
                .timer(m.timer(), stepMillis)
                .work(m.flopsPerCall(), m.bytesPerCall())
                .peaks(m.peaks())
                .energy(EnergyAnalysis.of(m, bootstrap))
                .sampling(SamplingStop.valueOf(m.stop().name()), m.precisionTargetFraction(),
                        gpuMillis(ms, m.innerReps(), windows, !m.fromForks()));
        TimingResult plain = built.build();
        return plain.toBuilder().kernels(KernelBreakdowns.of(m.kernels(), plain.medianMillis(), plain.netMedianMillis(),
                bootstrap)).build();
    }

    /** One session's interval of the median before the floor, and what the drift test found. */
    record Session(Interval interval, CarriedDrift.Finding drift) {}

    /**
     * The interval of the median of one session's first {@code n} samples, windows drawn whole
     * ({@link ClusterBootstrap}) and widened where drift carries over between windows
     * ({@link CarriedDrift}): what {@link #timing} reports for one session, before
     * {@link #finished}. Adaptive sampling's rule ({@link PrecisionRule}) asks it too, so that a stop
     * on target is a stop on the interval the result reports.
     */
    static Session session(double[] samples, int[] windowIds, int n, BootstrapSettings bootstrap) {
        double[] x = n == samples.length ? samples : Arrays.copyOf(samples, n);
        int[] w = n == windowIds.length ? windowIds : Arrays.copyOf(windowIds, n);
        Interval interval = ClusterBootstrap.median(x, w, bootstrap).interval();
        // issue 26.8: windows drawn whole are taken as independent; drift that carries over is not
        CarriedDrift.Finding drift = CarriedDrift.test(windowMedians(x, w), bootstrap.seed());
        if (drift.carried()) {
            interval = CarriedDrift.widen(interval, Percentiles.median(x), drift.factor());
        }
        return new Session(interval, drift);
    }

    /**
     * The interval as a result prints it: never narrower than one timer step ({@code step}, in the
     * samples' unit), and holding the sample's own median (a resampled statistic can leave it just
     * outside).
     */
    static Interval finished(Interval interval, double step, double median) {
        Interval floored = QuantizationFloor.atLeast(interval, step);
        if (floored.contains(median)) {
            return floored;
        }
        return new Interval(Math.min(floored.lower(), median), Math.max(floored.upper(), median), floored.confidence());
    }

    /** The median of each run of equal window ids, in order (the samples of a window together). */
    static double[] windowMedians(double[] x, int[] w) {
        double[] out = new double[x.length];
        int kept = 0;
        int from = 0;
        while (from < x.length) {
            int to = from;
            while (to < x.length && w[to] == w[from]) {
                to++;
            }
            out[kept++] = Percentiles.median(Arrays.copyOfRange(x, from, to));
            from = to;
        }
        return Arrays.copyOf(out, kept);
    }

    /**
     * Issue 26.8: window medians that drift from window to window make the windows-drawn-whole
     * interval too narrow. The widening ({@link CarriedDrift#widen}) helps where the drift is found,
     * but the test misses it in many sessions of the same process (at lag-1 0.5 and 16 windows, more
     * than half), so a found drift cannot vouch for the interval: tier A becomes B, with the reason
     * first; a lower tier keeps its own and gains the reason.
     */
    static TierAssignment.Decision demotedForDrift(TierAssignment.Decision tier, CarriedDrift.Finding drift) {
        List<String> reasons = new ArrayList<>();
        reasons.add(drift.reason());
        reasons.addAll(tier.reasons());
        MeasurementTier t = tier.tier() == MeasurementTier.A ? MeasurementTier.B : tier.tier();
        return new TierAssignment.Decision(t, reasons);
    }

    /**
     * The samples' GPU time: per-call milliseconds summed, times the calls per sample, and each
     * window's untimed opening calls ({@link SamplingPlan#openingCalls}) at the median call
     * where the engine's samplers took the samples (JMH's forks open no window with a call).
     */
    static double gpuMillis(double[] perCallMillis, int innerReps, int[] windowIds, boolean opened) {
        double sum = 0;
        for (double x : perCallMillis) {
            sum += x;
        }
        long windows = Arrays.stream(windowIds).distinct().count();
        double opening = !opened || perCallMillis.length == 0 ? 0
                : windows * SamplingPlan.openingCalls(innerReps) * Percentiles.median(perCallMillis.clone());
        return sum * innerReps + opening;
    }

    /** The measurement with its result. */
    public static Summarized summarize(Measurement m, BootstrapSettings bootstrap) {
        return new Summarized(m, timing(m, bootstrap));
    }

    /**
     * The candidate against the baseline, the verdict on the raw speedup: see
     * {@link #compare(Summarized, Summarized, Design, BootstrapSettings, VerdictThresholds, SpeedupReading)}.
     */
    public static ComparisonResult compare(Summarized candidate, Summarized baseline, Design design,
                                           BootstrapSettings bootstrap, VerdictThresholds thresholds) {
        return compare(candidate, baseline, design, bootstrap, thresholds, SpeedupReading.RAW);
    }

    /**
     * The candidate against the baseline: the speedup {@code baseline median / candidate median}, its
     * interval resampled as {@code design} says and widened for the few clusters it rests on
     * ({@link RatioIntervals}, {@link FewClusterCorrection}) and floored at one timer step, the same
     * in SM cycles where every window has clock samples, the same net of each side's launch overhead
     * (its samples resampled in the same design) where both sides measured one, the worse tier and
     * the verdict on the reading {@code verdictOn} names.
     *
     * @throws IllegalArgumentException when the candidate's median is zero (below the timer's step),
     *     or the sides do not fit the design
     */
    public static ComparisonResult compare(Summarized candidate, Summarized baseline, Design design,
                                           BootstrapSettings bootstrap, VerdictThresholds thresholds,
                                           SpeedupReading verdictOn) {
        return compare(candidate, baseline, design, bootstrap, thresholds, verdictOn, EnergyVerdict.DEFAULT_MARGIN);
    }

    /**
     * As {@link #compare(Summarized, Summarized, Design, BootstrapSettings, VerdictThresholds, SpeedupReading)},
     * with the energy ratio beside the speedup where a side measured energy: baseline joules per call
     * over the candidate's, resampled in the same design (energy windows are the unit), judged against
     * {@code energyMargin}.
     */
    public static ComparisonResult compare(Summarized candidate, Summarized baseline, Design design,
                                           BootstrapSettings bootstrap, VerdictThresholds thresholds,
                                           SpeedupReading verdictOn, double energyMargin) {
        ComparisonResult time = compareTimes(candidate, baseline, design, bootstrap, thresholds, verdictOn);
        EnergyComparison e = EnergyAnalysis.compare(candidate.measurement(), time.candidate().energy().orElse(null),
                baseline.measurement(), time.baseline().energy().orElse(null), design, bootstrap, energyMargin);
        return e == null ? time : time.withEnergy(e);
    }

    private static ComparisonResult compareTimes(Summarized candidate, Summarized baseline, Design design,
                                                 BootstrapSettings bootstrap, VerdictThresholds thresholds,
                                                 SpeedupReading verdictOn) {
        TimingResult ct = candidate.result();
        TimingResult bt = baseline.result();
        if (!(ct.medianMillis() > 0.0)) {
            throw new IllegalArgumentException("candidate '" + ct.name() + "' measured 0 ms: the timed region fell below "
                    + "the timer's resolution (" + ct.timer() + "); raise innerReps or give the work more to do");
        }
        RatioIntervals.Ratio r = RatioIntervals.of(candidate.measurement(), baseline.measurement(), design, bootstrap);
        double speedup = bt.medianMillis() / ct.medianMillis();
        double step = QuantizationFloor.ratioStep(speedup, ct.medianMillis(), ct.timerStepMillis());
        Interval ratio = QuantizationFloor.atLeast(r.time(), step); // widened in RatioIntervals
        Interval cycles = r.cycles();
        Interval net = null;
        String netUnavailable = "";
        try {
            if (Double.isNaN(ct.netMedianMillis()) || Double.isNaN(bt.netMedianMillis())) {
                throw new IllegalArgumentException(
                        "no launch overhead was measured (launchOverhead=false, plain launches, or the wall-clock timer)");
            }
            for (TimingResult side : new TimingResult[] {ct, bt}) {
                if (!side.netMeasurable()) {
                    throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: '%s''s net interval reaches "
                            + "zero (raw %s, launch overhead %s); read the raw speedup", TimingResult.NOT_NET_MEASURABLE,
                            side.name(), millis(side.medianMillis()), millis(side.launchOverheadMillis())));
                }
            }
            double netPoint = bt.netMedianMillis() / ct.netMedianMillis();
            if (!(ct.netMedianMillis() > 0) || !(netPoint > 0)) {
                throw new IllegalArgumentException("a side's time is no longer than its launch overhead");
            }
            Interval raw = RatioIntervals.net(candidate.measurement(), baseline.measurement(), design, bootstrap);
            double netStep = QuantizationFloor.ratioStep(netPoint, ct.netMedianMillis(), ct.timerStepMillis());
            net = QuantizationFloor.atLeast(corrected(raw, netPoint, r.clusters()), netStep);
        } catch (IllegalArgumentException e) {
            netUnavailable = e.getMessage();
        }
        double between = betweenCallLogSd(candidate.measurement(), ct, baseline.measurement(), bt);
        String designText = r.design();
        if (between > 0) {
            // issue 26.2: a call's interval lacks the run-to-run term; the self-check's repeatability gives it
            ratio = Repeatability.widenRatio(ratio, speedup, between);
            cycles = cycles == null ? null
                    : Repeatability.widenRatio(cycles, Math.sqrt(cycles.lower() * cycles.upper()), between);
            net = net == null ? null : Repeatability.widenRatio(net, bt.netMedianMillis() / ct.netMedianMillis(),
                    between);
            designText += String.format(Locale.ROOT, "; widened for the between-call term (%.3g%% sd of the ratio, from "
                    + "repeatSdPct)", 100 * between);
        }
        return new ComparisonResult(ct, bt, ratio, cycles, net, netUnavailable, designText, thresholds, verdictOn);
    }

    /**
     * The between-call sd of the ratio's logarithm, from the host's repeatability (option
     * {@code repeatSdPct}): each side's repeat sd less its own within-call error
     * ({@link Repeatability#betweenCallSd}), the two combined in quadrature (each side may move on its
     * own between calls). 0 when the repeatability is not known (JMH: its forks are the repeats).
     */
    static double betweenCallLogSd(Measurement cm, TimingResult ct, Measurement bm, TimingResult bt) {
        double c = Repeatability.betweenCallSd(cm.repeatSdFraction(),
                MinDetectableChange.relativeSe(ct.medianMillis(), ct.intervalMillis()));
        double b = Repeatability.betweenCallSd(bm.repeatSdFraction(),
                MinDetectableChange.relativeSe(bt.medianMillis(), bt.intervalMillis()));
        double s = Math.sqrt(c * c + b * b);
        return Double.isFinite(s) ? s : 0.0;
    }

    /** The net interval widened for resting on {@code clusters} clusters (as the time's is in RatioIntervals). */
    private static Interval corrected(Interval ratio, double point, int clusters) {
        if (clusters < 2 || !(ratio.lower() > 0)) {
            return ratio;
        }
        double center = ratio.contains(point) ? point : Math.sqrt(ratio.lower() * ratio.upper());
        return FewClusterCorrection.widenRatio(ratio, center, clusters);
    }

    /** A time in milliseconds in the unit that suits it, four significant digits: "1.464 us". */
    private static String millis(double ms) {
        dev.sns.model.DisplayUnit u = dev.sns.model.DisplayUnit.forMillis(ms);
        return String.format(Locale.ROOT, "%.4g %s", ms * u.perMilli(), u.label());
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
