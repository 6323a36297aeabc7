package dev.sns.model;

import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.Dispersion;
import dev.sns.stats.Interval;
import dev.sns.stats.MinDetectableChange;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One measurement: the median time per call with its interval, the samples behind it, and how far
 * it can be trusted.
 *
 * <p>Deliberately not a {@link Number}: there is no way to collapse it into a bare figure and lose
 * the interval. Build it with {@link #builder()}; the builder checks that the parts agree and names
 * what does not.
 *
 * <p>Long by design: about twenty parts that only mean something together (samples, interval, tier,
 * evidence, timer, overhead), each with its check, accessor and builder setter.
 */
public final class TimingResult {
    private final String name;
    private final double[] samplesMillis;
    private final int[] windowIds;
    private final double medianMillis;
    private final double p10Millis;
    private final double p90Millis;
    private final Interval intervalMillis;
    private final MeasurementTier tier;
    private final List<String> tierReasons;
    private final long warmupCalls;
    private final double firstCallMillis;
    private final int innerReps;
    private final ClockEvidence clocks;
    private final BootstrapSettings bootstrap;
    private final String estimator;
    private final String timer;
    private final double timerStepMillis;
    private final double flopsPerCall;
    private final double bytesPerCall;
    private final double launchOverheadMillis;
    private final Interval launchOverheadIntervalMillis;
    private final String noInterval;
    private final KernelBreakdown kernels;
    private final DevicePeaks peaks;
    private final String intervalScope;
    private final double repeatSdFraction;
    private final Interval repeatIntervalMillis;
    private final EnergyResult energy;
    private final SamplingStop samplingStop;
    private final double precisionTargetFraction;
    private final double samplingGpuMillis;

    private TimingResult(Builder b) {
        this.name = Objects.requireNonNull(b.name, "name");
        if (b.samplesMillis == null || b.samplesMillis.length < 1) {
            throw new IllegalArgumentException("a timing result needs at least 1 sample, got "
                    + (b.samplesMillis == null ? 0 : b.samplesMillis.length) + " for '" + name + "'");
        }
        for (int i = 0; i < b.samplesMillis.length; i++) {
            double s = b.samplesMillis[i];
            if (!Double.isFinite(s) || s < 0.0) {
                throw new IllegalArgumentException("sample " + i + " of '" + name + "' is " + s
                        + " ms; samples must be finite and non-negative");
            }
        }
        this.samplesMillis = b.samplesMillis.clone();
        int[] w = b.windowIds == null ? new int[samplesMillis.length] : b.windowIds.clone();
        if (w.length != samplesMillis.length) {
            throw new IllegalArgumentException(w.length + " window ids for " + samplesMillis.length + " samples");
        }
        this.windowIds = w;
        if (!(b.p10Millis <= b.medianMillis && b.medianMillis <= b.p90Millis)) {
            throw new IllegalArgumentException("percentiles out of order: p10 " + b.p10Millis + ", median "
                    + b.medianMillis + ", p90 " + b.p90Millis + " ms");
        }
        this.medianMillis = b.medianMillis;
        this.p10Millis = b.p10Millis;
        this.p90Millis = b.p90Millis;
        this.intervalMillis = Objects.requireNonNull(b.intervalMillis, "interval");
        if (intervalMillis.lower() < 0.0) {
            throw new IllegalArgumentException("a time interval cannot start below zero: " + intervalMillis);
        }
        this.tier = Objects.requireNonNull(b.tier, "tier");
        this.tierReasons = List.copyOf(b.tierReasons);
        if (b.warmupCalls < 0) {
            throw new IllegalArgumentException("warmup calls must be non-negative, got " + b.warmupCalls);
        }
        this.warmupCalls = b.warmupCalls;
        if (b.firstCallMillis < 0) {
            throw new IllegalArgumentException("a first call cannot take negative time, got " + b.firstCallMillis + " ms");
        }
        this.firstCallMillis = b.firstCallMillis;
        if (b.innerReps < 1) {
            throw new IllegalArgumentException("inner reps must be at least 1, got " + b.innerReps);
        }
        this.innerReps = b.innerReps;
        this.clocks = Objects.requireNonNull(b.clocks, "clock evidence");
        this.bootstrap = Objects.requireNonNull(b.bootstrap, "bootstrap settings");
        this.estimator = Objects.requireNonNull(b.estimator, "estimator");
        this.timer = Objects.requireNonNull(b.timer, "timer");
        if (!(b.timerStepMillis >= 0.0)) {
            throw new IllegalArgumentException("timer step must be non-negative, got " + b.timerStepMillis);
        }
        this.timerStepMillis = b.timerStepMillis;
        this.flopsPerCall = checkWork(b.flopsPerCall, "flops");
        this.bytesPerCall = checkWork(b.bytesPerCall, "bytes");
        if (!Double.isNaN(b.launchOverheadMillis) && (b.launchOverheadMillis < 0 || b.launchOverheadInterval == null)) {
            throw new IllegalArgumentException("launch overhead must be non-negative with an interval, got "
                    + b.launchOverheadMillis + " ms, " + b.launchOverheadInterval);
        }
        this.launchOverheadMillis = b.launchOverheadMillis;
        this.launchOverheadIntervalMillis = b.launchOverheadInterval;
        this.noInterval = Objects.requireNonNull(b.noInterval, "noInterval");
        this.kernels = b.kernels;
        this.peaks = b.peaks;
        this.intervalScope = Objects.requireNonNull(b.intervalScope, "interval scope");
        if (!Double.isNaN(b.repeatSdFraction) && !(b.repeatSdFraction >= 0 && Double.isFinite(b.repeatSdFraction))) {
            throw new IllegalArgumentException("repeat sd must be a non-negative fraction of the median (or NaN: "
                    + "unknown), got " + b.repeatSdFraction);
        }
        this.repeatSdFraction = b.repeatSdFraction;
        if (Double.isNaN(repeatSdFraction) != (b.repeatInterval == null)) {
            throw new IllegalArgumentException("a repeat interval goes with a repeat sd, got sd " + repeatSdFraction
                    + " and interval " + b.repeatInterval);
        }
        this.repeatIntervalMillis = b.repeatInterval;
        this.energy = b.energy;
        this.samplingStop = Objects.requireNonNull(b.samplingStop, "sampling stop");
        if (!Double.isNaN(b.precisionTargetFraction) && !(b.precisionTargetFraction > 0 && b.precisionTargetFraction < 1)) {
            throw new IllegalArgumentException("a precision target must be in (0, 1) of the median (or NaN: none), got "
                    + b.precisionTargetFraction);
        }
        this.precisionTargetFraction = b.precisionTargetFraction;
        if (b.samplingGpuMillis < 0) {
            throw new IllegalArgumentException("the samples' GPU time cannot be negative, got " + b.samplingGpuMillis + " ms");
        }
        this.samplingGpuMillis = b.samplingGpuMillis;
    }

    private static double checkWork(double v, String what) {
        if (!Double.isNaN(v) && !(v > 0.0 && Double.isFinite(v))) {
            throw new IllegalArgumentException(what + " per call must be positive (or NaN: not declared), got " + v);
        }
        return v;
    }

    /** {@return an empty builder} Nothing is measured yet: percentiles and work are NaN, one inner rep. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A builder holding every part of this result: change one part, keep the rest (a new field is
     * never dropped).
     *
     * @return a builder with this result's parts
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public Builder toBuilder() {
        return new Builder()
                .name(name)
                .samplesMillis(samplesMillis)
                .windowIds(windowIds)
                .percentilesMillis(p10Millis, medianMillis, p90Millis)
                .intervalMillis(intervalMillis)
                .tier(tier, tierReasons)
                .warmupCalls(warmupCalls)
                .firstCallMillis(firstCallMillis)
                .innerReps(innerReps)
                .clocks(clocks)
                .bootstrap(bootstrap)
                .estimator(estimator)
                .timer(timer, timerStepMillis)
                .work(flopsPerCall, bytesPerCall)
                .launchOverhead(launchOverheadMillis, launchOverheadIntervalMillis)
                .kernels(kernels)
                .peaks(peaks)
                .energy(energy)
                .noInterval(noInterval)
                .intervalScope(intervalScope)
                .repeat(repeatSdFraction, repeatIntervalMillis)
                .sampling(samplingStop, precisionTargetFraction, samplingGpuMillis);
    }

    /** {@return the benchmark's name} May be empty: a Java API measurement whose options name none. */
    public String name() {
        return name;
    }

    /**
     * {@return the per-call samples, in milliseconds per call} Each is one timed region divided by the
     * {@link #innerReps()}; in time order, window after window. A copy: never empty.
     */
    public double[] samplesMillis() {
        return samplesMillis.clone();
    }

    /**
     * {@return the window of each sample} A window is one JMH measurement iteration of one fork, or one
     * of the windows a Java API call splits its samples into (option {@code windows}); samples of one
     * window share its id. A copy, as long as {@link #samplesMillis()}.
     */
    public int[] windowIds() {
        return windowIds.clone();
    }

    /** {@return the number of samples} At least 1. */
    public int n() {
        return samplesMillis.length;
    }

    /** {@return the number of distinct windows} What the interval rests on, more than the samples. */
    public int windowCount() {
        return (int) Arrays.stream(windowIds).distinct().count();
    }

    /**
     * {@return the median of the samples, in milliseconds per call} The point estimate; read it with
     * {@link #intervalMillis()}. It includes the launch overhead: {@link #netMedianMillis()} does not.
     */
    public double medianMillis() {
        return medianMillis;
    }

    /** {@return the 10th percentile of the samples, in milliseconds per call} The fast tail. */
    public double p10Millis() {
        return p10Millis;
    }

    /** {@return the 90th percentile of the samples, in milliseconds per call} The slow tail. */
    public double p90Millis() {
        return p90Millis;
    }

    /**
     * {@return the confidence interval of the median, in milliseconds per call} At the level of
     * {@link #bootstrap()}, never narrower than one timer step. What it covers is
     * {@link #intervalScope()}: for one call of the Java API, this call's median (its windows'
     * spread), not where a later call would read; across JMH forks, the run-to-run spread too.
     * Without an interval ({@link #hasInterval()} false) it is only the samples' range.
     */
    public Interval intervalMillis() {
        return intervalMillis;
    }

    /**
     * {@return whether the samples support an interval at all} Without one (one sample, or too few
     * iterations: their range is no 95% interval), {@link #intervalMillis()} is only the samples'
     * range, kept so that the numbers exist, and {@link #estimator()} says why and what is needed;
     * printers show no interval.
     */
    public boolean hasInterval() {
        return noInterval.isEmpty();
    }

    /** {@return how far the result can be trusted} {@link #tierReasons()} says why. */
    public MeasurementTier tier() {
        return tier;
    }

    /** {@return why the tier is what it is, in words} Empty only for a clean tier A. */
    public List<String> tierReasons() {
        return tierReasons;
    }

    /** {@return whether a performance claim may be drawn from this result} False on tier C. */
    public boolean isPerformanceValid() {
        return tier.isPerformanceValid();
    }

    /** {@return the calls of the work before sampling} The discarded prime call is not counted. */
    public long warmupCalls() {
        return warmupCalls;
    }

    /**
     * What the work's first call cost: the host's wall time of the one discarded call before the
     * warm-up, synchronized, in milliseconds. A library's first call holds its one-time work (cuBLAS
     * allocates a workspace per stream and loads its kernels' module then), which the warm-up keeps out
     * of the samples; this says how much there was.
     *
     * @return milliseconds, or NaN where it was not measured (a result of the JMH profiler: JMH's own
     *     first warm-up iteration shows it)
     */
    public double firstCallMillis() {
        return firstCallMillis;
    }

    /** {@return the calls of the work inside each timed region} At least 1; each sample is the region over these. */
    public int innerReps() {
        return innerReps;
    }

    /** {@return the clock and throttle evidence of the windows} Without NVML or with a host timer it holds no samples and says why. */
    public ClockEvidence clocks() {
        return clocks;
    }

    /** {@return the mean SM clock during the windows, in MHz} NaN without clock samples (no NVML, a host timer). */
    public double smClockMeanMhz() {
        return clocks.hasClockSamples() ? Dispersion.mean(clocks.smClockMhz()) : Double.NaN;
    }

    /**
     * {@return the coefficient of variation of the SM clock, in percent} Above 3 the result is tier C.
     * NaN without clock samples.
     */
    public double smClockCvPercent() {
        return clocks.hasClockSamples() ? Dispersion.cvPercent(clocks.smClockMhz()) : Double.NaN;
    }

    /**
     * {@return the largest minus the smallest SM clock sample, in MHz} Tier A needs it within 30 MHz.
     * NaN without clock samples.
     */
    public double smClockRangeMhz() {
        return clocks.hasClockSamples() ? Dispersion.range(clocks.smClockMhz()) : Double.NaN;
    }

    /** {@return whether a hardware or thermal throttle fired during the windows} Then the result is tier C. */
    public boolean throttleFired() {
        return clocks.throttle().fired();
    }

    /** {@return the confidence level, resample count and seed of the interval} With them the interval is reproduced. */
    public BootstrapSettings bootstrap() {
        return bootstrap;
    }

    /** {@return which estimator produced the interval, in words} Or, without an interval, why there is none and what is needed. */
    public String estimator() {
        return estimator;
    }

    /** {@return which timer took the samples, in words} For example CUDA events, or the wall clock. */
    public String timer() {
        return timer;
    }

    /**
     * {@return the timer's quantization step per call, in milliseconds} The timer's resolution over the
     * inner reps: the interval is at least this wide. Zero when the timer did not say.
     */
    public double timerStepMillis() {
        return timerStepMillis;
    }

    /** {@return the declared floating-point operations per call} NaN when not declared. */
    public double flopsPerCall() {
        return flopsPerCall;
    }

    /** {@return the declared bytes moved per call (read plus written)} NaN when not declared. */
    public double bytesPerCall() {
        return bytesPerCall;
    }

    /** {@return the arithmetic throughput at the median, in TFLOP/s} From the declared flops; NaN without them. */
    public double tflops() {
        return flopsPerCall / (medianMillis * 1e-3) / 1e12;
    }

    /** {@return the bandwidth at the median, in GB/s (10^9 bytes per second)} From the declared bytes; NaN without them. */
    public double gbPerSecond() {
        return bytesPerCall / (medianMillis * 1e-3) / 1e9;
    }

    /**
     * {@return the launch overhead per call, in milliseconds} What an empty kernel launched the same way
     * (same launch mode, same calls per sample) cost per call: the launches' share of the median. NaN
     * when not measured (a host timer, or switched off).
     */
    public double launchOverheadMillis() {
        return launchOverheadMillis;
    }

    /**
     * The interval of the launch overhead.
     *
     * @return its interval, in milliseconds per call; empty when the overhead was not measured
     */
    public java.util.Optional<Interval> launchOverheadIntervalMillis() {
        return java.util.Optional.ofNullable(launchOverheadIntervalMillis);
    }

    /**
     * {@return the median net of the launch overhead, in milliseconds per call} The kernel's own time,
     * as a profiler would show it, clamped at zero. NaN when the overhead was not measured. The raw
     * {@link #medianMillis()} is what a caller pays per launch; this is what the kernel's code costs.
     */
    public double netMedianMillis() {
        return Double.isNaN(launchOverheadMillis) ? Double.NaN : Math.max(0.0, medianMillis - launchOverheadMillis);
    }

    /**
     * The interval net of the launch overhead: both intervals combined at their far ends
     * ({@code [lower - overhead upper, upper - overhead lower]}), clamped at zero.
     *
     * @return the interval, in milliseconds per call; empty when the overhead was not measured
     */
    public java.util.Optional<Interval> netIntervalMillis() {
        if (launchOverheadIntervalMillis == null) {
            return java.util.Optional.empty();
        }
        double lo = Math.max(0.0, intervalMillis.lower() - launchOverheadIntervalMillis.upper());
        double hi = Math.max(lo, intervalMillis.upper() - launchOverheadIntervalMillis.lower());
        return java.util.Optional.of(new Interval(lo, hi, intervalMillis.confidence()));
    }

    /** What a net reading whose interval reaches zero says instead of a number: read the raw one. */
    public static final String NOT_NET_MEASURABLE = "not measurable net of launch overhead";

    /**
     * {@return whether the net reading is measurable} True when the launch overhead was measured and the
     * net interval stays above zero ({@code lower - overhead upper > 0}). False when that interval
     * reaches zero or below: the kernel's own time is lost in the launch overhead's spread, so the net
     * figure ({@link #netMedianMillis()}, clamped at zero) is no reading; say
     * {@link #NOT_NET_MEASURABLE} and give the raw {@link #medianMillis()}. False also when the
     * overhead was not measured.
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
    public boolean netMeasurable() {
        return launchOverheadIntervalMillis != null && hasInterval()
                && intervalMillis.lower() - launchOverheadIntervalMillis.upper() > 0.0;
    }

    /**
     * {@return the minimum detectable change at 80% power, a fraction of the median} The smallest
     * relative change from this median that a two-sided test at 5% would find 80% of the time, from
     * this result's own resampled spread: {@code 2.80 x SE}, SE the interval's width over {@code 2 z}
     * relative to the median ({@link MinDetectableChange}). Against a repeat of this run, combine the
     * two SEs ({@link MinDetectableChange#combined}): {@code sqrt(2)} times this for equal noise. NaN
     * without an interval.
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
    public double minDetectableChange() {
        return hasInterval() ? MinDetectableChange.of(MinDetectableChange.relativeSe(medianMillis, intervalMillis))
                : Double.NaN;
    }

    /**
     * The kernels one call launches, from the kernel pass (option {@code kernels}).
     *
     * @return the kernel table; empty when no pass was asked for. A pass that could not record is
     *     present and says why ({@link KernelBreakdown#whyUnavailable()}).
     */
    public java.util.Optional<KernelBreakdown> kernels() {
        return java.util.Optional.ofNullable(kernels);
    }

    /**
     * Energy per call and power from the energy windows (option {@code energy}).
     *
     * @return the energy; empty when energy was not asked for. Asked for and not measurable, it is
     *     present and says why ({@link EnergyResult#whyUnavailable()}).
     */
    public java.util.Optional<EnergyResult> energy() {
        return java.util.Optional.ofNullable(energy);
    }

    /**
     * The device's peak bandwidth and arithmetic rate, the denominators of the shares of peak.
     *
     * @return the peaks; empty when the device is not known (a host timer, no GPU). Known peaks can
     *     still hold NaN where a rate could not be computed ({@link DevicePeaks#basis()} says why).
     */
    public java.util.Optional<DevicePeaks> peaks() {
        return java.util.Optional.ofNullable(peaks);
    }

    /**
     * {@return the bandwidth at the median as a fraction of the device's peak DRAM bandwidth} NVBench's
     * BWUtil: 1.0 is the peak. NaN without declared bytes or a known peak.
     */
    public double bandwidthShareOfPeak() {
        return peaks == null ? Double.NaN : peaks.bandwidthShare(gbPerSecond() * 1e9);
    }

    /**
     * {@return the arithmetic rate at the median as a fraction of the device's peak} The peak in the
     * declared precision (option {@code precision}); 1.0 is the peak. NaN without declared flops or a
     * known peak.
     */
    public double flopsShareOfPeak() {
        return peaks == null ? Double.NaN : peaks.flopsShare(tflops() * 1e12);
    }

    /**
     * {@return what {@link #intervalMillis()} covers, in words} That is {@code "within this call"} (one
     * session of the Java API: the spread of its windows; a repeat call may read outside it),
     * {@code "over 5 forks"} (JMH: the run-to-run spread of the forks is in), {@code "within this fork"},
     * or empty where the producer did not say.
     */
    public String intervalScope() {
        return intervalScope;
    }

    /**
     * {@return how much the median of a repeat call varies on this host, as a fraction of the median}
     * A standard deviation, as the self-check measured it ({@code SelfCheck.repeatability}, given to
     * the option {@code repeatSdPct}); NaN when not known.
     */
    public double repeatSdFraction() {
        return repeatSdFraction;
    }

    /**
     * Where this host's median lies given this call's, when its repeatability is known: the median
     * plus or minus z times the repeat standard deviation at the interval's confidence, never
     * narrower than {@link #intervalMillis()}. Repeat calls' medians land in it about as often as
     * the confidence says.
     *
     * @return the interval, in milliseconds per call; empty when the host's repeatability is not
     *     known ({@link #repeatSdFraction()} is NaN)
     */
    public java.util.Optional<Interval> repeatIntervalMillis() {
        return java.util.Optional.ofNullable(repeatIntervalMillis);
    }

    /**
     * The precision reached: half the interval's width over the median (0.005 for +-0.5%), what the
     * option {@code halfWidth} is held against.
     *
     * @return the relative half-width of {@link #intervalMillis()}; NaN without an interval or for a
     *     median of zero
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
    public double precisionFraction() {
        if (!hasInterval() || !(medianMillis > 0)) {
            return Double.NaN;
        }
        return (intervalMillis.upper() - intervalMillis.lower()) / 2 / medianMillis;
    }

    /**
     * {@return the precision asked for: the option {@code halfWidth} as a fraction of the median}
     * NaN when sampling took a fixed count.
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
    public double precisionTargetFraction() {
        return precisionTargetFraction;
    }

    /** {@return why sampling stopped: the fixed count, the target reached, or a cap} */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
    public SamplingStop samplingStop() {
        return samplingStop;
    }

    /**
     * The GPU time the samples took: their timed regions summed (each sample times its inner reps),
     * with each window's untimed opening call (from four calls a sample on) at the median call, in
     * milliseconds; warm-up, calibration and the launch-overhead probe apart. What the option
     * {@code maxSamplingMs} caps, and the cost side of precision per GPU-second.
     *
     * @return milliseconds; NaN where not known
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
    public double samplingGpuMillis() {
        return samplingGpuMillis;
    }

    /**
     * In the unit the tables use, every number to the same four significant digits, with what the
     * interval covers and, when the host's repeatability is known, where a repeat call would read.
     */
    @Override
    public String toString() {
        DisplayUnit u = DisplayUnit.forMillis(medianMillis);
        double k = u.perMilli();
        String net = netIntervalMillis().filter(i -> hasInterval()).map(i -> netMeasurable()
                ? String.format(Locale.ROOT, ", net of launch overhead %.4g %s [%.4g, %.4g]", netMedianMillis() * k,
                        u.label(), i.lower() * k, i.upper() * k)
                : String.format(Locale.ROOT, ", %s (raw %.4g %s, launch overhead %.4g %s)", NOT_NET_MEASURABLE,
                        medianMillis * k, u.label(), launchOverheadMillis * k, u.label())).orElse("");
        String scope = intervalScope.isEmpty() ? "" : " " + intervalScope;
        String interval = hasInterval()
                ? String.format(Locale.ROOT, "[%.4g, %.4g] (%.0f%%%s, ", intervalMillis.lower() * k,
                        intervalMillis.upper() * k, 100 * intervalMillis.confidence(), scope)
                : "(" + noInterval + ", ";
        String repeat = repeatIntervalMillis().map(i -> String.format(Locale.ROOT,
                "; repeat calls [%.4g, %.4g] %s (sd %.2f%%, self-check)", i.lower() * k, i.upper() * k, u.label(),
                100 * repeatSdFraction))
                .orElse(intervalScope.equals(SCOPE_CALL) ? "; a repeat call may read outside it: see the self-check" : "");
        // tier C says why at once: no performance claim may be drawn from it
        String why = tier == MeasurementTier.C && !tierReasons.isEmpty() ? ": " + tierReasons.get(0) : "";
        String stop = samplingStop == SamplingStop.COUNT ? "" : String.format(Locale.ROOT,
                "; precision +-%.3g%% for a target of %.3g%%: %s after %.4g ms of GPU time", 100 * precisionFraction(),
                100 * precisionTargetFraction, samplingStop.words(), samplingGpuMillis);
        return String.format(Locale.ROOT, "%s: %.4g %s %sn=%d, tier %s%s%s%s%s)", name.isEmpty() ? "<unnamed>" : name,
                medianMillis * k, u.label(), interval, n(), tier, why, net, repeat, stop);
    }

    /** {@link #intervalScope()} of one call of the Java API. */
    public static final String SCOPE_CALL = "within this call";

    /** Collects the parts of a result; {@link #build()} validates them together. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static final class Builder {
        private String name = "";
        private double[] samplesMillis;
        private int[] windowIds;
        private double medianMillis = Double.NaN;
        private double p10Millis = Double.NaN;
        private double p90Millis = Double.NaN;
        private Interval intervalMillis;
        private MeasurementTier tier;
        private List<String> tierReasons = List.of();
        private long warmupCalls;
        private double firstCallMillis = Double.NaN;
        private SamplingStop samplingStop = SamplingStop.COUNT;
        private double precisionTargetFraction = Double.NaN;
        private double samplingGpuMillis = Double.NaN;
        private int innerReps = 1;
        private ClockEvidence clocks;
        private BootstrapSettings bootstrap = BootstrapSettings.defaults();
        private String estimator = "";
        private String timer = "";
        private double timerStepMillis;
        private double flopsPerCall = Double.NaN;
        private double bytesPerCall = Double.NaN;
        private double launchOverheadMillis = Double.NaN;
        private Interval launchOverheadInterval;
        private String noInterval = "";
        private KernelBreakdown kernels;
        private DevicePeaks peaks;
        private String intervalScope = "";
        private double repeatSdFraction = Double.NaN;
        private Interval repeatInterval;
        private EnergyResult energy;

        private Builder() {}

        /**
         * Sets the name.
         *
         * @param v the benchmark's name (may be empty)
         * @return this builder
         */
        public Builder name(String v) { this.name = v; return this; }
        /**
         * Sets the samples.
         *
         * @param v per-call samples in milliseconds, in time order, each finite and non-negative
         * @return this builder
         */
        public Builder samplesMillis(double[] v) { this.samplesMillis = v; return this; }
        /**
         * Sets each sample's window.
         *
         * @param v one id per sample, or null for a single window
         * @return this builder
         */
        public Builder windowIds(int[] v) { this.windowIds = v; return this; }
        /**
         * Sets the percentiles, in milliseconds per call.
         *
         * @param p10 the 10th percentile
         * @param median the median
         * @param p90 the 90th percentile
         * @return this builder
         */
        public Builder percentilesMillis(double p10, double median, double p90) {
            this.p10Millis = p10; this.medianMillis = median; this.p90Millis = p90; return this;
        }
        /**
         * Sets the median's interval.
         *
         * @param v the interval in milliseconds per call, not below zero
         * @return this builder
         */
        public Builder intervalMillis(Interval v) { this.intervalMillis = v; return this; }
        /**
         * Sets the tier.
         *
         * @param v the tier
         * @param reasons why, in words (empty only for a clean tier A)
         * @return this builder
         */
        public Builder tier(MeasurementTier v, List<String> reasons) { this.tier = v; this.tierReasons = reasons; return this; }
        /**
         * Sets the warm-up.
         *
         * @param v calls of the work before sampling, not negative
         * @return this builder
         */
        public Builder warmupCalls(long v) { this.warmupCalls = v; return this; }
        /**
         * Sets the first call's cost.
         *
         * @param v the host's wall time of the work's first call, synchronized, in milliseconds (NaN: not measured)
         * @return this builder
         */
        public Builder firstCallMillis(double v) { this.firstCallMillis = v; return this; }
        /**
         * Sets the inner reps.
         *
         * @param v calls of the work in each timed region, at least 1
         * @return this builder
         */
        public Builder innerReps(int v) { this.innerReps = v; return this; }
        /**
         * Sets the clock evidence.
         *
         * @param v the evidence of the windows (no samples, with the reason, when there is none)
         * @return this builder
         */
        public Builder clocks(ClockEvidence v) { this.clocks = v; return this; }
        /**
         * Sets the bootstrap settings the interval was computed with.
         *
         * @param v the settings
         * @return this builder
         */
        public Builder bootstrap(BootstrapSettings v) { this.bootstrap = v; return this; }
        /**
         * Sets the estimator's description.
         *
         * @param v the estimator in words, or why there is no interval
         * @return this builder
         */
        public Builder estimator(String v) { this.estimator = v; return this; }
        /**
         * Sets the timer.
         *
         * @param v which timer took the samples, in words
         * @param stepMillisPerCall its quantization step per call, in milliseconds, not negative
         * @return this builder
         */
        public Builder timer(String v, double stepMillisPerCall) { this.timer = v; this.timerStepMillis = stepMillisPerCall; return this; }
        /**
         * Sets the declared work per call.
         *
         * @param flops floating-point operations per call, positive (NaN: not declared)
         * @param bytes bytes moved per call, positive (NaN: not declared)
         * @return this builder
         */
        public Builder work(double flops, double bytes) { this.flopsPerCall = flops; this.bytesPerCall = bytes; return this; }
        /**
         * Sets the launch overhead.
         *
         * @param medianMillis the empty kernel's median per call, in milliseconds (NaN: not measured)
         * @param interval its interval, required when the median is not NaN
         * @return this builder
         */
        public Builder launchOverhead(double medianMillis, Interval interval) {
            this.launchOverheadMillis = medianMillis; this.launchOverheadInterval = interval; return this;
        }
        /**
         * Sets the kernel table.
         *
         * @param v the kernel table of the kernel pass, or null when none was taken
         * @return this builder
         */
        public Builder kernels(KernelBreakdown v) { this.kernels = v; return this; }
        /**
         * Sets the device's peaks.
         *
         * @param v the peaks, or null when the device is not known
         * @return this builder
         */
        public Builder peaks(DevicePeaks v) { this.peaks = v; return this; }
        /**
         * Sets the energy.
         *
         * @param v the energy windows' result, or null when energy was not asked for
         * @return this builder
         */
        public Builder energy(EnergyResult v) { this.energy = v; return this; }

        /**
         * Marks the samples as supporting no interval.
         *
         * @param why the reason ("" when they do support one)
         * @return this builder
         */
        public Builder noInterval(String why) { this.noInterval = why; return this; }
        /**
         * Sets what the interval covers.
         *
         * @param v in words ({@link TimingResult#SCOPE_CALL}, "over 5 forks", ...)
         * @return this builder
         */
        public Builder intervalScope(String v) { this.intervalScope = v; return this; }
        /**
         * Sets the host's repeatability.
         *
         * @param sdFraction the repeat standard deviation as a fraction of the median (NaN: unknown)
         * @param interval the interval a repeat's median falls in (null exactly when unknown)
         * @return this builder
         */
        public Builder repeat(double sdFraction, Interval interval) {
            this.repeatSdFraction = sdFraction; this.repeatInterval = interval; return this;
        }

        /**
         * Sets how sampling went.
         *
         * @param stop why it stopped
         * @param targetFraction the precision asked for, a fraction of the median (NaN: a fixed count)
         * @param gpuMillis the samples' GPU time, ms (NaN: not known)
         * @return this builder
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Builder sampling(SamplingStop stop, double targetFraction, double gpuMillis) {
            this.samplingStop = stop; this.precisionTargetFraction = targetFraction; this.samplingGpuMillis = gpuMillis;
            return this;
        }

        /**
         * Checks the parts together.
         *
         * @return the result
         * @throws NullPointerException if the name, interval, tier, clock evidence, bootstrap settings,
         *     estimator, timer or scope is missing
         * @throws IllegalArgumentException if a part is out of range or the parts disagree, naming the
         *     bad value
         */
        public TimingResult build() {
            return new TimingResult(this);
        }
    }
}
