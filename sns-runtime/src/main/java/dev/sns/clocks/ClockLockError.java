package dev.sns.clocks;

/** A requested operating point could not be established (refused, misread, or no tool). */
public class ClockLockError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ClockLockError(String message) {
        super(message);
    }

    public ClockLockError(String message, Throwable cause) {
        super(message, cause);
    }
}
