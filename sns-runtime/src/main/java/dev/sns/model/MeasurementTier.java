package dev.sns.model;

/**
 * How far the numbers of a result can be trusted.
 *
 * <ul>
 *   <li><b>A</b>: clocks locked by the clock policy, the lock verified by readback, and the SM clock
 *       seen during the window within 30 MHz. Full verdicts; the only tier fit for drift tracking
 *       across runs.</li>
 *   <li><b>B</b>: clocks floating, or no clock evidence. Variance was measured and folded into the
 *       interval: the interval is honest, the absolute time is this machine's today.</li>
 *   <li><b>C</b>: a hardware throttle fired during the window, or the SM clock varied by more than
 *       3% (coefficient of variation), or the timed stream saw no work in a window (it read less
 *       than 3/4 of an empty kernel's launch timed the same way; checked where that launch is timed:
 *       blocking and graph launches with the launch overhead on). No performance verdict is valid.</li>
 * </ul>
 * The clock thresholds and their reasons are in {@code dev.sns.clocks.TierAssignment}; the stream
 * check in {@code dev.sns.analysis}.
 */
public enum MeasurementTier {
    /** Clocks locked, the lock read back, the SM clock steady within 30 MHz: full verdicts, fit for drift tracking. */
    A,
    /** Clocks floating or no clock evidence: the variance is in the interval; the absolute time is this machine's today. */
    B,
    /** A throttle fired, the SM clock varied by more than 3%, or the stream saw no work: no performance verdict. */
    C;

    /**
     * The less trustworthy of the two: a comparison is only as good as its worse half.
     *
     * @param other the other side's tier
     * @return this tier or {@code other}, whichever is later in A, B, C
     */
    public MeasurementTier worse(MeasurementTier other) {
        return this.ordinal() >= other.ordinal() ? this : other;
    }

    /** {@return whether a performance claim may be drawn} False for tier C only. */
    public boolean isPerformanceValid() {
        return this != C;
    }

    /** {@return whether the result may be tracked for drift across runs} True for tier A only: locked, verified, stable clocks. */
    public boolean isDriftEligible() {
        return this == A;
    }
}
