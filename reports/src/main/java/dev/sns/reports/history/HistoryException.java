package dev.sns.reports.history;

/**
 * The history could not be opened, read or written. The message names the store (file or URL,
 * password removed), what was being done, the database's own words and what to do next.
 */
public final class HistoryException extends Exception {
    private static final long serialVersionUID = 1L;

    public HistoryException(String message) {
        super(message);
    }

    public HistoryException(String message, Throwable cause) {
        super(message, cause);
    }
}
