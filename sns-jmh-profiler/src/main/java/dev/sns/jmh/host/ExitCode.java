package dev.sns.jmh.host;

/**
 * The exit codes of the sns Main ({@link SnsMain}, the benchmarks jar's Main-Class), one table: the
 * Main returns one of these, and docs/reference/exit-codes.md is generated from it. When several
 * apply, the highest wins (a failed benchmark's 3 outranks the CI gate's 2).
 */
public enum ExitCode {
    /** Everything asked was done. */
    OK(0, "every selected benchmark was measured (or skipped for want of a GPU, said once and listed in the reports), "
            + "every pair compared and every report written; or only help or a listing was asked for (`-h`, `-l`, "
            + "`-lprof`, `-prof sns:help`, `-prof sns:devices`)"),
    /** A usage error: nothing was run. */
    USAGE(1, "a usage error, and nothing was run: a bad command line, `-prof sns` option or `@GpuTiming`, no "
            + "benchmark matching the pattern, a `@Baseline` or `pair` that names no benchmark (or the candidate "
            + "itself), `timer=cuda` without a GPU, `devices` naming no GPU of the host (or a particular GPU, on a host without one: `devices=all` there measures the CPU benchmarks), `out` not writable or held by "
            + "another run, `history=env` without `$SNS_HISTORY`, a `history=` that cannot be written (an unknown "
            + "scheme, no JDBC driver, a path under a file, a PostgreSQL server not answering within 3 s), a clock "
            + "policy's `smi=` that is not there or does not start, `parallelDevices=true` after JMH's Runner was "
            + "loaded with its lock on, a profiler JMH could not start; a shard that finds no shard (`shard=auto` "
            + "outside a Slurm array or Kubernetes Indexed Job) or no run group, cannot open its history, was given "
            + "several GPUs, or whose group's stored plan is of another suite"),
    /** The CI gate: a slower verdict. */
    SLOWER(2, "`failOnSlower=true`, and a verdict was SLOWER (without `failOnSlower`, a SLOWER verdict does not "
            + "change the exit code)"),
    /** The run did not do everything it was asked to. */
    FAILED(3, "the run did not do everything it was asked to (each reason is named on standard error): a "
            + "benchmark threw, failed or was ended by `forkTimeout`, a fork was lost, a clock restore failed, a "
            + "report or the history could not be written, JMH stopped the run (`-foe true`), a declared pair both of "
            + "whose sides could run here was not compared (too few iterations for an interval, say; a pair with a "
            + "side skipped for want of a GPU is not counted); or `requireGpu=true` and a selected benchmark needs a "
            + "GPU that is not here, or JMH's lock (`jmh.lock` in `java.io.tmpdir`) is held by another JMH run "
            + "(then nothing was run and no report written)");

    private final int code;
    private final String meaning;

    ExitCode(int code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    /** The process's exit status. */
    public int code() {
        return code;
    }

    /** What it means, every case. */
    public String meaning() {
        return meaning;
    }
}
