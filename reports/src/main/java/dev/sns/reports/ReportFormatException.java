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
    /** 1-based line of the problem, or {@link #NO_POSITION}. */
    private final int line;
    /** 1-based column of the problem, or {@link #NO_POSITION}. */
    private final int column;
    /** The problem and what to do, without the file and position. */
    private final String problem;

    /**
     * A problem with the file as a whole (no position).
     *
     * @param file the file, as it was named
     * @param problem what is wrong and what to do, without the file
     * @throws NullPointerException if {@code file} or {@code problem} is null
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public ReportFormatException(Path file, String problem) {
        this(file, NO_POSITION, NO_POSITION, problem, null);
    }

    /**
     * A problem at a position.
     *
     * @param file the file, as it was named
     * @param line 1-based line, or {@link #NO_POSITION}
     * @param column 1-based column, or {@link #NO_POSITION}
     * @param problem what is wrong and what to do, without the file and position
     * @param cause what the parser or the file system threw (null: none)
     * @throws NullPointerException if {@code file} or {@code problem} is null
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

    /**
     * The file that could not be read.
     *
     * @return the file as it was named (not serialized: null in a deserialized copy, whose message still
     *     names it)
     */
    public Path file() {
        return file;
    }

    /**
     * Where in the file the parser stopped.
     *
     * @return the 1-based line of the problem, or {@link #NO_POSITION} when there is none (the file is
     *     missing, or the problem is the whole file)
     */
    public int line() {
        return line;
    }

    /**
     * Where in its line the parser stopped.
     *
     * @return the 1-based column of the problem, or {@link #NO_POSITION} when there is none
     */
    public int column() {
        return column;
    }

    /**
     * What is wrong, for a caller that shows the file and position its own way.
     *
     * @return the problem and what to do, without the file and position ({@link #getMessage()} has both)
     */
    public String problem() {
        return problem;
    }
}
