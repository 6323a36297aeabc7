package dev.sns.jmh;

import dev.sns.Sns;
import dev.sns.gpu.GpuBackend;
import dev.sns.model.TimingResult;
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
        HostCollector.reset();
        ChainedOptionsBuilder options = new OptionsBuilder().parent(cmd);
        int runnable = skipGpuBenchmarksWithoutGpu(cmd, options, sns, out);
        if (runnable > 0) {
            try {
                new Runner(options.build()).run();
            } catch (NoBenchmarksException e) {
                err.println("No matching benchmarks. Miss-spelled regexp?");
                return 1;
            } catch (ProfilersFailedException e) {
                for (Throwable t = e; t != null; t = t.getCause()) {
                    err.println(t.getMessage());
                    for (Throwable s : t.getSuppressed()) {
                        err.println(s.getMessage());
                    }
                }
                return 1;
            } catch (RunnerException e) {
                err.print("ERROR: ");
                e.printStackTrace(err);
                return 1;
            }
        }
        if (sns != null) {
            Map<String, HostCollector.Finished> finished = HostCollector.get().finish();
            summary(finished, out);
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

    /**
     * On a machine without a GPU, excludes the benchmarks that need one, saying so once each.
     * Returns how many matching benchmarks are left to run.
     */
    static int skipGpuBenchmarksWithoutGpu(CommandLineOptions cmd, ChainedOptionsBuilder options,
                                           SnsProfilerOptions sns, PrintStream out) {
        OutputFormat silent = OutputFormatFactory.createFormatInstance(out, VerboseMode.SILENT);
        List<String> includes = cmd.getIncludes().isEmpty() ? List.of(".*") : cmd.getIncludes();
        SortedSet<BenchmarkListEntry> matching = BenchmarkList.defaultList().find(silent, includes, cmd.getExcludes());
        GpuBackend.Status gpu = GpuBackend.detect();
        boolean wallTimer = sns != null && sns.get("timer").equals("wall");
        if (gpu.available() || wallTimer) {
            return matching.size();
        }
        List<String> skipped = new ArrayList<>();
        for (BenchmarkListEntry e : matching) {
            if (needsGpu(e) && !skipped.contains(e.getUsername())) {
                skipped.add(e.getUsername());
                out.println("sns: skipping " + e.getUsername() + ": it needs a GPU and there is none here ("
                        + gpu.reason() + ")");
                options.exclude("^" + Pattern.quote(e.getUsername()) + "$");
                if (sns != null) {
                    HostCollector.get().skipped(sns, e.getUsername(), "no GPU: " + gpu.reason());
                }
            }
        }
        return (int) matching.stream().filter(e -> !skipped.contains(e.getUsername())).count();
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
