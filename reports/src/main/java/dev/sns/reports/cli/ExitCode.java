package dev.sns.reports.cli;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The exit codes of {@code sns-reports}, one table: every command returns one of these, every
 * command's help ends with {@link #summary()}, and docs/reference/exit-codes.md is generated from it.
 */
public enum ExitCode {
    /** Success. */
    OK(0, "success and no regression", "success: no regression, the gate passed, the file or page was written",
            "every command"),
    /** A regression. */
    REGRESSION(1, "a regression", "a regression: `compare` found one (strict gate, CPU gate or a speedup), or "
            + "`history gate` found a benchmark whose latest run starts a slower segment", "compare, history gate"),
    /** A usage or input error. */
    ERROR(2, "a usage error or a bad file", "a usage or input error: an unknown command or option, a bad value "
            + "(named with the fix), a file that cannot be read or written (missing, malformed, not sns's, a newer "
            + "schema, too large for the heap), a history that cannot be opened or written, no such benchmark or run, "
            + "an `import` with a file that failed (the others are imported)", "every command"),
    /** A bug in sns. */
    INTERNAL(3, "an internal error (a bug in sns)", "an internal error: a bug in sns (the message says so; "
            + "-Dsns.debug=true prints the stack trace)", "every command"),
    /** A merged run group with something missing. */
    INCOMPLETE(4, "a merged run group is incomplete", "the run group is incomplete: a shard recorded no run, or a "
            + "benchmark of the plan was not measured (failed, or absent from its shard's run); the merged reports "
            + "are written anyway and say what is missing", "history merge");

    private final int code;
    private final String brief;
    private final String meaning;
    private final String commands;

    ExitCode(int code, String brief, String meaning, String commands) {
        this.code = code;
        this.brief = brief;
        this.meaning = meaning;
        this.commands = commands;
    }

    /** The process's exit status. */
    public int code() {
        return code;
    }

    /** What it means, in a few words (the help's last line). */
    public String brief() {
        return brief;
    }

    /** What it means, every case. */
    public String meaning() {
        return meaning;
    }

    /** The commands that return it. */
    public String commands() {
        return commands;
    }

    /** The line every command's help ends with: each code and its brief meaning. */
    public static String summary() {
        return "exit codes: " + Arrays.stream(values()).map(e -> e.code + " " + e.brief)
                .collect(Collectors.joining(", "));
    }
}
