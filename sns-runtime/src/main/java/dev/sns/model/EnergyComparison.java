package dev.sns.model;

import dev.sns.stats.Interval;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The energy side of a comparison: {@code baseline joules per call / candidate joules per call}
 * (above 1 the candidate uses less energy per call) with an interval resampled in the same design as
 * the speedup's (windows are the unit; ABBA rounds paired), the same above idle where both sides
 * measured idle power, and the verdict against its own margin. Absent ({@link #available()} false,
 * with the reason) where a side has no energy reading.
 *
 * @param ratio baseline over candidate joules per call, dimensionless (above 1 the candidate uses
 *     less); NaN when unavailable
 * @param interval its interval, dimensionless (null when unavailable)
 * @param aboveIdleRatio the same with each side's idle power taken out of its energy per call (NaN
 *     unless both sides measured idle power)
 * @param aboveIdleInterval its interval (null without idle readings on both sides)
 * @param margin the verdict's margin (0.05: a 5% difference)
 * @param valid whether a verdict may be given (no hardware throttle in either side's windows)
 * @param design how the interval was resampled, in words
 * @param unavailable why there is no energy ratio ("" when there is one); use {@link #whyUnavailable()}
 */
public record EnergyComparison(double ratio, Interval interval, double aboveIdleRatio, Interval aboveIdleInterval,
                               double margin, boolean valid, String design, String unavailable) {
    /**
     * Checks the margin and that an available ratio is positive with an interval.
     *
     * @param ratio baseline over candidate joules per call, dimensionless (above 1 the candidate uses
     *     less); NaN when unavailable
     * @param interval its interval, dimensionless (null when unavailable)
     * @param aboveIdleRatio the same with each side's idle power taken out of its energy per call (NaN
     *     unless both sides measured idle power)
     * @param aboveIdleInterval its interval (null without idle readings on both sides)
     * @param margin the verdict's margin (0.05: a 5% difference)
     * @param valid whether a verdict may be given (no hardware throttle in either side's windows)
     * @param design how the interval was resampled, in words
     * @param unavailable why there is no energy ratio ("" when there is one); use {@link #whyUnavailable()}
     * @throws NullPointerException if {@code design} or {@code unavailable} is null
     * @throws IllegalArgumentException if the margin is outside (0, 1], or there is no reason and no
     *     positive ratio with an interval
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public EnergyComparison {
        EnergyVerdict.checkMargin(margin);
        Objects.requireNonNull(design, "design");
        Objects.requireNonNull(unavailable, "unavailable");
        if (unavailable.isEmpty() && (interval == null || !(ratio > 0))) {
            throw new IllegalArgumentException("an energy ratio needs a positive ratio and an interval, got " + ratio
                    + " " + interval);
        }
    }

    /**
     * No energy ratio, for this reason.
     *
     * @param reason why (a side has no energy reading, and why), not empty
     * @param margin the margin the verdict would have used
     * @return a comparison with NaN ratios, no intervals, no verdict and that reason
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static EnergyComparison unavailable(String reason, double margin) {
        return new EnergyComparison(Double.NaN, null, Double.NaN, null, margin, false, "", reason);
    }

    /** {@return whether there is an energy ratio} When false, {@link #whyUnavailable()} says why. */
    public boolean available() {
        return unavailable.isEmpty();
    }

    /**
     * Why there is no energy ratio.
     *
     * @return the reason, or empty when there is a ratio
     */
    public Optional<String> whyUnavailable() {
        return Unavailable.reason(unavailable);
    }

    /**
     * Why there is no energy ratio ("" when there is one).
     *
     * @return the reason, or ""
     * @deprecated an empty string is no answer: use {@link #whyUnavailable()}; this accessor goes in the next release.
     */
    @Deprecated(since = "0.2.0", forRemoval = true)
    @Override
    public String unavailable() {
        return unavailable;
    }

    /**
     * The interval of the ratio above idle.
     *
     * @return {@link #aboveIdleInterval()}, dimensionless; empty unless both sides measured idle power
     */
    public Optional<Interval> aboveIdle() {
        return Optional.ofNullable(aboveIdleInterval);
    }

    /**
     * {@return the energy verdict} LESS_ENERGY, MORE_ENERGY or PARITY from the bounds of
     * {@link #interval()} against {@link #margin()}; NO_VERDICT when not valid or unavailable.
     */
    public EnergyVerdict verdict() {
        return EnergyVerdict.judge(interval, margin, valid && available());
    }

    @Override
    public String toString() {
        if (!available()) {
            return "energy: " + unavailable;
        }
        String idle = aboveIdleInterval == null ? "" : String.format(Locale.ROOT, ", above idle %.4f [%.4f, %.4f]",
                aboveIdleRatio, aboveIdleInterval.lower(), aboveIdleInterval.upper());
        return String.format(Locale.ROOT, "energy ratio %.4f [%.4f, %.4f]%s %s", ratio, interval.lower(),
                interval.upper(), idle, verdict());
    }
}
