package dev.sns.jmh.host;

import dev.sns.Timers;
import dev.sns.gpu.GpuBackend;
import dev.sns.jmh.annotations.RequiresGpu;
import dev.sns.jmh.link.ProfilerOptions;
import dev.sns.timing.TimerKind;
import java.io.PrintStream;
import java.lang.reflect.Method;
import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.ReportEntries;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.SortedSet;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The run's benchmarks: every name in the jar, and those selected. On a machine without a GPU the
 * benchmarks that need one are excluded, said once (how many, which, why), and each of their mode
 * and {@code @Param} combinations is recorded as skipped.
 *
 * @param all every benchmark name in the jar
 * @param selected the selected benchmarks that will run
 * @param matched whether the command line's patterns matched any benchmark at all
 * @param skippedForGpu the selected benchmarks left out because they need a GPU that is not here
 * @param gpu the machine's GPU as the host sees it
 */
record BenchmarkSelection(List<String> all, List<String> selected, boolean matched, List<String> skippedForGpu,
                          GpuBackend.Status gpu) {
    /** Finds the selected benchmarks and excludes (in {@code options}) those that need a missing GPU. */
    static BenchmarkSelection select(CommandLineOptions cmd, ChainedOptionsBuilder options, ProfilerOptions sns,
                                     PrintStream out) {
        return select(cmd, options, sns, out, null);
    }

    /**
     * The same for one shard of a suite run: only benchmarks with a unit (report id) that
     * {@code inShard} accepts are selected or skipped, and only those units are recorded as skipped;
     * null accepts every unit.
     */
    static BenchmarkSelection select(CommandLineOptions cmd, ChainedOptionsBuilder options, ProfilerOptions sns,
                                     PrintStream out, java.util.function.Predicate<String> inShard) {
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
        List<String> skipped = new ArrayList<>();
        List<BenchmarkListEntry> skippedEntries = new ArrayList<>();
        GpuBackend.Status gpu = Timers.detect().backend().probe();
        boolean noGpuNeeded = sns != null && sns.timing().timer() == TimerKind.WALL;
        for (BenchmarkListEntry e : matching) {
            String name = e.getUsername();
            if (inShard != null && units(cmd, e).stream().noneMatch(inShard)) {
                continue;
            }
            if (!gpu.available() && !noGpuNeeded && needsGpu(e)) {
                skippedEntries.add(e);
                if (!skipped.contains(name)) {
                    skipped.add(name);
                    options.exclude("^" + Pattern.quote(name) + "$");
                }
                continue;
            }
            if (!selected.contains(name)) {
                selected.add(name);
            }
        }
        if (!skipped.isEmpty()) {
            List<BenchmarkEntry> entries = new ArrayList<>();
            for (BenchmarkListEntry e : skippedEntries) {
                for (String mode : modes(cmd, e)) {
                    for (Map<String, String> params : paramCombinations(cmd, e)) {
                        BenchmarkEntry skip = ReportEntries.notMeasured(e.getUsername(), params, "skipped", "no GPU: "
                                + gpu.reason()).withMode(mode);
                        if (inShard == null || inShard.test(skip.id())) {
                            entries.add(skip);
                        }
                    }
                }
            }
            out.println(skipLine(gpu.reason(), entries.size(), skipped));
            if (sns != null && !sns.requireGpu()) {
                HostRun.current().skipped(sns, entries);
            }
        }
        return new BenchmarkSelection(all, selected, !matching.isEmpty(), skipped, gpu);
    }

    /**
     * The one line that says what was skipped for want of a GPU, under {@value #SKIP_LINE_MAX} characters:
     * the short reason (the whole one is in the reports), how many report rows were skipped (a method
     * counts once per mode and {@code @Param} combination, as the reports count it), and as many of the
     * benchmarks' short names as fit.
     */
    static String skipLine(String reason, int rows, List<String> benchmarks) {
        String head = "sns: no GPU here (" + shortReason(reason) + "): skipping " + rows + " benchmark(s) that need one"
                + (rows == benchmarks.size() ? "" : " (" + benchmarks.size() + " methods)");
        String tail = rows == 1 ? "" : "; all in the reports";
        String full = names(head, tail, benchmarks, false);
        String shortNames = names(head, tail, benchmarks, true);
        if (full == null || shortNames != null && shown(shortNames) > shown(full)) {
            return shortNames != null ? shortNames : head + tail; // short names, where they show more benchmarks
        }
        return full;
    }

    /** How many names a skip line shows: those listed before its " and N more" (all when there is none). */
    private static int shown(String line) {
        return line.split(", ").length;
    }

    /** The line with as many names as fit (at least one), full or "Class.method"; null when not one fits. */
    private static String names(String head, String tail, List<String> benchmarks, boolean shortNames) {
        StringBuilder names = new StringBuilder();
        int shown = 0;
        for (String b : benchmarks) {
            String next = (shown == 0 ? ": " : ", ") + (shortNames ? shortName(b) : b);
            int left = benchmarks.size() - shown - 1;
            String more = left == 0 ? "" : " and " + left + " more";
            if (head.length() + names.length() + next.length() + more.length() + tail.length() >= SKIP_LINE_MAX) {
                break;
            }
            names.append(next);
            shown++;
        }
        if (shown == 0) {
            return null;
        }
        return head + names + (shown == benchmarks.size() ? "" : " and " + (benchmarks.size() - shown) + " more") + tail;
    }

    /** "GpuSample_01_Memset.memset" of "dev.sns.benchmarks.GpuSample_01_Memset.memset". */
    private static String shortName(String benchmark) {
        int method = benchmark.lastIndexOf('.');
        int cls = method <= 0 ? -1 : benchmark.lastIndexOf('.', method - 1);
        return benchmark.substring(cls + 1);
    }

    /** The skip line stays under this many characters. */
    static final int SKIP_LINE_MAX = 160;

    /** The reason's first clause: "no CUDA driver" of "no CUDA driver (UnsatisfiedLinkError: ...). Run on ...". */
    static String shortReason(String reason) {
        int end = reason.length();
        for (String stop : new String[] {" (", ". ", ": "}) {
            int at = reason.indexOf(stop);
            if (at > 0) {
                end = Math.min(end, at);
            }
        }
        String s = reason.substring(0, end);
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }

    /** The report ids of every mode and parameter combination of a benchmark. */
    static List<String> units(CommandLineOptions cmd, BenchmarkListEntry e) {
        List<String> ids = new ArrayList<>();
        for (String mode : modes(cmd, e)) {
            for (Map<String, String> params : paramCombinations(cmd, e)) {
                ids.add(ReportEntries.id(e.getUsername(), mode, params));
            }
        }
        return ids;
    }

    /** The modes a benchmark runs in: {@code -bm}, else its own ({@code All} is every mode). */
    static List<String> modes(CommandLineOptions cmd, BenchmarkListEntry e) {
        Collection<Mode> modes = cmd.getBenchModes().isEmpty() ? List.of(e.getMode()) : cmd.getBenchModes();
        List<String> out = new ArrayList<>();
        for (Mode m : modes) {
            if (m == Mode.All) {
                for (Mode each : Mode.values()) {
                    if (each != Mode.All && !out.contains(each.shortLabel())) {
                        out.add(each.shortLabel());
                    }
                }
            } else if (!out.contains(m.shortLabel())) {
                out.add(m.shortLabel());
            }
        }
        return out;
    }

    /** Every combination of a benchmark's {@code @Param} values ({@code -p} overriding), keys sorted. */
    static List<Map<String, String>> paramCombinations(CommandLineOptions cmd, BenchmarkListEntry e) {
        List<Map<String, String>> combos = new ArrayList<>();
        combos.add(new TreeMap<>());
        Map<String, String[]> declared = e.getParams().orElse(Map.of());
        for (String key : new TreeSet<>(declared.keySet())) {
            Collection<String> values = cmd.getParameter(key).orElse(List.of(declared.get(key)));
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> c : combos) {
                for (String v : values) {
                    Map<String, String> m = new TreeMap<>(c);
                    m.put(key, v);
                    next.add(m);
                }
            }
            combos = next;
        }
        return combos;
    }

    /**
     * A benchmark needs a GPU when its class or method is marked {@link RequiresGpu}, or a parameter's
     * type is (as {@code GpuBlackhole} is).
     */
    static boolean needsGpu(BenchmarkListEntry e) {
        return needsGpu(e.getUserClassQName(), e.getUsername().substring(e.getUsername().lastIndexOf('.') + 1));
    }

    /** As above, for a benchmark by JMH's name ("pkg.Class.method", nested classes dotted). */
    static boolean needsGpu(String benchmark) {
        String[] cm = classAndMethod(benchmark);
        return cm != null && needsGpu(cm[0], cm[1], false);
    }

    /**
     * Whether a benchmark, by JMH's name, takes a parameter whose type is marked {@link RequiresGpu} (a
     * {@code GpuBlackhole}): its forks time on the GPU and must send sns samples, where one that is only
     * marked itself may be timed by JMH alone.
     */
    static boolean timesWithGpuBlackhole(String benchmark) {
        String[] cm = classAndMethod(benchmark);
        return cm != null && needsGpu(cm[0], cm[1], true);
    }

    /** The class (as {@code Class.forName} names it) and the method of a benchmark by JMH's name; null if none loads. */
    private static String[] classAndMethod(String benchmark) {
        int dot = benchmark.lastIndexOf('.');
        if (dot < 0) {
            return null;
        }
        String cls = benchmark.substring(0, dot);
        String method = benchmark.substring(dot + 1);
        while (true) {
            try {
                Class.forName(cls, false, BenchmarkSelection.class.getClassLoader());
                return new String[] {cls, method};
            } catch (ClassNotFoundException | LinkageError e) {
                int inner = cls.lastIndexOf('.');
                if (inner < 0) {
                    return null;
                }
                cls = cls.substring(0, inner) + "$" + cls.substring(inner + 1); // a nested class
            }
        }
    }

    private static boolean needsGpu(String className, String name) {
        return needsGpu(className, name, false);
    }

    /** With {@code parametersOnly}, only a parameter's type counts, not a mark on the class or method. */
    private static boolean needsGpu(String className, String name, boolean parametersOnly) {
        try {
            Class<?> c = Class.forName(className, false, BenchmarkSelection.class.getClassLoader());
            if (!parametersOnly && c.isAnnotationPresent(RequiresGpu.class)) {
                return true;
            }
            for (Method m : c.getMethods()) {
                if (!m.getName().equals(name)) {
                    continue;
                }
                if (!parametersOnly && m.isAnnotationPresent(RequiresGpu.class)) {
                    return true;
                }
                for (Class<?> p : m.getParameterTypes()) {
                    if (p.isAnnotationPresent(RequiresGpu.class)) {
                        return true;
                    }
                }
            }
            return false;
        } catch (ClassNotFoundException | LinkageError ex) {
            return false;
        }
    }
}
