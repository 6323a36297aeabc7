package dev.sns.jmh.host;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import dev.sns.jmh.link.ForkProperties;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.WorkloadParams;
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
        return merge(results, false);
    }

    /**
     * As above; {@code byDevice} (a run of several GPUs): each GPU benchmark's forks on each device in
     * a result of their own, whose parameters gain {@code device} (JMH's table shows it as a column,
     * its JSON among the params). A benchmark that has a {@code @Param} of that name keeps its own.
     */
    static List<RunResult> merge(List<RunResult> results, boolean byDevice) {
        Map<String, List<RunResult>> byBenchmark = new LinkedHashMap<>();
        for (RunResult r : results) {
            int d = byDevice && HostRun.current().device(r.getParams()) != null
                    ? ForkProperties.device(r.getParams().getJvmArgs()) : -1;
            byBenchmark.computeIfAbsent(r.getParams().id() + (d < 0 ? "" : "#device=" + d), k -> new ArrayList<>()).add(r);
        }
        List<RunResult> merged = new ArrayList<>();
        for (List<RunResult> same : byBenchmark.values()) {
            List<BenchmarkResult> forks = new ArrayList<>();
            for (RunResult r : same) {
                forks.addAll(r.getBenchmarkResults());
            }
            BenchmarkParams p = same.get(0).getParams();
            int d = byDevice && HostRun.current().device(p) != null ? ForkProperties.device(p.getJvmArgs()) : -1;
            merged.add(new RunResult(d < 0 ? p : withDevice(p, d), forks));
        }
        merged.sort(RunResult.DEFAULT_SORT_COMPARATOR);
        return merged;
    }

    /** {@code p} with one more parameter, {@code device}, after its own (unless it has one). */
    static BenchmarkParams withDevice(BenchmarkParams p, int device) {
        if (p.getParamsKeys().contains("device")) {
            return p;
        }
        WorkloadParams wp = new WorkloadParams();
        int order = 0;
        for (String k : p.getParamsKeys()) {
            wp.put(k, p.getParam(k), order++);
        }
        wp.put("device", Integer.toString(device), order);
        return new BenchmarkParams(p.getBenchmark(), p.generatedBenchmark(), p.shouldSynchIterations(), p.getThreads(),
                p.getThreadGroups(), p.getThreadGroupLabels(), p.getForks(), p.getWarmupForks(), p.getWarmup(),
                p.getMeasurement(), p.getMode(), wp, p.getTimeUnit(), p.getOpsPerInvocation(), p.getJvm(), p.getJvmArgs(),
                p.getJdkVersion(), p.getVmName(), p.getVmVersion(), p.getJmhVersion(), p.getTimeout());
    }
}
