package dev.sns.jmh.host;

import dev.sns.Timers;
import dev.sns.gpu.GpuBackend;
import dev.sns.jmh.annotations.RequiresGpu;
import dev.sns.jmh.link.ProfilerOptions;
import dev.sns.timing.TimerKind;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.regex.Pattern;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The run's benchmarks: every name in the jar, and those selected. On a machine without a GPU the
 * benchmarks that need one are excluded, each with one line saying why.
 *
 * @param all every benchmark name in the jar
 * @param selected the selected benchmarks that will run
 */
record BenchmarkSelection(List<String> all, List<String> selected) {
    /** Finds the selected benchmarks and excludes (in {@code options}) those that need a missing GPU. */
    static BenchmarkSelection select(CommandLineOptions cmd, ChainedOptionsBuilder options, ProfilerOptions sns,
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
        GpuBackend.Status gpu = Timers.detect().backend().probe();
        boolean noGpuNeeded = sns != null && sns.timing().timer() == TimerKind.WALL;
        for (BenchmarkListEntry e : matching) {
            String name = e.getUsername();
            if (selected.contains(name)) {
                continue;
            }
            if (!gpu.available() && !noGpuNeeded && needsGpu(e)) {
                out.println("sns: skipping " + name + ": it needs a GPU and there is none here (" + gpu.reason() + ")");
                options.exclude("^" + Pattern.quote(name) + "$");
                if (sns != null) {
                    HostRun.current().skipped(sns, name, "no GPU: " + gpu.reason());
                }
                continue;
            }
            selected.add(name);
        }
        return new BenchmarkSelection(all, selected);
    }

    /**
     * A benchmark needs a GPU when its class or method is marked {@link RequiresGpu}, or a parameter's
     * type is (as {@code GpuBlackhole} is).
     */
    static boolean needsGpu(BenchmarkListEntry e) {
        try {
            Class<?> c = Class.forName(e.getUserClassQName(), false, BenchmarkSelection.class.getClassLoader());
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
