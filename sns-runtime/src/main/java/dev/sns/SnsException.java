package dev.sns;

/** A measurement could not be completed: the workload threw, or the timer failed. */
public class SnsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SnsException(String message, Throwable cause) {
        super(message, cause);
    }

    public SnsException(String message) {
        super(message);
    }
}
