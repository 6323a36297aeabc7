package dev.sns.timing;

/**
 * How many samples to take and how.
 *
 * @param warmupCalls calls of the work before sampling (after the prime call), at least 0
 * @param minWarmupNanos keep warming up until the warm-up work took this long, at least 0
 * @param iterations samples to take at least ({@value #MIN_ITERATIONS} or more)
 * @param minSamplingNanos keep sampling (whole windows) until the samples add up to this long
 * @param windows windows the samples are split into, 1 to {@code iterations}
 * @param innerReps calls per timed region; 0 means calibrate to {@code targetRegionNanos}
 * @param targetRegionNanos the region length automatic inner reps aim for
 * @param maxInnerReps the most calls automatic calibration will put in one region
 * @param maxSamplingNanos with a stop rule, the samples' GPU time (their regions summed, every body's)
 *     at which sampling stops whether or not the rule is met; positive (infinite without a rule)
 * @param stopRule null for a fixed count ({@code iterations}); else sampling goes on, whole windows of
 *     {@link #samplesPerWindow()} at a time, until the rule is met (after at least
 *     {@value #MIN_ADAPTIVE_WINDOWS} windows and {@code minSamplingNanos}), or a cap is reached
 */
public record SamplingPlan(int warmupCalls, double minWarmupNanos, int iterations, double minSamplingNanos,
                           int windows, int innerReps, double targetRegionNanos, int maxInnerReps,
                           double maxSamplingNanos, StopRule stopRule) {
    /**
     * Samples per window of adaptive sampling: many small windows, not a few large ones. The
     * session's interval draws windows whole and widens for few of them (Student's t with G-1 degrees
     * of freedom over z: 3.18 / 1.96 = 1.62x at four windows, 1.15x at ten, 1.08x at sixteen), and
     * where windows differ in level (on a GPU each window has a stream of its own, and each stream a
     * launch-cost level of its own) the interval narrows with the windows, not with the samples in
     * them: ten windows of ten samples are worth little more than ten samples. Two rather than one,
     * so a window's median still says something of its own for the drift test, and each window's
     * cost (a stream switch, the drain's sync, the telemetry's reads, the rule's look) is shared by two.
     */
    public static final int ADAPTIVE_WINDOW_SAMPLES = 2;

    /**
     * Fewest calls per sample for a window to open with an untimed call of each body ({@link
     * #openingCalls}): a window starts after the previous one's drain (the GPU idle while the host
     * syncs, reads the window's telemetry and switches streams), and work's first call after idle is
     * not like the rest. On the H200 the first sample of a window of a 256 MiB copy (7 calls) read
     * 0.29% faster than the window's others (board GPU-5f6b5afc, 100 windows of ten): with windows of
     * two, half the samples are such first samples, the samples fall in two groups and their median
     * between them, and the median depends on the windows' size. One call puts the GPU back in the
     * state the timed calls run in, at a cost of at most an eighth of a window of two samples from
     * four calls a sample on. Work of fewer calls a sample (a call of a quarter of the target region
     * or longer) opens its windows with none: the call would cost half the window's samples again,
     * and a first call's difference is a smaller part of a long call. Its GPU time is counted in the
     * samples' ({@code samplingGpuMillis}).
     */
    public static final int MIN_REPS_TO_OPEN = 4;

    /** Untimed calls of each body that open every window: one from {@link #MIN_REPS_TO_OPEN} calls a sample, else none. */
    public static int openingCalls(int innerReps) {
        return innerReps >= MIN_REPS_TO_OPEN ? 1 : 0;
    }

    /**
     * Fewest windows adaptive sampling asks its rule about: sixteen windows of {@link
     * #ADAPTIVE_WINDOW_SAMPLES}, as many as a call's windows have streams ({@code streams} at most
     * 16), so the first look already rests on sixteen levels at t(15)/z = 1.08, where the fixed
     * defaults' ten windows rest on ten at 1.15.
     */
    public static final int MIN_ADAPTIVE_WINDOWS = 16;

    /**
     * Fewest samples: below 10 a 95% interval of a median rests on one or two order statistics at
     * each end and a bootstrap of it is mostly noise.
     */
    public static final int MIN_ITERATIONS = 10;
    /** Hard stop for time-floored sampling, so zero-duration work cannot loop forever. */
    public static final int MAX_SAMPLES = 1_000_000;

    /** A fixed count: no stop rule, no time cap. */
    public SamplingPlan(int warmupCalls, double minWarmupNanos, int iterations, double minSamplingNanos,
                        int windows, int innerReps, double targetRegionNanos, int maxInnerReps) {
        this(warmupCalls, minWarmupNanos, iterations, minSamplingNanos, windows, innerReps, targetRegionNanos,
                maxInnerReps, Double.POSITIVE_INFINITY, null);
    }

    public SamplingPlan {
        if (!(maxSamplingNanos > 0)) {
            throw new IllegalArgumentException("maximum sampling time must be positive, got " + maxSamplingNanos + " ns");
        }
        if (warmupCalls < 0) {
            throw new IllegalArgumentException("warmup must be at least 0 calls, got " + warmupCalls);
        }
        if (!(minWarmupNanos >= 0) || !Double.isFinite(minWarmupNanos)) {
            throw new IllegalArgumentException("minimum warmup time must be finite and at least 0, got " + minWarmupNanos + " ns");
        }
        if (iterations < MIN_ITERATIONS) {
            throw new IllegalArgumentException("iterations must be at least " + MIN_ITERATIONS + ", got " + iterations);
        }
        if (!(minSamplingNanos >= 0) || !Double.isFinite(minSamplingNanos)) {
            throw new IllegalArgumentException("minimum sampling time must be finite and at least 0, got " + minSamplingNanos + " ns");
        }
        if (windows < 1 || windows > iterations) {
            throw new IllegalArgumentException("windows must be between 1 and iterations (" + iterations + "), got " + windows);
        }
        if (innerReps < 0) {
            throw new IllegalArgumentException("inner reps must be at least 1 (or 0 for auto), got " + innerReps);
        }
        if (!(targetRegionNanos > 0) || !Double.isFinite(targetRegionNanos)) {
            throw new IllegalArgumentException("target region time must be positive, got " + targetRegionNanos + " ns");
        }
        if (maxInnerReps < 1) {
            throw new IllegalArgumentException("max inner reps must be at least 1, got " + maxInnerReps);
        }
    }

    /**
     * Samples per window: the iterations split evenly, rounded up; with a stop rule,
     * {@link #ADAPTIVE_WINDOW_SAMPLES}.
     */
    public int samplesPerWindow() {
        return stopRule != null ? ADAPTIVE_WINDOW_SAMPLES : (iterations + windows - 1) / windows;
    }

    /** {@return this plan with a stop rule and a cap on the samples' GPU time} */
    public SamplingPlan adaptive(StopRule rule, double maxNanos) {
        return new SamplingPlan(warmupCalls, minWarmupNanos, iterations, minSamplingNanos, windows, innerReps,
                targetRegionNanos, maxInnerReps, maxNanos, java.util.Objects.requireNonNull(rule, "rule"));
    }

    /**
     * Whether to stop after a whole window, and why: a small pure function both loops share.
     *
     * @param n samples (rounds) so far
     * @param floorNanos the samples' time the floor {@code minSamplingNanos} is held against (the
     *     least of the bodies' sums)
     * @param spentNanos the samples' GPU time, every body's regions summed (held against the cap)
     * @param windowsDone whole windows so far
     * @param regionNanos each body's region times so far (for the rule)
     * @param windowIds the window of each of the first {@code n} samples (for the rule)
     * @return why to stop, or null to take another window
     */
    public StopRule.Reason stop(int n, double floorNanos, double spentNanos, int windowsDone, double[][] regionNanos,
                                int[] windowIds) {
        if (stopRule == null) {
            if (n >= iterations && floorNanos >= minSamplingNanos) {
                return StopRule.Reason.COUNT;
            }
            return n >= MAX_SAMPLES ? StopRule.Reason.SAMPLE_CAP : null;
        }
        if (windowsDone >= MIN_ADAPTIVE_WINDOWS && floorNanos >= minSamplingNanos
                && stopRule.reached(regionNanos, windowIds, n)) {
            return StopRule.Reason.TARGET;
        }
        if (spentNanos >= maxSamplingNanos) {
            return StopRule.Reason.TIME_CAP;
        }
        return n >= MAX_SAMPLES ? StopRule.Reason.SAMPLE_CAP : null;
    }
}
