package dev.sns.reports.changes;

import dev.sns.stats.Percentiles;

/**
 * The noise between runs, estimated from the series itself, robustly: the standard deviation a
 * normal series would have, from the median absolute deviation of its first differences,
 * {@code 1.4826 * MAD(diff) / sqrt(2)}. A step changes one difference and an outlier two, so
 * neither moves the estimate much; a drift moves every difference alike and is taken out with the
 * differences' median. (The estimator of Hampel, applied to differences as in Fryzlewicz's and
 * Killick's change-point work.) Also the normal quantile the tests against it use.
 */
public final class RobustNoise {
    /** MAD to standard deviation for normal data. */
    static final double MAD_TO_SD = 1.4826;

    private RobustNoise() {}

    /** The noise's standard deviation, in the series' unit; 0 for fewer than 3 values. */
    public static double sd(double[] values) {
        if (values.length < 3) {
            return 0.0;
        }
        double[] d = new double[values.length - 1];
        for (int i = 0; i < d.length; i++) {
            d[i] = values[i + 1] - values[i];
        }
        double center = Percentiles.median(d);
        double[] dev = new double[d.length];
        for (int i = 0; i < d.length; i++) {
            dev[i] = Math.abs(d[i] - center);
        }
        return MAD_TO_SD * Percentiles.median(dev) / Math.sqrt(2.0);
    }

    /**
     * The standard normal quantile: the z with {@code P(Z <= z) = p} (Acklam's rational approximation,
     * relative error below 1.2e-9).
     */
    public static double normalQuantile(double p) {
        if (!(p > 0.0 && p < 1.0)) {
            throw new IllegalArgumentException("p must be in (0, 1), got " + p);
        }
        final double[] a = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
            1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00};
        final double[] b = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
            6.680131188771972e+01, -1.328068155288572e+01};
        final double[] c = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
            -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00};
        final double[] d = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
            3.754408661907416e+00};
        double low = 0.02425;
        if (p < low) {
            double q = Math.sqrt(-2 * Math.log(p));
            return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
                    / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
        }
        if (p > 1 - low) {
            return -normalQuantile(1 - p);
        }
        double q = p - 0.5;
        double r = q * q;
        return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
                / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    }
}
