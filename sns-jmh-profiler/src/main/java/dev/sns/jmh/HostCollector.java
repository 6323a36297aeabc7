package dev.sns.jmh;

import dev.sns.gpu.GpuEnvironment;
import dev.sns.model.TimingResult;
import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.CsvReports;
import dev.sns.reports.JsonReports;
import dev.sns.reports.ReportEntries;
import dev.sns.reports.RunReport;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The host JVM's view of the whole run: no JMH callback sees more than one benchmark, so this
 * merges each benchmark's forks, computes its interval and tier, prints one line per finished
 * benchmark, and rewrites the reports after each one (atomically: a crash keeps everything finished
 * before it).
 */
public final class HostCollector {
    private static HostCollector instance;

    private final PrintStream out;
    private SnsProfilerOptions options;
    private RunReport report;
    private final Map<String, Pending> pending = new LinkedHashMap<>();
    private final Map<String, Finished> finished = new LinkedHashMap<>();

    /** A benchmark whose forks are still arriving. */
    private static final class Pending {
        final BenchmarkParams params;
        final List<WindowSamples> windows = new ArrayList<>();
        int forksDone;
        int forksFailed;

        Pending(BenchmarkParams params) {
            this.params = params;
        }
    }

    /** A benchmark with its result. */
    public record Finished(String id, String benchmark, Map<String, String> params, TimingResult result,
                           int[] forkIds, String source) {}

    HostCollector(PrintStream out) {
        this.out = out;
    }

    /** The collector of this JVM. */
    public static synchronized HostCollector get() {
        if (instance == null) {
            instance = new HostCollector(System.out);
        }
        return instance;
    }

    /** Starts over (a new run in the same JVM, e.g. the next test). */
    public static synchronized void reset() {
        instance = null;
    }

    synchronized void forkStarting(SnsProfilerOptions o, BenchmarkParams params, int fork) {
        if (options == null) {
            options = o;
            report = RunReport.start(GpuEnvironment.versions().getProperty("sns.version", ""), Instant.now().toString(),
                    GpuEnvironment.capture(null).asMap(), o.describe(), ReportEntries.hex(o.bootstrap().seed()));
        }
        String id = id(params);
        for (String other : new ArrayList<>(pending.keySet())) {
            if (!other.equals(id)) {
                finalizeBenchmark(other); // JMH moved on: that benchmark's last forks failed
            }
        }
        pending.computeIfAbsent(id, k -> new Pending(params));
    }

    synchronized void forkFinished(BenchmarkParams params, int fork, List<WindowSamples> windows) {
        Pending p = pending.computeIfAbsent(id(params), k -> new Pending(params));
        p.forksDone++;
        if (fork >= params.getWarmupForks()) {
            p.windows.addAll(windows);
        }
        for (WindowSamples w : windows) {
            if (!w.fingerprint().isEmpty() && !w.fingerprint().get("gpuName").isEmpty()) {
                report = report.withFingerprint(w.fingerprint());
                break;
            }
        }
        if (p.forksDone + p.forksFailed >= params.getWarmupForks() + params.getForks()) {
            finalizeBenchmark(id(params));
        }
    }

    synchronized void benchmarkFailed(BenchmarkParams params, String message) {
        String id = id(params);
        Pending p = pending.remove(id);
        if (p != null && !p.windows.isEmpty()) {
            out.println("sns: " + id + ": keeping the forks that finished before the failure");
            pending.put(id, p);
            finalizeBenchmark(id);
            return;
        }
        if (report != null) {
            report = report.withBenchmark(ReportEntries.notMeasured(params.getBenchmark(), params(params), "failed", message));
            writeReports();
        }
    }

    /** Records a benchmark that was not run, with the reason (no GPU, say). */
    public synchronized void skipped(SnsProfilerOptions o, String benchmark, String reason) {
        if (options == null) {
            options = o;
            report = RunReport.start(GpuEnvironment.versions().getProperty("sns.version", ""), Instant.now().toString(),
                    GpuEnvironment.capture(null).asMap(), o.describe(), ReportEntries.hex(o.bootstrap().seed()));
        }
        report = report.withBenchmark(ReportEntries.notMeasured(benchmark, Map.of(), "skipped", reason));
        writeReports();
    }

