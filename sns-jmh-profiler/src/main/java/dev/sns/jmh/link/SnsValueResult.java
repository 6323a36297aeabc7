package dev.sns.jmh.link;

import java.util.Collection;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Aggregator;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.util.SingletonStatistics;

/**
 * A value derived from the sns summary (tier, SM clock, throughput, net time): recomputed by JMH
 * from each aggregate, never aggregated itself. An optional interval shows as JMH's confidence.
 */
final class SnsValueResult extends Result<SnsValueResult> {
    private static final long serialVersionUID = 1L;
    private final double lower;
    private final double upper;

    SnsValueResult(String label, double value, String unit) {
        this(label, value, unit, Double.NaN, Double.NaN);
    }

    SnsValueResult(String label, double value, String unit, double lower, double upper) {
        super(ResultRole.SECONDARY_DERIVATIVE, label, new SingletonStatistics(value), unit, AggregationPolicy.AVG);
        this.lower = lower;
        this.upper = upper;
    }

    @Override
    public double getScoreError() {
        return Double.isNaN(lower) ? Double.NaN : Math.max(getScore() - lower, upper - getScore());
    }

    @Override
    public double[] getScoreConfidence() {
        return Double.isNaN(lower) ? new double[] {Double.NaN, Double.NaN} : new double[] {lower, upper};
    }

    /** JMH's own form would label the interval 99.9%: show it as it is, or the bare value. */
    @Override
    public String toString() {
        if (SnsResult.TIER_UNIT.equals(getScoreUnit())) {
            int tier = (int) Math.round(getScore());
            return tier >= 1 && tier <= 3 ? "tier " + "ABC".charAt(tier - 1) : getScore() + " " + getScoreUnit();
        }
        if (Double.isNaN(lower)) {
            return String.format(java.util.Locale.ROOT, "%.4g %s", getScore(), getScoreUnit());
        }
        return String.format(java.util.Locale.ROOT, "%.4g [%.4g, %.4g] %s", getScore(), lower, upper, getScoreUnit());
    }

    @Override
    protected Aggregator<SnsValueResult> getThreadAggregator() {
        return new Last();
    }

    @Override
    protected Aggregator<SnsValueResult> getIterationAggregator() {
        return new Last();
    }

    /** Derivative values are recomputed from each aggregate; should JMH aggregate them, keep the last. */
    private static final class Last implements Aggregator<SnsValueResult> {
        @Override
        public SnsValueResult aggregate(Collection<SnsValueResult> results) {
            SnsValueResult last = null;
            for (SnsValueResult r : results) {
                last = r;
            }
            return last;
        }
    }
}
