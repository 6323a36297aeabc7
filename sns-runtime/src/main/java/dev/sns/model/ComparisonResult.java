package dev.sns.model;

import dev.sns.stats.Interval;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A candidate measured against a baseline in the same run: the speedup
 * {@code baseline median / candidate median} (above 1: the candidate is faster) with its interval,
 * the worse tier of the two halves, and the verdict the interval supports.
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

    /**
     * @param speedupInterval interval of the speedup
     * @param cycleSpeedupInterval interval of the speedup in SM cycles (time x clock), or null when
     *     there was no clock evidence
     * @param design how the interval was computed (e.g. "paired rounds in 10 windows")
     */
    public ComparisonResult(TimingResult candidate, TimingResult baseline, Interval speedupInterval,
                            Interval cycleSpeedupInterval, String design, VerdictThresholds thresholds) {
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
    }

    public TimingResult candidate() {
        return candidate;
    }

    public TimingResult baseline() {
        return baseline;
    }

    /** Baseline median over candidate median: above 1 the candidate is faster. Read the interval. */
    public double speedup() {
        return speedup;
    }

    public Interval speedupInterval() {
        return speedupInterval;
    }

    /** The speedup counted in SM cycles rather than time, when clocks were sampled. */
    public Optional<Interval> cycleSpeedupInterval() {
        return Optional.ofNullable(cycleSpeedupInterval);
    }

    public String design() {
        return design;
    }

    public VerdictThresholds thresholds() {
        return thresholds;
    }

    /** The worse of the two halves' tiers. */
    public MeasurementTier tier() {
        return candidate.tier().worse(baseline.tier());
    }

    public boolean isPerformanceValid() {
        return tier().isPerformanceValid();
    }

    /** FASTER, SLOWER or PARITY from the interval's bounds; NO_VERDICT on tier C. */
    public Verdict verdict() {
        return thresholds.judge(speedupInterval, tier());
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s vs %s: speedup %.4f [%.4f, %.4f] (%.0f%%, tier %s) %s",
                candidate.name(), baseline.name(), speedup, speedupInterval.lower(), speedupInterval.upper(),
                100 * speedupInterval.confidence(), tier(), verdict());
    }
}
