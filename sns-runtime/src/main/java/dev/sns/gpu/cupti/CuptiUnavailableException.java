package dev.sns.gpu.cupti;

/** CUPTI cannot be used here; the message says why and what to do. */
public final class CuptiUnavailableException extends Exception {
    private static final long serialVersionUID = 1L;

    public CuptiUnavailableException(String message) {
        super(message);
    }
}
