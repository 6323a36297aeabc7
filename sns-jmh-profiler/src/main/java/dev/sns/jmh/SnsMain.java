package dev.sns.jmh;

import dev.sns.Sns;
import dev.sns.gpu.GpuBackend;
import dev.sns.model.ComparisonResult;
import dev.sns.model.TimingResult;
import dev.sns.model.Verdict;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.regex.Pattern;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.ProfilersFailedException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.runner.options.ProfilerConfig;

/**
 * The benchmarks jar's Main-Class: JMH's command line, unchanged, with sns around it. Listing and
 * help go to JMH as they are. A run first skips, with one line each, benchmarks that need a GPU on
 * a machine without one, runs the rest through JMH, then prints the sns summary and finishes the
 * reports.
 */
public final class SnsMain {
    private SnsMain() {}

    public static void main(String[] argv) {
        int rc = run(argv, System.out, System.err);
        if (rc != 0) {
            System.exit(rc);
        }
    }

    /** Runs and returns the exit code (0: ran; 1: bad options or a failed run). */
    public static int run(String[] argv, PrintStream out, PrintStream err) {
        CommandLineOptions cmd;
        try {
            cmd = new CommandLineOptions(argv);
        } catch (CommandLineOptionException e) {
            err.println("Error parsing command line:");
            err.println(" " + e.getMessage());
            return 1;
        }
        try {
            if (cmd.shouldHelp()) {
                cmd.showHelp();
                return 0;
            }
            Runner jmh = new Runner(cmd);
            if (cmd.shouldList()) {
                jmh.list();
                return 0;
            }
            if (cmd.shouldListWithParams()) {
                jmh.listWithParams(cmd);
                return 0;
            }
            if (cmd.shouldListProfilers()) {
                cmd.listProfilers();
                return 0;
            }
            if (cmd.shouldListResultFormats()) {
                cmd.listResultFormats();
                return 0;
            }
        } catch (java.io.IOException e) {
            err.println("ERROR: " + e.getMessage());
            return 1;
        }
        SnsProfilerOptions sns = snsOptions(cmd, err);
        if (sns == null && snsRequested(cmd)) {
            return 1;
        }
        HostCollector.reset(out);
        ChainedOptionsBuilder options = new OptionsBuilder().parent(cmd);
        Selection selection = select(cmd, options, sns, out);
        List<Pairs.Pair> pairs = List.of();
        if (sns != null) {
            try {
                pairs = Pairs.resolve(selection.all(), selection.selected(), sns.get("pair"), SnsMain.class.getClassLoader());
            } catch (IllegalArgumentException e) {
                err.println("sns: " + e.getMessage());
                return 1;
            }
            HostCollector.get().pairs(pairs);
        }
        OutputFormat format = outputFormat(cmd, out);
        List<RunResult> results = new ArrayList<>();
        int rc = 0;
        try {
            if (!pairs.isEmpty() && sns.flag("interleave")) {
                runInterleaved(options, pairs, selection, sns.rounds(), format, results, out);
            } else {
                for (Pairs.Pair p : pairs) {
                    if (!selection.selected().contains(p.baseline())) {
                        out.println("sns: adding " + p.baseline() + " to the run: it is the baseline of " + p.candidate());
                        options.include("^" + Pattern.quote(p.baseline()) + "$");
                    }
                }
                if (selection.runnable() > 0 || !pairs.isEmpty()) {
                    results.addAll(new Runner(options.build(), format).run());
                }
            }
        } catch (NoBenchmarksException e) {
            err.println("No matching benchmarks. Miss-spelled regexp?");
            rc = 1;
        } catch (ProfilersFailedException e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                err.println(t.getMessage());
                for (Throwable sup : t.getSuppressed()) {
                    err.println(sup.getMessage());
                }
            }
            rc = 1;
        } catch (RunnerException e) {
            err.print("ERROR: ");
            e.printStackTrace(err);
            rc = 1;
        } finally {
            // Whatever happened, what was measured reaches the result files and the reports.
            writeJmhResults(cmd, results, err);
            if (sns != null) {
                Map<String, HostCollector.Finished> finished = HostCollector.get().finish();
                summary(finished, out);
            }
        }
        if (rc != 0 || sns == null) {
            return rc;
        }
        return verdicts(sns, out, err);
    }

    /**
     * Runs the pairs' benchmarks in rounds: each round runs one fork of every member of a pair
     * group, in an order that reverses every round (candidate, baseline, baseline, candidate, ...:
     * ABBA), so that drift over the run lands on both sides alike. Everything else runs first, as
     * JMH would run it.
     */
    private static void runInterleaved(ChainedOptionsBuilder options, List<Pairs.Pair> pairs, Selection selection,
                                       int rounds, OutputFormat format, List<RunResult> results, PrintStream out)
            throws RunnerException {
        List<List<String>> groups = Pairs.groups(pairs);
        List<String> paired = new ArrayList<>();
        groups.forEach(paired::addAll);
        ChainedOptionsBuilder rest = new OptionsBuilder().parent(options.build());
        for (String m : paired) {
            rest.exclude("^" + Pattern.quote(m) + "$");
        }
        long unpaired = selection.selected().stream().filter(n -> !paired.contains(n)).count();
        if (unpaired > 0) {
            results.addAll(new Runner(rest.build(), format).run());
        }
        HostCollector collector = HostCollector.get();
        for (List<String> group : groups) {
            collector.interleave(group, rounds);
            out.println("sns: interleaving " + String.join(" and ", group) + ": " + rounds
                    + " rounds of one fork each, order reversed every round (ABBA)");
            for (int r = 0; r < rounds; r++) {
                collector.round(r);
                List<String> order = new ArrayList<>(group);
                if (r % 2 == 1) {
                    java.util.Collections.reverse(order);
                }
                for (String m : order) {
                    out.println("sns: round " + (r + 1) + " of " + rounds + ": " + m);
                    ChainedOptionsBuilder one = new OptionsBuilder().parent(options.build())
                            .include("^" + Pattern.quote(m) + "$")
                            .exclude("^(?!" + Pattern.quote(m) + "$)")
                            .forks(1).warmupForks(0);
                    results.addAll(new Runner(one.build(), format).run());
                }
            }
        }
    }

    /** JMH truncates its result file on every run: write the merged results once, at the end. */
    private static void writeJmhResults(CommandLineOptions cmd, List<RunResult> results, PrintStream err) {
        if (!cmd.getResult().hasValue() && !cmd.getResultFormat().hasValue()) {
            return;
        }
        ResultFormatType type = cmd.getResultFormat().orElse(ResultFormatType.CSV);
        String file = cmd.getResult().orElse("jmh-result." + type.toString().toLowerCase(java.util.Locale.ROOT));
        Map<String, List<RunResult>> byBenchmark = new java.util.LinkedHashMap<>();
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
        try {
            ResultFormatFactory.getInstance(type, file).writeOut(merged);
        } catch (RuntimeException e) {
            err.println("sns: could not write " + file + ": " + e.getMessage());
        }
    }

    private static OutputFormat outputFormat(CommandLineOptions cmd, PrintStream out) {
        VerboseMode mode = cmd.verbosity().orElse(VerboseMode.NORMAL);
        if (cmd.getOutput().hasValue()) {
            try {
                return OutputFormatFactory.createFormatInstance(
                        new PrintStream(new java.io.FileOutputStream(cmd.getOutput().get()), true, "UTF-8"), mode);
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException("cannot write the output file " + cmd.getOutput().get() + ": " + e);
            }
        }
        return OutputFormatFactory.createFormatInstance(out, mode);
    }

    /**
     * Prints the comparison table; with failOnSlower, any SLOWER verdict, and any declared pair that
     * could not be compared (a CI gate must not pass on nothing), makes the exit code 2.
     */
    private static int verdicts(SnsProfilerOptions sns, PrintStream out, PrintStream err) {
        Map<String, ComparisonResult> cmp = HostCollector.get().comparisons();
        Map<String, String> uncompared = HostCollector.get().uncompared();
        if (!cmp.isEmpty()) {
            out.println();
            out.println("sns comparisons (speedup = baseline median / candidate median; above 1 the candidate is faster):");
            out.print(Sns.formatComparisons(new ArrayList<>(cmp.values())));
        }
        if (!uncompared.isEmpty() && sns.flag("failOnSlower")) {
            err.println("sns: " + uncompared.size() + " declared pair(s) could not be compared; exiting with 2 "
                    + "(failOnSlower=true): " + String.join(", ", uncompared.keySet()));
            return 2;
        }
        List<String> slower = new ArrayList<>();
        cmp.forEach((k, c) -> {
            if (c.verdict() == Verdict.SLOWER) {
                slower.add(k);
            }
        });
        if (!slower.isEmpty() && sns.flag("failOnSlower")) {
            err.println("sns: SLOWER: " + String.join(", ", slower) + "; exiting with 2 (failOnSlower=true)");
            return 2;
        }
        return 0;
    }

    private static boolean snsRequested(CommandLineOptions cmd) {
        return cmd.getProfilers().stream().anyMatch(SnsMain::isSns);
    }

    private static boolean isSns(ProfilerConfig p) {
        return p.getKlass().equals("sns") || p.getKlass().equals(SnsProfiler.class.getName());
    }

    /** The sns options of the run, or null when sns is not among the profilers (or its options are bad). */
    private static SnsProfilerOptions snsOptions(CommandLineOptions cmd, PrintStream err) {
        for (ProfilerConfig p : cmd.getProfilers()) {
            if (isSns(p)) {
                try {
                    return SnsProfilerOptions.parse(p.getOpts());
                } catch (IllegalArgumentException e) {
                    err.println(e.getMessage());
                    return null;
                }
            }
        }
        return null;
    }

    /** The run's benchmarks: every name in the jar, and those selected (GPU ones skipped without a GPU). */
    record Selection(List<String> all, List<String> selected, int runnable) {}

    /**
     * Finds the selected benchmarks; on a machine without a GPU, excludes those that need one,
     * saying so once each.
     */
    static Selection select(CommandLineOptions cmd, ChainedOptionsBuilder options, SnsProfilerOptions sns,
                            PrintStream out) {
        OutputFormat silent = OutputFormatFactory.createFormatInstance(out, VerboseMode.SILENT);
        List<String> includes = cmd.getIncludes().isEmpty() ? List.of(".*") : cmd.getIncludes();
        SortedSet<BenchmarkListEntry> matching = BenchmarkList.defaultList().find(silent, includes, cmd.getExcludes());
        List<String> all = new ArrayList<>();
        for (BenchmarkListEntry e : BenchmarkList.defaultList().getAll(silent, List.of())) {
            if (!all.contains(e.getUsername())) {
                all.add(e.getUsername());
            }
        }
        List<String> selected = new ArrayList<>();
        GpuBackend.Status gpu = GpuBackend.detect();
        // A custom timer source (the fake GPU of the tests) stands in for a GPU, as the wall clock does.
        boolean noGpuNeeded = (sns != null && sns.get("timer").equals("wall"))
                || System.getProperty(dev.sns.TimerSources.PROPERTY) != null;
        for (BenchmarkListEntry e : matching) {
            String name = e.getUsername();
            if (selected.contains(name)) {
                continue;
            }
            if (!gpu.available() && !noGpuNeeded && needsGpu(e)) {
                out.println("sns: skipping " + name + ": it needs a GPU and there is none here (" + gpu.reason() + ")");
                options.exclude("^" + Pattern.quote(name) + "$");
                if (sns != null) {
                    HostCollector.get().skipped(sns, name, "no GPU: " + gpu.reason());
                }
                continue;
            }
            selected.add(name);
        }
        return new Selection(all, selected, selected.size());
    }

    /** A benchmark needs a GPU when it takes a GpuBlackhole or is marked {@link RequiresGpu}. */
    static boolean needsGpu(BenchmarkListEntry e) {
        try {
            Class<?> c = Class.forName(e.getUserClassQName(), false, SnsMain.class.getClassLoader());
            if (c.isAnnotationPresent(RequiresGpu.class)) {
                return true;
            }
            String name = e.getUsername().substring(e.getUsername().lastIndexOf('.') + 1);
            for (Method m : c.getMethods()) {
                if (!m.getName().equals(name)) {
                    continue;
                }
                if (m.isAnnotationPresent(RequiresGpu.class)) {
                    return true;
                }
                for (Class<?> p : m.getParameterTypes()) {
                    if (GpuBlackhole.class.isAssignableFrom(p)) {
                        return true;
                    }
                }
            }
            return false;
        } catch (ClassNotFoundException | LinkageError ex) {
            return false;
        }
    }

    private static void summary(Map<String, HostCollector.Finished> finished, PrintStream out) {
        if (finished.isEmpty()) {
            return;
        }
        List<TimingResult> results = new ArrayList<>();
        for (HostCollector.Finished f : finished.values()) {
            results.add(f.result());
        }
        out.println();
        out.println("sns summary (median per call, " + pct(results.get(0)) + " interval, tier):");
        out.print(Sns.formatTable(results));
        SnsProfilerOptions o = HostCollector.get().options();
        if (o != null) {
            out.println("sns: reports in " + java.nio.file.Paths.get(o.get("out")).toAbsolutePath());
        }
    }

    private static String pct(TimingResult r) {
        return String.format(java.util.Locale.ROOT, "%.0f%%", 100 * r.intervalMillis().confidence());
    }
}
