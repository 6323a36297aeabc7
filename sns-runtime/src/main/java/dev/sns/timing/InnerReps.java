package dev.sns.timing;

/** Automatic calls-per-sample calibration, for harnesses that run their own sampling loop (JMH). */
public final class InnerReps {
    private InnerReps() {}

    /**
     * Grows the calls per region until one lasts at least a quarter of {@code targetNanos}, then
     * extrapolates to the target (at most {@code maxReps}); leaves no region pending.
     */
    public static int calibrate(Timer timer, Body work, double targetNanos, int maxReps) throws Exception {
        SamplingPlan plan = new SamplingPlan(0, 0, SamplingPlan.MIN_ITERATIONS, 0, 1, 0, targetNanos, maxReps);
        return Phases.calibrate(timer, work, plan).innerReps();
    }
}
