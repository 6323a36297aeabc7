package dev.sns.stats;

/**
 * Keeps an interval at least one timer quantization step wide.
 *
 * <p>A timer that ticks in steps of q cannot tell two values less than q apart, so an interval
 * narrower than q claims more than was measured (a bootstrap over tied samples can even collapse
 * to a point). The floor widens such an interval symmetrically to exactly q, clamped at zero for
 * quantities that cannot be negative.
 */
public final class QuantizationFloor {
    private QuantizationFloor() {}

    /** {@code interval}, widened around its centre to at least {@code step} (no-op for step 0). */
    public static Interval atLeast(Interval interval, double step) {
        if (!(step >= 0.0) || !Double.isFinite(step)) {
            throw new IllegalArgumentException("quantization step must be finite and non-negative, got " + step);
        }
        double width = interval.width();
        if (width >= step) {
            return interval;
        }
        double pad = 0.5 * (step - width);
        double lower = interval.lower() - pad;
        double upper = interval.upper() + pad;
        if (lower < 0.0 && interval.lower() >= 0.0) {
            upper -= lower;
            lower = 0.0;
        }
        return new Interval(lower, upper, interval.confidence());
    }

    /**
     * The smallest change of a ratio {@code b/c} that the timer can show: one step {@code q} on the
     * candidate moves it by {@code ratio * q / c}, one step on the baseline by {@code q / c}.
     */
    public static double ratioStep(double ratio, double candidateMedian, double step) {
        if (!(candidateMedian > 0.0)) {
            throw new IllegalArgumentException("candidate median must be positive, got " + candidateMedian);
        }
        return step / candidateMedian * Math.max(1.0, ratio);
    }
}
