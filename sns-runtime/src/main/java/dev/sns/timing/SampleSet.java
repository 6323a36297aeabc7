package dev.sns.timing;

/**
 * The samples of one body.
 *
 * @param perCallNanos each timed region divided by {@code innerReps}, in time order
 * @param windowIds the window of each sample (0, 1, ...)
 * @param innerReps calls of the work per region
 * @param warmupCalls calls of the work made while warming up (prime and calibration not counted)
 * @param calibrationCalls calls made while calibrating inner reps (0 for fixed inner reps)
 * @param firstCallNanos the host's wall time of the first (priming) call, synchronized: what the
 *     work's first use costs (a library's workspace, the load of its kernels' module); NaN when not
 *     measured
 * @param stop why sampling stopped ({@link StopRule.Reason#COUNT} for a fixed count)
 */
public record SampleSet(double[] perCallNanos, int[] windowIds, int innerReps, long warmupCalls,
                        long calibrationCalls, double firstCallNanos, StopRule.Reason stop) {
    public SampleSet {
        java.util.Objects.requireNonNull(stop, "stop");
        if (perCallNanos.length != windowIds.length) {
            throw new IllegalArgumentException(perCallNanos.length + " samples but " + windowIds.length + " window ids");
        }
    }

    /** Samples of a fixed count. */
    public SampleSet(double[] perCallNanos, int[] windowIds, int innerReps, long warmupCalls, long calibrationCalls,
                     double firstCallNanos) {
        this(perCallNanos, windowIds, innerReps, warmupCalls, calibrationCalls, firstCallNanos, StopRule.Reason.COUNT);
    }

    /** Samples whose first call was not timed. */
    public SampleSet(double[] perCallNanos, int[] windowIds, int innerReps, long warmupCalls, long calibrationCalls) {
        this(perCallNanos, windowIds, innerReps, warmupCalls, calibrationCalls, Double.NaN);
    }

    /** Number of samples. */
    public int size() {
        return perCallNanos.length;
    }

    /** Number of windows. */
    public int windowCount() {
        return perCallNanos.length == 0 ? 0 : windowIds[windowIds.length - 1] + 1;
    }

    /** {@return the samples' GPU time in nanoseconds: every region summed (per-call times x inner reps)} */
    public double spentNanos() {
        double s = 0;
        for (double x : perCallNanos) {
            s += x;
        }
        return s * innerReps;
    }
}
