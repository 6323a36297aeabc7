package dev.sns.clocks;

import org.apiguardian.api.API;

/** A requested operating point could not be established (refused, misread, or no tool). */
@API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
public class ClockLockError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ClockLockError(String message) {
        super(message);
    }

    public ClockLockError(String message, Throwable cause) {
        super(message, cause);
    }
}
