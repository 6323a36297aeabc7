package dev.sns.reports.cli;

/** Input the command cannot use (a file, a history, a benchmark id): exit code 2, the message says what and how to fix it. */
final class InputException extends Exception {
    private static final long serialVersionUID = 1L;

    InputException(String message) {
        super(message);
    }
}
