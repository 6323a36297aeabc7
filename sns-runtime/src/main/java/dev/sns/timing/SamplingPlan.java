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
 */
public record SamplingPlan(int warmupCalls, double minWarmupNanos, int iterations, double minSamplingNanos,
                           int windows, int innerReps, double targetRegionNanos, int maxInnerReps) {
    /**
     * Fewest samples: below 10 a 95% interval of a median rests on one or two order statistics at
     * each end and a bootstrap of it is mostly noise.
     */
    public static final int MIN_ITERATIONS = 10;
    /** Hard stop for time-floored sampling, so zero-duration work cannot loop forever. */
    public static final int MAX_SAMPLES = 1_000_000;

    public SamplingPlan {
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

    /** Samples per window: the iterations split evenly, rounded up. */
    public int samplesPerWindow() {
        return (iterations + windows - 1) / windows;
    }
}
