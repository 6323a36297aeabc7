package dev.sns.stats;

import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;

/** Spread of a sample set: coefficient of variation and range. */
public final class Dispersion {
    private Dispersion() {}

    /**
     * Coefficient of variation in percent: population standard deviation over the absolute mean,
     * times 100. Zero for a single sample or a zero mean (there is no spread to scale).
     */
    public static double cvPercent(double[] samples) {
        if (samples == null || samples.length == 0) {
            throw new IllegalArgumentException("cv of an empty sample set: take at least one sample");
        }
        if (samples.length == 1) {
            return 0.0;
        }
        double mean = new Mean().evaluate(samples);
        if (mean == 0.0) {
            return 0.0;
        }
        double sd = new StandardDeviation(false).evaluate(samples);
        return 100.0 * sd / Math.abs(mean);
    }

    /** Largest minus smallest sample. */
    public static double range(double[] samples) {
        if (samples == null || samples.length == 0) {
            throw new IllegalArgumentException("range of an empty sample set: take at least one sample");
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double s : samples) {
            min = Math.min(min, s);
            max = Math.max(max, s);
        }
        return max - min;
    }

    /** Arithmetic mean. */
    public static double mean(double[] samples) {
        if (samples == null || samples.length == 0) {
            throw new IllegalArgumentException("mean of an empty sample set: take at least one sample");
        }
        return new Mean().evaluate(samples);
    }
}
