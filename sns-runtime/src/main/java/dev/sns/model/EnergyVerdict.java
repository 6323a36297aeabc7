package dev.sns.model;

import dev.sns.stats.Interval;
import org.apiguardian.api.API;

/**
 * What an energy ratio's interval supports ({@code baseline joules per call / candidate's}: above 1
 * the candidate uses less), judged on its bounds against a margin, never on the point estimate.
 */
public enum EnergyVerdict {
    /** The whole interval lies above {@code 1 + margin}: the candidate uses less energy per call. */
    LESS_ENERGY,
    /** The whole interval lies below {@code 1 / (1 + margin)}: the candidate uses more energy per call. */
    MORE_ENERGY,
    /** Neither: no difference in energy was shown. */
    PARITY,
    /** A side's windows were throttled by the hardware, or a side has no interval: no verdict. */
    NO_VERDICT;

    /** Default margin: a 5% difference either way, read on the interval's bounds. */
    public static final double DEFAULT_MARGIN = 0.05;

    /**
     * The verdict on an energy ratio's interval.
     *
     * @param ratio the interval of baseline joules per call over the candidate's, or null when a side
     *     has none
     * @param margin the difference to show, in (0, 1]: 0.05 is 5%
     * @param valid false when a side's windows were throttled by the hardware
     * @return NO_VERDICT unless {@code valid} and {@code ratio} is there; else LESS_ENERGY,
     *     MORE_ENERGY or PARITY from the interval's bounds
     * @throws IllegalArgumentException if {@code margin} is outside (0, 1]
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static EnergyVerdict judge(Interval ratio, double margin, boolean valid) {
        checkMargin(margin);
        if (!valid || ratio == null) {
            return NO_VERDICT;
        }
        if (ratio.lower() > 1 + margin) {
            return LESS_ENERGY;
        }
        if (ratio.upper() < 1 / (1 + margin)) {
            return MORE_ENERGY;
        }
        return PARITY;
    }

    /**
     * Checks a margin.
     *
     * @param margin the margin to check
     * @return {@code margin}, when it is in (0, 1]
     * @throws IllegalArgumentException otherwise, saying what 0.05 means
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static double checkMargin(double margin) {
        if (!(margin > 0 && margin <= 1)) {
            throw new IllegalArgumentException("the energy margin must be in (0, 1], got " + margin
                    + " (0.05 means: the whole interval shows at least a 5% difference)");
        }
        return margin;
    }
}
