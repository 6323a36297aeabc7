package dev.sns.jmh.host;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * JMH's own result file ({@code -rf}, {@code -rff}). JMH truncates it on every run, and ABBA rounds
 * are many runs: the sns Main writes it once, at the end, with each benchmark's forks merged.
 */
final class JmhResultFiles {
    private JmhResultFiles() {}

    /** Writes {@code merged} (see {@link #merge}) to JMH's result file, when one was asked for. */
    static void write(CommandLineOptions cmd, List<RunResult> merged, PrintStream out, PrintStream err) {
        if (!cmd.getResult().hasValue() && !cmd.getResultFormat().hasValue()) {
            return;
        }
        ResultFormatType type = cmd.getResultFormat().orElse(ResultFormatType.CSV);
        String file = cmd.getResult().orElse("jmh-result." + type.toString().toLowerCase(Locale.ROOT));
        try {
            ResultFormatFactory.getInstance(type, file).writeOut(merged);
            out.println("Benchmark result is saved to " + file);
        } catch (RuntimeException e) {
            err.println("sns: could not write " + file + ": " + e.getMessage());
        }
    }

    /** The results of every JMH run of the sns run, each benchmark's forks (its rounds) in one result. */
    static List<RunResult> merge(List<RunResult> results) {
        Map<String, List<RunResult>> byBenchmark = new LinkedHashMap<>();
        for (RunResult r : results) {
            byBenchmark.computeIfAbsent(r.getParams().id(), k -> new ArrayList<>()).add(r);
        }
        List<RunResult> merged = new ArrayList<>();
        for (List<RunResult> same : byBenchmark.values()) {
            List<BenchmarkResult> forks = new ArrayList<>();
            for (RunResult r : same) {
                forks.addAll(r.getBenchmarkResults());
            }
            merged.add(new RunResult(same.get(0).getParams(), forks));
        }
        merged.sort(RunResult.DEFAULT_SORT_COMPARATOR);
        return merged;
    }
}
