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
    /** Establishes the policy's clocks (no-op for the unlocked policy). */
    void apply() throws ClockLockError;

    /** Puts back what {@link #apply()} changed; safe to call more than once. */
    void restore();

    /**
     * Why the last {@link #restore()} failed (the commands that would fix it, with what they said), or
     * "" when it succeeded or nothing needed restoring. A failed restore leaves the GPU changed: what
     * was measured around it is not to be trusted, and the run must say so.
     */
    default String restoreFailure() {
        return "";
    }

    /** Whether the clocks are currently locked and verified by this policy. */
    boolean locked();

    /** The policy in words and option syntax, e.g. "unlocked" or "lock:1500". */
    String describe();
}
