package dev.sns.reports;

import java.nio.file.Path;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A results.json that cannot be read: missing, empty, truncated, malformed, not an sns results file,
 * or of a schema version this sns does not read. The message names the file, the position (1-based
 * line and column) where the parser stopped when there is one, and what to do next.
 */
public final class ReportFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    /** Line or column when there is no position (the file is missing, or the problem is the whole file). */
    public static final int NO_POSITION = -1;

    private final transient Path file;
    private final int line;
    private final int column;
    private final String problem;

    /** A problem with the file as a whole (no position). */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public ReportFormatException(Path file, String problem) {
        this(file, NO_POSITION, NO_POSITION, problem, null);
    }

    /**
     * A problem at a position.
     *
     * @param line 1-based line, or {@link #NO_POSITION}
     * @param column 1-based column, or {@link #NO_POSITION}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public ReportFormatException(Path file, int line, int column, String problem, Throwable cause) {
        super(format(file, line, column, problem), cause);
        this.file = Objects.requireNonNull(file, "file");
        this.line = line;
        this.column = column;
        this.problem = Objects.requireNonNull(problem, "problem");
    }

    private static String format(Path file, int line, int column, String problem) {
        StringBuilder sb = new StringBuilder().append(file);
        if (line > 0) {
            sb.append(": line ").append(line);
            if (column > 0) {
                sb.append(", column ").append(column);
            }
        }
        return sb.append(": ").append(problem).toString();
    }

    /** The file that could not be read, as it was named. */
    public Path file() {
        return file;
    }

    /** 1-based line of the problem, or {@link #NO_POSITION}. */
    public int line() {
        return line;
    }

    /** 1-based column of the problem, or {@link #NO_POSITION}. */
    public int column() {
        return column;
    }

    /** The problem without the file and position. */
    public String problem() {
        return problem;
    }
}
