package dev.sns.stats;

import org.apiguardian.api.API;

/**
 * A two-sided confidence interval.
 *
 * @param lower lower bound, finite
 * @param upper upper bound, finite, at least {@code lower}
 * @param confidence the confidence level it was computed at, in (0, 1)
 */
@API(status = API.Status.STABLE, since = "0.2.0")
public record Interval(double lower, double upper, double confidence) implements java.io.Serializable {
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

    /** Upper minus lower bound. */
    public double width() {
        return upper - lower;
    }

    /** Whether {@code value} lies inside, bounds included. */
    public boolean contains(double value) {
        return value >= lower && value <= upper;
    }

    /** This interval with both bounds multiplied by a positive factor. */
    public Interval scaled(double factor) {
        if (!(factor > 0.0) || !Double.isFinite(factor)) {
            throw new IllegalArgumentException("scale factor must be positive and finite, got " + factor);
        }
        return new Interval(lower * factor, upper * factor, confidence);
    }

    /** The interval of 1/x: [1/upper, 1/lower]. Needs a positive lower bound. */
    public Interval reciprocal() {
        if (!(lower > 0.0)) {
            throw new IllegalArgumentException("reciprocal of an interval needs a positive lower bound, got " + lower);
        }
        return new Interval(1.0 / upper, 1.0 / lower, confidence);
    }
}
