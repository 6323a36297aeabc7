package dev.sns.model;

import dev.sns.stats.Interval;
import org.apiguardian.api.API;

/**
 * What a device-health comparison says about two GPUs running the same benchmark: the speedup is
 * {@code reference median / device median} (below 1 the device is slower), judged on its interval's
 * bounds with the run's {@code slower} threshold in both directions, so that a sick GPU is named
 * whichever of the two it is. Tier C gives no speed verdict (rule 3): the finding is
 * {@link #NO_VERDICT}, and the throttle evidence names the GPU.
 */
public enum DeviceFinding {
    /** Within the threshold: no GPU is shown slower than its sibling. */
    OK("ok"),
    /** The device is slower: the interval's upper bound is below {@code slower} (0.95: 5% slower). */
    SLOWER("slower"),
    /** The reference is slower: the interval's lower bound is above {@code 1 / slower}. */
    REFERENCE_SLOWER("referenceSlower"),
    /** Tier C on a side (a throttle fired, or the clocks were unstable): no speed verdict. */
    NO_VERDICT("noVerdict");

    private final String text;

    DeviceFinding(String text) {
        this.text = text;
    }

    /** As reports write it: "ok", "slower", "referenceSlower", "noVerdict". */
    @Override
    public String toString() {
        return text;
    }

    /**
     * The finding for a speedup interval of the device against the reference, at a tier.
     *
     * @param speedup the interval of reference median over device median
     * @param tier the comparison's tier (the worse of the two GPUs')
     * @param thresholds the run's thresholds; only {@code slowerUpperBound} is read, in both directions
     * @return NO_VERDICT on tier C, else SLOWER, REFERENCE_SLOWER or OK from the interval's bounds
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static DeviceFinding judge(Interval speedup, MeasurementTier tier, VerdictThresholds thresholds) {
        if (!tier.isPerformanceValid()) {
            return NO_VERDICT;
        }
        double slower = thresholds.slowerUpperBound();
        if (speedup.upper() < slower) {
            return SLOWER;
        }
        if (speedup.lower() > 1.0 / slower) {
            return REFERENCE_SLOWER;
        }
        return OK;
    }

    /**
     * The finding of a comparison of two GPUs.
     *
     * @param c the comparison, with the device as candidate and the reference GPU as baseline
     * @return the finding on its raw speedup interval, tier and thresholds
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static DeviceFinding of(ComparisonResult c) {
        return judge(c.speedupInterval(), c.tier(), c.thresholds());
    }
}
