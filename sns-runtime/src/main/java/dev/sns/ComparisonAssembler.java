package dev.sns;

import dev.sns.model.ComparisonResult;
import dev.sns.model.TimingResult;
import dev.sns.model.VerdictThresholds;
import dev.sns.stats.FewClusterCorrection;
import dev.sns.stats.Interval;
import dev.sns.stats.QuantizationFloor;

/**
 * Builds a {@link ComparisonResult} from two results and their resampled ratio intervals: the
 * intervals are widened for the number of clusters (rounds, windows) they rest on
 * ({@link FewClusterCorrection}) and floored at one timer step. Shared by {@link Sns#compare} and
 * the JMH profiler's pairs.
 */
public final class ComparisonAssembler {
    private ComparisonAssembler() {}

    /**
     * @param ratio the bootstrap interval of baseline median / candidate median
     * @param cycles the same in SM cycles, or null without clock evidence
     * @param clusters how many outer clusters the bootstrap resampled (rounds or windows)
     */
    public static ComparisonResult assemble(TimingResult candidate, TimingResult baseline, Interval ratio,
                                            Interval cycles, String design, VerdictThresholds thresholds,
                                            int clusters) {
        double speedup = baseline.medianMillis() / candidate.medianMillis();
        double step = QuantizationFloor.ratioStep(speedup, candidate.medianMillis(), candidate.timerStepMillis());
        Interval r = QuantizationFloor.atLeast(corrected(ratio, speedup, clusters), step);
        Interval c = cycles == null ? null : corrected(cycles, speedup, clusters);
        return new ComparisonResult(candidate, baseline, r, c, design, thresholds);
    }

    private static Interval corrected(Interval ratio, double point, int clusters) {
        if (clusters < 2 || !(ratio.lower() > 0)) {
            return ratio;
        }
        double center = ratio.contains(point) ? point : Math.sqrt(ratio.lower() * ratio.upper());
        return FewClusterCorrection.widenRatio(ratio, center, clusters);
    }
}
