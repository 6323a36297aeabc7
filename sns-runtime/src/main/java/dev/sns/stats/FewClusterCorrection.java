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
 * by {@code t(G-1, 1-a/2) / z(1-a/2) * sqrt(G/(G-1))}: 1.87 for 4 clusters, 1.22 for 10,
 * 1.10 for 20, 1.06 for 30, 1.02 for 100 (the usual few-cluster adjustment; see Cameron and
 * Miller, "A practitioner's guide to cluster-robust inference", 2015). Applied to every interval
 * that rests on clusters, at every G: the factor falls smoothly toward 1 and is never cut off (it
 * was once skipped from 30 clusters on, where it is still 1.06).
 */
public final class FewClusterCorrection {
    private FewClusterCorrection() {}

    /** The widening factor for {@code clusters} clusters at {@code confidence}. */
    public static double factor(int clusters, double confidence) {
        if (clusters < 2) {
            throw new IllegalArgumentException("an interval over " + clusters + " cluster(s) has no spread to correct: "
                    + "take at least 2 rounds or windows");
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
