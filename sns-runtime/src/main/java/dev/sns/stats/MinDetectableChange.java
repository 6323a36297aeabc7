package dev.sns.stats;

import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * The minimum detectable change (MDC): the smallest relative change a two-sided test at 5% finds
 * with 80% power, given the standard error of the reading it would be judged on:
 * {@code MDC = (z(0.975) + z(0.80)) x SE = 2.80 x SE}, SE relative (a fraction of the reading).
 *
 * <p>The SE is read from the reading's own resampled spread: a bootstrap interval at confidence c
 * spans about {@code 2 z((1+c)/2)} standard errors, so {@code SE = (upper - lower) / (2 z((1+c)/2))}
 * (relative to the median; for a ratio, the same in log space, {@code (ln upper - ln lower) / (2 z)}).
 * Two readings judged against each other (a run against an older run) combine their SEs in quadrature
 * ({@link #combined}). Units: fractions (0.03 is 3%).
 */
public final class MinDetectableChange {
    /** Two-sided test at 5%: z(0.975). */
    public static final double Z_ALPHA = 1.959963984540054;
    /** 80% power: z(0.80). */
    public static final double Z_POWER = 0.8416212335729143;
    /** {@code Z_ALPHA + Z_POWER}: 2.8016. */
    public static final double FACTOR = Z_ALPHA + Z_POWER;

    private MinDetectableChange() {}

    /**
     * The relative standard error of a median from its bootstrap interval.
     *
     * @param median the reading (positive)
     * @param interval its interval; its confidence sets z
     * @return {@code (upper - lower) / (2 z) / median}; NaN when the median is not positive or the interval
     *     is not finite
     */
    public static double relativeSe(double median, Interval interval) {
        if (!(median > 0) || !Double.isFinite(interval.upper() - interval.lower())) {
            return Double.NaN;
        }
        return (interval.upper() - interval.lower()) / (2 * z(interval.confidence())) / median;
    }

    /**
     * The standard error of a ratio's logarithm from its interval (a relative SE of the ratio).
     *
     * @param ratio its interval (positive bounds)
     * @return {@code (ln upper - ln lower) / (2 z)}; NaN when a bound is not positive or not finite
     */
    public static double logRatioSe(Interval ratio) {
        if (!(ratio.lower() > 0) || !Double.isFinite(ratio.upper())) {
            return Double.NaN;
        }
        return (Math.log(ratio.upper()) - Math.log(ratio.lower())) / (2 * z(ratio.confidence()));
    }

    /**
     * The MDC of one reading of relative standard error {@code se}.
     *
     * @param se relative standard error (fraction)
     * @return {@link #FACTOR} x se; NaN for NaN
     */
    public static double of(double se) {
        return FACTOR * se;
    }

    /**
     * The MDC of a change between two readings: their SEs combined in quadrature.
     *
     * @param seA one reading's relative SE
     * @param seB the other's
     * @return {@code FACTOR x sqrt(seA^2 + seB^2)}; NaN when either is NaN
     */
    public static double combined(double seA, double seB) {
        return FACTOR * Math.sqrt(seA * seA + seB * seB);
    }

    /** The two-sided z of confidence {@code c}: z((1 + c) / 2). */
    static double z(double c) {
        return new NormalDistribution(null, 0, 1).inverseCumulativeProbability((1 + c) / 2);
    }
}
