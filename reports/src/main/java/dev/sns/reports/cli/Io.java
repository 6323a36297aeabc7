package dev.sns.reports.cli;

import java.io.PrintStream;

/** Where a command writes: results to {@code out}, progress and errors to {@code err}. */
record Io(PrintStream out, PrintStream err) {
    /** "sns-reports: " + message on standard error. */
    void say(String message) {
        err.println("sns-reports: " + message);
    }
}
