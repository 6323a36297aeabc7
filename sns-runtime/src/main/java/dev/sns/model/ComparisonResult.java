package dev.sns.model;

import dev.sns.stats.Interval;
import dev.sns.stats.MinDetectableChange;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A candidate measured against a baseline in the same run: the speedup
 * {@code baseline median / candidate median} (above 1: the candidate is faster) with its interval,
 * the worse tier of the two halves, and the verdict the interval supports.
 *
 * <p>Beside the raw speedup, the speedup net of each side's launch overhead (each median less its
 * own empty kernel's, timed the same way) with an interval from the same resampling design: short
 * kernels' raw ratios lean toward 1, because the fixed launch cost is in both medians. The verdict
 * reads one of the two ({@link #verdictReading()}: raw unless net was asked for and exists).
 *
 * <p>The baseline is never cached: both halves come from the same run, under the same clock
 * policy. The ratio is dimensionless, so it compares across machines; the absolute times do not.
 */
public final class ComparisonResult {
    private final TimingResult candidate;
    private final TimingResult baseline;
    private final double speedup;
    private final Interval speedupInterval;
    private final Interval cycleSpeedupInterval;
    private final String design;
    private final VerdictThresholds thresholds;
    private final double netSpeedup;
    private final Interval netSpeedupInterval;
    private final String netUnavailable;
    private final SpeedupReading requestedReading;
    private EnergyComparison energy;

    /**
     * A comparison with the raw speedup only (no net reading); the verdict reads the raw interval.
     *
     * @param candidate the candidate's result
     * @param baseline the baseline's result, from the same run
     * @param speedupInterval interval of the speedup
     * @param cycleSpeedupInterval interval of the speedup in SM cycles (time x clock), or null when
     *     there was no clock evidence
     * @param design how the interval was computed (e.g. "paired rounds in 10 windows")
     * @param thresholds the bounds the verdict's interval must clear
     * @throws IllegalArgumentException if the candidate's median is not above zero
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public ComparisonResult(TimingResult candidate, TimingResult baseline, Interval speedupInterval,
                            Interval cycleSpeedupInterval, String design, VerdictThresholds thresholds) {
        this(candidate, baseline, speedupInterval, cycleSpeedupInterval, null, "no net speedup computed", design,
                thresholds, SpeedupReading.RAW);
    }

    /**
     * A comparison with its raw and, where the launch overheads were measured, its net speedup.
     *
     * @param candidate the candidate's result
     * @param baseline the baseline's result, from the same run
     * @param speedupInterval interval of the speedup
     * @param cycleSpeedupInterval interval of the speedup in SM cycles (time x clock), or null when
     *     there was no clock evidence
     * @param netSpeedupInterval interval of the speedup net of the launch overheads, or null
     * @param netUnavailable why there is no net interval (ignored when there is one)
     * @param design how the interval was computed (e.g. "paired rounds in 10 windows")
     * @param thresholds the bounds the verdict's interval must clear
     * @param verdictOn which speedup the verdict reads (net falls back to raw, saying so, without a net interval)
     * @throws IllegalArgumentException if the candidate's median is not above zero (the timed region
     *     fell below the timer's resolution)
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public ComparisonResult(TimingResult candidate, TimingResult baseline, Interval speedupInterval,
                            Interval cycleSpeedupInterval, Interval netSpeedupInterval, String netUnavailable,
                            String design, VerdictThresholds thresholds, SpeedupReading verdictOn) {
        this.candidate = Objects.requireNonNull(candidate, "candidate");
        this.baseline = Objects.requireNonNull(baseline, "baseline");
        if (!(candidate.medianMillis() > 0.0)) {
            throw new IllegalArgumentException("candidate '" + candidate.name() + "' measured "
                    + candidate.medianMillis() + " ms: the timed region fell below the timer's resolution ("
                    + candidate.timer() + "); raise inner reps or check that the work does something");
        }
        this.speedup = baseline.medianMillis() / candidate.medianMillis();
        this.speedupInterval = Objects.requireNonNull(speedupInterval, "speedup interval");
        this.cycleSpeedupInterval = cycleSpeedupInterval;
        this.design = Objects.requireNonNull(design, "design");
        this.thresholds = Objects.requireNonNull(thresholds, "thresholds");
        this.netSpeedupInterval = netSpeedupInterval;
        this.netSpeedup = netSpeedupInterval == null ? Double.NaN
                : baseline.netMedianMillis() / candidate.netMedianMillis();
        this.netUnavailable = netSpeedupInterval == null ? Objects.requireNonNull(netUnavailable, "netUnavailable") : "";
        this.requestedReading = Objects.requireNonNull(verdictOn, "verdictOn");
    }

    /**
     * This comparison with its energy side. The speedup and its verdict are unchanged.
     *
     * @param e the energy ratio with its interval and verdict; null removes it
     * @return a copy of this comparison with that energy side
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public ComparisonResult withEnergy(EnergyComparison e) {
        ComparisonResult c = new ComparisonResult(candidate, baseline, speedupInterval, cycleSpeedupInterval,
                netSpeedupInterval, netUnavailable, design, thresholds, requestedReading);
        c.energy = e;
        return c;
    }

    /**
     * The energy ratio beside the speedup (both sides measured with option {@code energy}).
     *
     * @return the energy comparison; empty when energy was not asked for. Asked for and not
     *     measurable, it is present and says why ({@link EnergyComparison#whyUnavailable()}).
     */
    public Optional<EnergyComparison> energy() {
        return Optional.ofNullable(energy);
    }

    /** {@return the candidate's result} Its median is the speedup's denominator. */
    public TimingResult candidate() {
        return candidate;
    }

    /** {@return the baseline's result} Measured in the same run as the candidate, never cached. */
    public TimingResult baseline() {
        return baseline;
    }

    /**
     * {@return the speedup: baseline median over candidate median} Dimensionless; above 1 the
     * candidate is faster. A point estimate only: the verdict reads {@link #speedupInterval()}'s
     * bounds, and so should you.
     */
    public double speedup() {
        return speedup;
    }

    /**
     * {@return the confidence interval of the speedup} Dimensionless, at the level of the halves'
     * bootstrap settings, resampled in the comparison's {@link #design()}.
     */
    public Interval speedupInterval() {
        return speedupInterval;
    }

    /**
     * The speedup counted in SM cycles (time times SM clock) rather than time: it removes a clock
     * difference between the halves.
     *
     * @return its interval, dimensionless; empty unless every window of both halves has clock samples
     *     (none without NVML or with a host timer)
     */
    public Optional<Interval> cycleSpeedupInterval() {
        return Optional.ofNullable(cycleSpeedupInterval);
    }

    /**
     * {@return the speedup net of the launch overheads} Baseline net median over candidate net median
     * ({@link TimingResult#netMedianMillis()}): the kernels' own cost, dimensionless. NaN when there
     * is none ({@link #whyNetUnavailable()} says why).
     */
    public double netSpeedup() {
        return netSpeedup;
    }

    /**
     * The interval of the net speedup, resampled in the same design as the raw one.
     *
     * @return the interval, dimensionless; empty when there is no net speedup
     *     ({@link #whyNetUnavailable()} says why)
     */
    public Optional<Interval> netSpeedupInterval() {
        return Optional.ofNullable(netSpeedupInterval);
    }

    /**
     * Why there is no net speedup (no launch overhead measured, say).
     *
     * @return the reason, or empty when there is a net speedup
     */
    public Optional<String> whyNetUnavailable() {
        return netSpeedupInterval == null ? Optional.of(netUnavailable) : Optional.empty();
    }

    /**
     * Why there is no net speedup; "" when there is one.
     *
     * @return the reason, or ""
     * @deprecated an empty string is no answer: use {@link #whyNetUnavailable()}; this one goes in the next release.
     */
    @Deprecated(since = "0.2.0", forRemoval = true)
    public String netUnavailable() {
        return netUnavailable;
    }

    /** {@return the speedup the verdict reads} Net when it was asked for (option {@code verdictOn}) and exists, raw otherwise. */
    public SpeedupReading verdictReading() {
        return requestedReading == SpeedupReading.NET && netSpeedupInterval != null ? SpeedupReading.NET
                : SpeedupReading.RAW;
    }

    /**
     * {@return what the verdict read, in words} That is {@code "raw"}, {@code "net"}, or
     * {@code "raw (net asked for, but REASON)"} when net was asked for and there is none.
     */
    public String verdictBasis() {
        if (requestedReading == SpeedupReading.NET && netSpeedupInterval == null) {
            return "raw (net asked for, but " + netUnavailable + ")";
        }
        return verdictReading().toString();
    }

    /** {@return the interval the verdict reads} The net speedup's or the raw one's, as {@link #verdictReading()} says. */
    public Interval verdictInterval() {
        return verdictReading() == SpeedupReading.NET ? netSpeedupInterval : speedupInterval;
    }

    /**
     * {@return how the speedup's interval was resampled, in words} For example
     * {@code "paired rounds in 10 windows"}: which samples were paired and what was drawn whole.
     */
    public String design() {
        return design;
    }

    /** {@return the bounds the verdict's interval had to clear} */
    public VerdictThresholds thresholds() {
        return thresholds;
    }

    /** {@return the worse of the two halves' tiers} A comparison is only as good as its worse half. */
    public MeasurementTier tier() {
        return candidate.tier().worse(baseline.tier());
    }

    /** {@return whether a performance claim may be drawn} False when either half is tier C. */
    public boolean isPerformanceValid() {
        return tier().isPerformanceValid();
    }

    /**
     * {@return the verdict} FASTER, SLOWER or PARITY from the bounds of the interval
     * {@link #verdictReading()} names, against {@link #thresholds()}; NO_VERDICT on tier C.
     */
    public Verdict verdict() {
        return thresholds.judge(verdictInterval(), tier());
    }

    /**
     * {@return the minimum detectable change at 80% power of the verdict's speedup, a fraction} The
     * smallest relative change of the speedup a two-sided test at 5% would find 80% of the time, from
     * the interval {@link #verdictInterval()} names (its resampled spread, both sides' noise in it):
     * {@code 2.80 x (ln upper - ln lower) / (2 z)} ({@code dev.sns.stats.MinDetectableChange}). NaN
     * when a bound is not positive or not finite.
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
    public double minDetectableChange() {
        return MinDetectableChange.of(MinDetectableChange.logRatioSe(verdictInterval()));
    }

    @Override
    public String toString() {
        String net = netSpeedupInterval == null ? "" : String.format(Locale.ROOT, "; net %.4f [%.4f, %.4f], verdict on %s",
                netSpeedup, netSpeedupInterval.lower(), netSpeedupInterval.upper(), verdictReading());
        return String.format(Locale.ROOT, "%s vs %s: speedup %.4f [%.4f, %.4f] (%.0f%%, tier %s) %s%s%s",
                candidate.name(), baseline.name(), speedup, speedupInterval.lower(), speedupInterval.upper(),
                100 * speedupInterval.confidence(), tier(), verdict(), net, energy == null ? "" : "; " + energy);
    }
}
