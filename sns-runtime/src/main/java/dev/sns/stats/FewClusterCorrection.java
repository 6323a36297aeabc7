package dev.sns.stats;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Widens a cluster-bootstrap interval when it rests on few clusters (rounds, windows).
 *
 * <p>A bootstrap over G clusters underestimates the spread twice: its variance is (G-1)/G of the
 * true one, and its percentiles behave like normal quantiles where, with the spread itself
 * estimated from G values, Student's t with G-1 degrees of freedom applies. The correction scales
 * the interval's distances from the point estimate, on the log scale (ratios are symmetric there),
 * by {@code t(G-1, 1-a/2) / z(1-a/2) * sqrt(G/(G-1))}: 1.22 for 10 clusters, 1.87 for 4, 1.03 for 30
 * (the usual few-cluster adjustment; see Cameron and Miller, "A practitioner's guide to
 * cluster-robust inference", 2015). Applied to speedup intervals, whose verdicts must not come
 * from an interval too narrow to be believed.
 */
public final class FewClusterCorrection {
    /** At and above this many clusters the correction is under 3% and is not applied. */
    public static final int ENOUGH_CLUSTERS = 30;

    private FewClusterCorrection() {}

    /** The widening factor for {@code clusters} clusters at {@code confidence}; 1 for 30 or more. */
    public static double factor(int clusters, double confidence) {
        if (clusters < 2) {
            throw new IllegalArgumentException("an interval over " + clusters + " cluster(s) has no spread to correct: "
                    + "take at least 2 rounds or windows");
        }
        if (clusters >= ENOUGH_CLUSTERS) {
            return 1.0;
        }
        double p = 1 - (1 - confidence) / 2;
        double t = new TDistribution(null, clusters - 1).inverseCumulativeProbability(p);
        double z = new NormalDistribution(null, 0, 1).inverseCumulativeProbability(p);
        return t / z * Math.sqrt(clusters / (clusters - 1.0));
    }

    /** A positive ratio interval widened around {@code point} on the log scale. */
    public static Interval widenRatio(Interval ratio, double point, int clusters) {
        if (!(ratio.lower() > 0) || !(point > 0)) {
            throw new IllegalArgumentException("a ratio interval must be positive, got " + ratio + " around " + point);
        }
        double k = factor(clusters, ratio.confidence());
        if (k == 1.0) {
            return ratio;
        }
        double c = Math.log(point);
        double lo = c - k * Math.max(0, c - Math.log(ratio.lower()));
        double hi = c + k * Math.max(0, Math.log(ratio.upper()) - c);
        return new Interval(Math.exp(lo), Math.exp(hi), ratio.confidence());
    }
}
