package dev.sns.model;

import dev.sns.stats.Interval;

/**
 * The bounds a speedup interval must clear for a verdict.
 *
 * @param fasterLowerBound FASTER when the interval's lower bound is above this (default 1.2)
 * @param slowerUpperBound SLOWER when the interval's upper bound is below this (default 0.95)
 */
public record VerdictThresholds(double fasterLowerBound, double slowerUpperBound) {
    /** The FASTER threshold by default: the whole interval shows at least a 20% speedup. */
    public static final double DEFAULT_FASTER = 1.2;
    /** The SLOWER threshold by default: the whole interval shows at least a 5% slowdown. */
    public static final double DEFAULT_SLOWER = 0.95;

    /**
     * Checks the thresholds.
     *
     * @param fasterLowerBound FASTER when the interval's lower bound is above this (default 1.2)
     * @param slowerUpperBound SLOWER when the interval's upper bound is below this (default 0.95)
     * @throws IllegalArgumentException if {@code fasterLowerBound} is below 1 or not finite, or
     *     {@code slowerUpperBound} is outside (0, 1]
     */
    public VerdictThresholds {
        if (!(fasterLowerBound >= 1.0) || !Double.isFinite(fasterLowerBound)) {
            throw new IllegalArgumentException("the FASTER threshold must be finite and at least 1.0, got "
                    + fasterLowerBound + " (1.2 means: the whole interval shows at least a 20% speedup)");
        }
        if (!(slowerUpperBound > 0.0 && slowerUpperBound <= 1.0)) {
            throw new IllegalArgumentException("the SLOWER threshold must be in (0, 1], got "
                    + slowerUpperBound + " (0.95 means: the whole interval shows at least a 5% slowdown)");
        }
    }

    /** {@return the thresholds sns uses unless told otherwise} FASTER above 1.2, SLOWER below 0.95. */
    public static VerdictThresholds defaults() {
        return new VerdictThresholds(DEFAULT_FASTER, DEFAULT_SLOWER);
    }

    /**
     * The verdict for a speedup interval measured at the given tier, judged on its bounds only.
     *
     * @param speedup the interval of a speedup (baseline over candidate: above 1 the candidate is faster)
     * @param tier the comparison's tier
     * @return NO_VERDICT on tier C; else FASTER if the lower bound is above {@link #fasterLowerBound()},
     *     SLOWER if the upper bound is below {@link #slowerUpperBound()}, PARITY otherwise
     */
    public Verdict judge(Interval speedup, MeasurementTier tier) {
        if (!tier.isPerformanceValid()) {
            return Verdict.NO_VERDICT;
        }
        if (speedup.lower() > fasterLowerBound) {
            return Verdict.FASTER;
        }
        if (speedup.upper() < slowerUpperBound) {
            return Verdict.SLOWER;
        }
        return Verdict.PARITY;
    }
}
