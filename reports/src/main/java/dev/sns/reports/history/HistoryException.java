package dev.sns.reports.history;

/**
 * The history could not be opened, read or written. The message names the store (file or URL,
 * password removed), what was being done, the database's own words and what to do next.
 */
public final class HistoryException extends Exception {
    private static final long serialVersionUID = 1L;

    public HistoryException(String message) {
        super(dev.sns.options.Secrets.mask(message)); // a driver's words may quote the URL
    }

    public HistoryException(String message, Throwable cause) {
        super(dev.sns.options.Secrets.mask(message), cause);
    }
}
