package dev.sns.stats;

import org.apiguardian.api.API;

/**
 * A two-sided confidence interval. Its unit is the unit of the quantity it bounds, which the name
 * of the accessor that returns it says ({@code intervalMillis()}: milliseconds per call); a ratio's
 * interval has no unit.
 *
 * <p>Serializable only so that JMH can carry it from a fork to its host JVM, both of one sns version;
 * its serialized form is no part of the API.
 *
 * @param lower lower bound, finite
 * @param upper upper bound, finite, at least {@code lower}
 * @param confidence the confidence level it was computed at, in (0, 1): 0.95 for a 95% interval
 * @serial exclude
 */
@API(status = API.Status.STABLE, since = "0.2.0")
public record Interval(double lower, double upper, double confidence) implements java.io.Serializable {
    /**
     * Checks the bounds and the level.
     *
     * @param lower lower bound, finite
     * @param upper upper bound, finite, at least {@code lower}
     * @param confidence the confidence level it was computed at, in (0, 1): 0.95 for a 95% interval
     * @throws IllegalArgumentException if a bound is not finite, {@code lower > upper}, or the
     *     confidence is outside (0, 1)
     */
    public Interval {
        if (!Double.isFinite(lower) || !Double.isFinite(upper)) {
            throw new IllegalArgumentException("interval bounds must be finite, got [" + lower + ", " + upper + "]");
        }
        if (lower > upper) {
            throw new IllegalArgumentException("lower (" + lower + ") > upper (" + upper + ")");
        }
        if (!(confidence > 0.0 && confidence < 1.0)) {
            throw new IllegalArgumentException("confidence must be in (0, 1), got " + confidence);
        }
    }

    /** {@return the upper minus the lower bound} Zero or more, in the interval's unit. */
    public double width() {
        return upper - lower;
    }

    /**
     * Whether a value lies inside.
     *
     * @param value a value in the interval's unit
     * @return true if {@code lower <= value <= upper} (bounds included); false for NaN
     */
    public boolean contains(double value) {
        return value >= lower && value <= upper;
    }

    /**
     * This interval in another unit: both bounds multiplied by a positive factor.
     *
     * @param factor the factor, positive and finite ({@code 1e-6} turns nanoseconds into milliseconds)
     * @return the scaled interval at the same confidence
     * @throws IllegalArgumentException if {@code factor} is not positive and finite
     */
    public Interval scaled(double factor) {
        if (!(factor > 0.0) || !Double.isFinite(factor)) {
            throw new IllegalArgumentException("scale factor must be positive and finite, got " + factor);
        }
        return new Interval(lower * factor, upper * factor, confidence);
    }

    /**
     * The interval of 1/x: a speedup's interval read as a slowdown's, a time's as a rate's.
     *
     * @return {@code [1/upper, 1/lower]} at the same confidence
     * @throws IllegalArgumentException if the lower bound is not positive
     */
    public Interval reciprocal() {
        if (!(lower > 0.0)) {
            throw new IllegalArgumentException("reciprocal of an interval needs a positive lower bound, got " + lower);
        }
        return new Interval(1.0 / upper, 1.0 / lower, confidence);
    }
}
