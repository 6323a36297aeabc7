package dev.sns.jmh.host;

import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;

/**
 * JMH's output for a run the sns Main splits into several JMH runs (the ABBA rounds of pairs): JMH's
 * results table and its result file come once, at the end, over every result; a benchmark's banner comes once, in its
 * first round, later rounds saying only which round they are; JMH's per-run progress line ("0.00%
 * complete, ETA 00:00:00" for each one-fork run) gives way to one progress line for the whole run,
 * with an ETA from the forks done so far; JMH's "Result" of one round's fork, and its "Run complete" line, are
 * left out. Under the sns Main sns's secondary results are left out of JMH's iteration lines and "Result"
 * blocks: sns says each result once, in its own line when the benchmark is finished, and JMH's table at
 * the end has its rows. In the rounds after a benchmark's first, each iteration is JMH's score line alone:
 * a sample-mode iteration's eight percentile lines come in its first round, and JMH's table at the end has
 * them over every round (a pair of sample-mode benchmarks in 4 rounds of 2 iterations printed 120 such
 * lines more, a third of the README's first run).
 */
final class RunOutput extends ForwardingOutput {
    private final Set<String> bannered = new HashSet<>();
    private final java.io.PrintStream console;
    private boolean inRounds;
    private String roundLine;
    /** The fork now printing is a later round of a benchmark already shown: its iterations' scores alone. */
    private boolean laterRound;

    /** JMH's output to {@code out}; sns's progress line to {@code console} (shown even with -v SILENT). */
    RunOutput(OutputFormat out, java.io.PrintStream console) {
        super(out);
        this.console = console;
    }

    /** The rounds begin: from here on, banners once per benchmark and sns's own progress line. */
    void rounds() {
        inRounds = true;
    }

    /**
     * The next one-fork JMH run: round {@code round} of {@code rounds}, fork {@code done + 1} of
     * {@code total} in the rounds, {@code elapsedMillis} into them.
     */
    void nextFork(String benchmark, int round, int rounds, int done, int total, long elapsedMillis) {
        String eta = done == 0 ? "ETA after the first fork"
                : "ETA " + clock(elapsedMillis * (total - done) / done);
        console.println(String.format(Locale.ROOT, "sns: progress: round %d of %d, fork %d of %d (%.0f%% done), %s: %s",
                round, rounds, done + 1, total, 100.0 * done / total, eta, benchmark));
        roundLine = "# sns round " + round + " of " + rounds + ": " + benchmark + " (banner above, in round 1; "
                + "scores alone: percentiles in round 1 and in JMH's table at the end)";
    }

    private static String clock(long millis) {
        long s = millis / 1000;
        return String.format(Locale.ROOT, "%02d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }

    /** The next JMH run gives a finished benchmark more forks (precision round {@code round}). */
    void precisionRound(String benchmark, int round) {
        roundLine = "# sns precision round " + round + ": " + benchmark + " (banner above, in round 1)";
    }

    @Override
    public void startBenchmark(BenchmarkParams params) {
        if (bannered.add(params.id()) || !inRounds) {
            laterRound = false;
            out.startBenchmark(params);
        } else {
            laterRound = true;
            if (roundLine != null) {
                out.println(roundLine);
            }
        }
    }

    @Override
    public void println(String s) {
        if (s != null && s.startsWith("Benchmark result is saved to")) {
            return; // the sns Main writes JMH's result file once, at the end, and says so then
        }
        if (s != null && s.startsWith("# WARNING: JMH lock is ignored by user request") && JmhLock.heldBySns()) {
            return; // the sns Main holds JMH's lock for the whole run (parallelDevices), not the user
        }
        if (inRounds && s != null && (s.startsWith("# Run progress:") || s.startsWith("# Run complete."))) {
            return; // JMH's progress of a one-fork run: sns prints the whole run's
        }
        out.println(s);
    }

    /**
     * A measurement iteration's line without sns's secondary results: the sns Main says each result once,
     * in its own line when the benchmark is finished (JMH would print sns's window median under every
     * iteration, then a blank line).
     */
    @Override
    public void iterationResult(BenchmarkParams benchParams, IterationParams params, int iteration,
                                IterationResult data) {
        if (laterRound && data != null && params.getType() == org.openjdk.jmh.runner.IterationType.MEASUREMENT
                && !data.getSecondaryResults().isEmpty()) {
            out.println(data.getPrimaryResult().toString()); // JMH's score line, as JMH prints it, without what follows
        } else {
            out.iterationResult(benchParams, params, iteration, withoutSns(data));
        }
        HostRun.current().releaseConsole(); // -f 0: what sns said during the iteration, now on a line of its own
    }

    /** JMH's "Result" of a benchmark, without its "Secondary result" blocks of sns (said once, by sns). */
    @Override
    public void endBenchmark(BenchmarkResult result) {
        if (inRounds) {
            return; // one round's fork is not the benchmark's result: sns says that once its rounds are done
        }
        if (result == null) {
            out.endBenchmark(null);
            return;
        }
        List<IterationResult> its = new java.util.ArrayList<>();
        result.getIterationResults().forEach(i -> its.add(withoutSns(i)));
        BenchmarkResult shown = new BenchmarkResult(result.getParams(), its, result.getMetadata());
        for (String label : result.getBenchmarkResults().keys()) {
            if (!isSns(label)) {
                result.getBenchmarkResults().get(label).forEach(shown::addBenchmarkResult);
            }
        }
        out.endBenchmark(shown);
    }

    static boolean isSns(String label) {
        return label.equals("sns") || label.startsWith("sns.");
    }

    private static IterationResult withoutSns(IterationResult data) {
        if (data == null || data.getRawSecondaryResults().keys().stream().noneMatch(RunOutput::isSns)) {
            return data;
        }
        IterationResult shown = new IterationResult(data.getBenchmarkParams(), data.getParams(), data.getMetadata());
        shown.addResults(data.getRawPrimaryResults());
        for (String label : data.getRawSecondaryResults().keys()) {
            if (!isSns(label)) {
                shown.addResults(data.getRawSecondaryResults().get(label));
            }
        }
        return shown;
    }

    /** Left for the one table at the end ({@link #table}). */
    @Override
    public void endRun(Collection<RunResult> result) {
        // each JMH run's table would show one round of one benchmark
    }

    /** JMH's results table, once, over every JMH run of this sns run (each benchmark's rounds merged). */
    void table(List<RunResult> merged) {
        if (!merged.isEmpty()) {
            out.endRun(merged);
        }
    }
}
