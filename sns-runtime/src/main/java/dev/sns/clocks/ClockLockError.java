package dev.sns.clocks;

import org.apiguardian.api.API;

/** A requested operating point could not be established (refused, misread, or no tool). */
@API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
public class ClockLockError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * A failure without a cause.
     *
     * @param message what was asked, what happened, and what to do
     */
    public ClockLockError(String message) {
        super(message);
    }

    /**
     * A failure with its cause.
     *
     * @param message what was asked, what happened, and what to do
     * @param cause what the tool or the readback threw
     */
    public ClockLockError(String message, Throwable cause) {
        super(message, cause);
    }
}
