package dev.sns.clocks;

import org.apiguardian.api.API;

/**
 * What happens to the GPU's clocks around a measurement.
 *
 * <p>Contract: {@link #apply()} either establishes the operating point and verifies it, or throws
 * {@link ClockLockError} having restored whatever it changed. {@link #restore()} is idempotent and
 * safe to call after a failed apply, from a finally block or a shutdown hook.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
public interface ClockPolicy {
    /**
     * Establishes the policy's clocks and verifies them by readback (no-op for the unlocked policy).
     *
     * @throws ClockLockError if the operating point could not be established (refused, misread, or
     *     no tool), having restored whatever it changed
     */
    void apply() throws ClockLockError;

    /** Puts back what {@link #apply()} changed; safe to call more than once. */
    void restore();

    /**
     * {@return why the last {@link #restore()} failed} The commands that would fix it, with what they
     * said; "" when it succeeded or nothing needed restoring (the default). A failed restore leaves the
     * GPU changed: what was measured around it is not to be trusted, and the run must say so.
     */
    default String restoreFailure() {
        return "";
    }

    /** {@return whether the clocks are currently locked and verified by this policy} A result can reach tier A only then. */
    boolean locked();

    /** {@return the policy in option syntax} For example "unlocked", "max" or "lock:1500". */
    String describe();
}
