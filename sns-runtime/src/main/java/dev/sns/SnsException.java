package dev.sns;

/** A measurement could not be completed: the workload threw, or the timer failed. */
public class SnsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * A failure with its cause.
     *
     * @param message what failed, naming the measurement
     * @param cause what the workload or the timer threw
     */
    public SnsException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * A failure without a cause.
     *
     * @param message what failed, naming the measurement, and what to do
     */
    public SnsException(String message) {
        super(message);
    }
}
