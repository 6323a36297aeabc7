package dev.sns.analysis;

import dev.sns.stats.MedianPrecision;
import dev.sns.timing.StopRule;

/**
 * The stopping rule of adaptive sampling (options {@code halfWidth} and {@code maxSamplingMs}):
 * stop when the interval of the median is narrow enough, and stable.
 *
 * <p>Asked after every whole window (from {@link dev.sns.timing.SamplingPlan#MIN_ADAPTIVE_WINDOWS}
 * on), for each of the first {@code bodies} bodies (the sides; an empty kernel timed in the rounds is
 * not held to the target), it holds when, for each:
 * <ol>
 *   <li><b>narrow</b>: the relative half-width of the median's interval
 *       ({@link MedianPrecision#relativeHalfWidth}: the wider of the order-statistic interval and the
 *       window medians' t interval) is at most the target now, and was at the previous window's end
 *       too: two looks, the newest window in one of them only;</li>
 *   <li><b>stable</b>: the spread the interval rests on, the half-width times the square root of the
 *       samples (what stays put while the interval narrows as more samples come), would still meet
 *       the target if it grew once more as it grew between the two looks: a spread still growing
 *       means the newest window disagrees with the rest (a drift starting, a slow tail not yet
 *       seen), and unless the target holds even so, the next windows must show where it settles. A
 *       spread that shrank, or one far below the target, passes at once.</li>
 * </ol>
 * Unlike NVBench's {@code stdrel} criterion, which stops when the samples' relative standard
 * deviation (the noise of one sample, which more samples do not shrink) is under 0.5% or has settled,
 * whatever the estimate's own precision, this stops on the interval of the median, the figure a
 * result reports; unlike its {@code entropy} criterion (the histogram's entropy levelling off), the
 * target is a precision the user states and the result can be checked against. A pure function of
 * its arguments: each look recomputes both views from the samples, in linear time.
 *
 * @param targetFraction the relative half-width to reach, e.g. 0.005 for +-0.5% of the median
 * @param confidence the interval's level
 * @param bodies how many leading bodies must reach it (1 for a measurement, 2 for a comparison)
 */
public record PrecisionRule(double targetFraction, double confidence, int bodies) implements StopRule {
    public PrecisionRule {
        if (!(targetFraction > 0 && targetFraction < 1)) {
            throw new IllegalArgumentException("the target half-width must be in (0, 1) of the median, got "
                    + targetFraction);
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1), got " + confidence);
        }
        if (bodies < 1) {
            throw new IllegalArgumentException("a precision rule needs at least one body, got " + bodies);
        }
    }

    @Override
    public boolean reached(double[][] regionNanos, int[] windowIds, int n) {
        int previous = n - 1;
        while (previous > 0 && windowIds[previous - 1] == windowIds[n - 1]) {
            previous--;
        }
        if (previous < 2) {
            return false;
        }
        for (int b = 0; b < Math.min(bodies, regionNanos.length); b++) {
            double now = MedianPrecision.relativeHalfWidth(regionNanos[b], windowIds, n, confidence);
            double before = MedianPrecision.relativeHalfWidth(regionNanos[b], windowIds, previous, confidence);
            if (!(now <= targetFraction && before <= targetFraction)) {
                return false;
            }
            if (now > 0 && now * growth(now * Math.sqrt(n), before * Math.sqrt(previous)) > targetFraction) {
                return false;
            }
        }
        return true;
    }

    /** How much the spread grew from one look to the next (1 where it did not). */
    static double growth(double spreadNow, double spreadBefore) {
        if (spreadNow <= spreadBefore) {
            return 1;
        }
        return spreadBefore > 0 ? spreadNow / spreadBefore : Double.POSITIVE_INFINITY;
    }
}
