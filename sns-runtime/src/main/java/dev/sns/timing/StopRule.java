package dev.sns.timing;

/**
 * When adaptive sampling has enough: asked by the sampling loops after every whole window once the
 * plan's floors are met (see {@link SamplingPlan#stop}). The loops compute nothing; the rule that
 * reads the samples lives with the statistics ({@code dev.sns.analysis.PrecisionRule}), handed in
 * through the plan. A rule must be a pure function of its arguments: the loops may ask it from
 * several sessions, and a seed gives the same stop.
 */
@FunctionalInterface
public interface StopRule {
    /**
     * Whether the samples so far are precise enough to stop.
     *
     * @param regionNanos each body's region times so far: {@code regionNanos[b][i]} for {@code i < n}
     *     (longer arrays hold nothing past {@code n})
     * @param windowIds the window of each of the first {@code n} samples (rounds), 0, 1, ... in order
     * @param n samples (of each body) so far
     * @return true to stop now
     */
    boolean reached(double[][] regionNanos, int[] windowIds, int n);

    /** Why a sampling loop stopped. */
    enum Reason {
        /** The fixed count (iterations) and time floor (minSamplingMs) were met: no target was set. */
        COUNT,
        /** The rule said the interval is narrow enough and stable. */
        TARGET,
        /** The samples' GPU time reached the cap (maxSamplingMs) before the target. */
        TIME_CAP,
        /** {@link SamplingPlan#MAX_SAMPLES} were taken before the target. */
        SAMPLE_CAP
    }
}