    /** Finalizes whatever is still pending (the run ended); returns the finished benchmarks. */
    public synchronized Map<String, Finished> finish() {
        for (String id : new ArrayList<>(pending.keySet())) {
            finalizeBenchmark(id);
        }
        return new LinkedHashMap<>(finished);
    }

    /** The finished benchmarks so far, by id. */
    public synchronized Map<String, Finished> finished() {
        return new LinkedHashMap<>(finished);
    }

    /** The report as it stands (null before the first benchmark). */
    public synchronized RunReport report() {
        return report;
    }

    /** Replaces the report (to add comparisons) and rewrites the files. */
    public synchronized void update(RunReport newReport) {
        report = newReport;
        writeReports();
    }

    /** The options of this run (null before the first benchmark). */
    public synchronized SnsProfilerOptions options() {
        return options;
    }

    private void finalizeBenchmark(String id) {
        Pending p = pending.remove(id);
        if (p == null) {
            return;
        }
        if (p.windows.isEmpty()) {
            report = report.withBenchmark(ReportEntries.notMeasured(p.params.getBenchmark(), params(p.params), "failed",
                    "no measurement fork finished"));
            writeReports();
            return;
        }
        TimingResult r = Summaries.of(id, p.windows);
        int[] forkIds = Summaries.forkIds(p.windows);
        String source = p.windows.get(0).source();
        Finished f = new Finished(id, p.params.getBenchmark(), params(p.params), r, forkIds, source);
        finished.put(id, f);
        out.println(line(f, p.params.getForks() - (p.forksDone - p.params.getWarmupForks())));
        report = report.withBenchmark(ReportEntries.ok(p.params.getBenchmark(), params(p.params), source, r, forkIds));
        writeReports();
    }

    static String line(Finished f, int missingForks) {
        TimingResult r = f.result();
        String unit = unit(r.medianMillis());
        double k = SnsResult.scale(unit + "/op");
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "sns: %s: %.4g %s [%.4g, %.4g] %.0f%%, n=%d in %d windows, tier %s",
                f.id(), r.medianMillis() * k, unit, r.intervalMillis().lower() * k, r.intervalMillis().upper() * k,
                100 * r.intervalMillis().confidence(), r.n(), r.windowCount(), r.tier()));
        if (!r.tierReasons().isEmpty()) {
            sb.append(" (").append(String.join("; ", r.tierReasons())).append(')');
        }
        r.netIntervalMillis().ifPresent(net -> sb.append(String.format(Locale.ROOT,
                "; net of launch overhead %.4g %s [%.4g, %.4g]", r.netMedianMillis() * k, unit, net.lower() * k,
                net.upper() * k)));
        if (!Double.isNaN(r.gbPerSecond())) {
            sb.append(String.format(Locale.ROOT, "; %.1f GB/s", r.gbPerSecond()));
        }
        if (!Double.isNaN(r.tflops())) {
            sb.append(String.format(Locale.ROOT, "; %.2f TFLOP/s", r.tflops()));
        }
        if (missingForks > 0) {
            sb.append("; ").append(missingForks).append(" fork(s) failed and are not included");
        }
        return sb.toString();
    }

    static String unit(double millis) {
        if (millis < 1e-3) {
            return "ns";
        }
        if (millis < 1.0) {
            return "us";
        }
        if (millis < 1000.0) {
            return "ms";
        }
        return "s";
    }

    private void writeReports() {
        if (report == null) {
            return;
        }
        Path dir = Paths.get(options.get("out"));
        try {
            if (options.formats().contains("json")) {
                JsonReports.write(report, dir.resolve("results.json"));
            }
            if (options.formats().contains("csv")) {
                CsvReports.write(report, dir);
            }
            if (options.formats().contains("html")) {
                ReportWriters.writeHtml(report, dir);
            }
        } catch (IOException e) {
            out.println("sns: could not write the reports to " + dir.toAbsolutePath() + ": " + e.getMessage());
        }
    }

    static String id(BenchmarkParams params) {
        return ReportEntries.id(params.getBenchmark(), params(params));
    }

    static Map<String, String> params(BenchmarkParams params) {
        Map<String, String> m = new TreeMap<>();
        for (String k : params.getParamsKeys()) {
            m.put(k, params.getParam(k));
        }
        return m;
    }

    /** For entries built elsewhere. */
    static BenchmarkEntry entryOf(Finished f) {
        return ReportEntries.ok(f.benchmark(), f.params(), f.source(), f.result(), f.forkIds());
    }
}
