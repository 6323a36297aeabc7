package dev.sns.jmh;

import dev.sns.TimeUnits;
import dev.sns.gpu.GpuEnvironment;
import dev.sns.model.ComparisonResult;
import dev.sns.model.TimingResult;
import dev.sns.reports.CsvReports;
import dev.sns.reports.HtmlReports;
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
    private final Map<String, Integer> interleavedRounds = new LinkedHashMap<>();
    private int currentRound;
    private List<Pairs.Pair> pairs = List.of();
    private final Map<String, ComparisonResult> comparisons = new LinkedHashMap<>();
    private final Map<String, String> uncompared = new LinkedHashMap<>();

    /** A benchmark whose forks are still arriving. */
    private static final class Pending {
        final BenchmarkParams params;
        final List<WindowSamples> windows = new ArrayList<>();
        final List<String> failures = new ArrayList<>();
        int forksDone;
        int forksFailed;

        Pending(BenchmarkParams params) {
            this.params = params;
        }
    }

    /** A benchmark with its result and the windows behind it. */
    public record Finished(String id, String benchmark, Map<String, String> params, TimingResult result,
                           int[] forkIds, String source, List<WindowSamples> windows, boolean interleaved) {}

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

    /** Starts over, printing to {@code out} (the sns Main's stream). */
    public static synchronized void reset(PrintStream out) {
        instance = new HostCollector(out);
    }

    synchronized void forkStarting(SnsProfilerOptions o, BenchmarkParams params, int fork) {
        start(o);
        String id = id(params);
        for (String other : new ArrayList<>(pending.keySet())) {
            Pending op = pending.get(other);
            if (!other.equals(id) && !interleavedRounds.containsKey(op.params.getBenchmark())) {
                finalizeBenchmark(other); // JMH moved on: that benchmark's last forks failed
            }
        }
        pending.computeIfAbsent(id, k -> new Pending(params));
    }

    synchronized void forkFinished(BenchmarkParams params, int fork, List<WindowSamples> windows) {
        Pending p = pending.computeIfAbsent(id(params), k -> new Pending(params));
        p.forksDone++;
        Integer rounds = interleavedRounds.get(params.getBenchmark());
        if (rounds != null) {
            for (WindowSamples w : windows) {
                p.windows.add(w.withFork(currentRound));
            }
        } else if (fork >= params.getWarmupForks()) {
            p.windows.addAll(windows);
        }
        for (WindowSamples w : windows) {
            if (!w.fingerprint().isEmpty() && !w.fingerprint().get("gpuName").isEmpty()) {
                report = report.withFingerprint(w.fingerprint());
                break;
            }
        }
        if (p.forksDone + p.forksFailed >= expectedForks(params)) {
            finalizeBenchmark(id(params));
        }
    }

    private int expectedForks(BenchmarkParams params) {
        Integer rounds = interleavedRounds.get(params.getBenchmark());
        return rounds != null ? rounds : params.getWarmupForks() + params.getForks();
    }

    /** The benchmarks (by name) that run interleaved, one fork per round, and how many rounds. */
    public synchronized void interleave(List<String> benchmarks, int rounds) {
        for (String b : benchmarks) {
            interleavedRounds.put(b, rounds);
        }
    }

    /**
     * The number a fork is filed under: its round for an interleaved benchmark (each round is a new
     * JMH run whose forks would all be fork 0), else JMH's own count.
     */
    public synchronized int forkNumber(String benchmark, int localFork) {
        return interleavedRounds.containsKey(benchmark) ? currentRound : localFork;
    }

    /** The round the next forks belong to (interleaved runs). */
    public synchronized void round(int round) {
        this.currentRound = round;
    }

    /** The pairs to compare as soon as both sides are finished. */
    public synchronized void pairs(List<Pairs.Pair> newPairs) {
        this.pairs = List.copyOf(newPairs);
    }

    /** The comparisons made so far, by "candidate vs baseline" id. */
    public synchronized Map<String, ComparisonResult> comparisons() {
        return new LinkedHashMap<>(comparisons);
    }

    synchronized void benchmarkFailed(BenchmarkParams params, String message) {
        String id = id(params);
        if (interleavedRounds.containsKey(params.getBenchmark())) {
            // One round failed: the others still count; finalize once every round is done or failed.
            Pending p = pending.computeIfAbsent(id, k -> new Pending(params));
            p.forksFailed++;
            p.failures.add(message);
            if (p.forksDone + p.forksFailed >= expectedForks(params)) {
                finalizeBenchmark(id);
            }
            return;
        }
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

    /** Starts the run's report on first use. */
    private void start(SnsProfilerOptions o) {
        if (options == null) {
            options = o;
            report = RunReport.start(GpuEnvironment.versions().getProperty("sns.version", ""), Instant.now().toString(),
                    GpuEnvironment.capture(null).asMap(), o.describe(), ReportEntries.hex(o.bootstrap().seed()));
        }
    }

    /** Records a benchmark that was not run, with the reason (no GPU, say). */
    public synchronized void skipped(SnsProfilerOptions o, String benchmark, String reason) {
        start(o);
        report = report.withBenchmark(ReportEntries.notMeasured(benchmark, Map.of(), "skipped", reason));
        writeReports();
    }

    /**
     * Finalizes whatever is still pending (the run ended) and says which pairs could not be
     * compared; returns the finished benchmarks.
     */
    public synchronized Map<String, Finished> finish() {
        for (String id : new ArrayList<>(pending.keySet())) {
            finalizeBenchmark(id);
        }
        for (Pairs.Pair pair : pairs) {
            boolean any = comparisons.keySet().stream().anyMatch(k -> k.startsWith(pair.candidate()) && k.contains(
                    " vs " + pair.baseline()));
            List<Finished> cands = finished.values().stream().filter(f -> f.benchmark().equals(pair.candidate())).toList();
            List<Finished> bases = finished.values().stream().filter(f -> f.benchmark().equals(pair.baseline())).toList();
            String key = pair.candidate() + " vs " + pair.baseline();
            if (cands.isEmpty() || bases.isEmpty()) {
                uncompared.put(key, (cands.isEmpty() ? "the candidate" : "the baseline") + " was not measured");
            } else if (!any) {
                uncompared.putIfAbsent(key, "no baseline with matching @Param values (or several)");
            }
        }
        uncompared.forEach((k, why) -> out.println("sns: NOT COMPARED: " + k + ": " + why));
        if (report != null && !uncompared.isEmpty()) {
            writeReports();
        }
        return new LinkedHashMap<>(finished);
    }

    /** Declared pairs that could not be compared, with why (filled by {@link #finish()}). */
    public synchronized Map<String, String> uncompared() {
        return new LinkedHashMap<>(uncompared);
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
            String why = p.failures.isEmpty() ? "no measurement fork finished (see JMH's output above)"
                    : String.join("; ", p.failures);
            report = report.withBenchmark(ReportEntries.notMeasured(p.params.getBenchmark(), params(p.params), "failed",
                    why));
            writeReports();
            return;
        }
        TimingResult r;
        try {
            r = Summaries.of(id, p.windows);
        } catch (RuntimeException e) {
            String why = "its samples could not be summarized: " + e.getMessage();
            out.println("sns: " + id + ": " + why);
            report = report.withBenchmark(ReportEntries.notMeasured(p.params.getBenchmark(), params(p.params), "failed",
                    why));
            writeReports();
            return;
        }
        int[] forkIds = Summaries.forkIds(p.windows);
        String source = p.windows.get(0).source();
        boolean interleaved = interleavedRounds.containsKey(p.params.getBenchmark());
        Finished f = new Finished(id, p.params.getBenchmark(), params(p.params), r, forkIds, source,
                List.copyOf(p.windows), interleaved);
        finished.put(id, f);
        int missing = interleaved ? interleavedRounds.get(p.params.getBenchmark()) - p.forksDone
                : p.params.getForks() - (p.forksDone - p.params.getWarmupForks());
        out.println(line(f, missing));
        report = report.withBenchmark(ReportEntries.ok(p.params.getBenchmark(), params(p.params), source, r, forkIds));
        comparePairs();
        writeReports();
    }

    /** Compares every pair whose two sides are finished, once per parameter combination. */
    private void comparePairs() {
        for (Pairs.Pair pair : pairs) {
            for (Finished c : finished.values()) {
                if (!c.benchmark().equals(pair.candidate())) {
                    continue;
                }
                List<Finished> bases = new ArrayList<>();
                for (Finished b : finished.values()) {
                    if (b.benchmark().equals(pair.baseline()) && paramsAgree(c.params(), b.params())) {
                        bases.add(b);
                    }
                }
                if (bases.size() > 1) {
                    uncompared.put(c.id() + " vs " + pair.baseline(), "several baselines match its @Param values: "
                            + String.join(", ", bases.stream().map(Finished::id).toList()));
                    continue;
                }
                if (bases.isEmpty()) {
                    continue; // not measured yet; finish() reports it if it never is
                }
                Finished b = bases.get(0);
                String key = c.id() + " vs " + b.id();
                if (comparisons.containsKey(key)) {
                    continue;
                }
                ComparisonResult cr;
                try {
                    cr = PairStatistics.compare(c.result(), c.windows(), b.result(), b.windows(),
                            c.interleaved() && b.interleaved(), options.bootstrap(), options.thresholds());
                } catch (RuntimeException e) {
                    uncompared.put(key, "the speedup could not be computed: " + e.getMessage());
                    continue;
                }
                uncompared.remove(key);
                comparisons.put(key, cr);
                out.println(comparisonLine(c.id(), b.id(), cr));
                Map<String, String> shared = new TreeMap<>(c.params());
                shared.keySet().retainAll(b.params().keySet());
                int rounds = c.interleaved() && b.interleaved() ? interleavedRounds.get(c.benchmark()) : 0;
                report = report.withComparison(ReportEntries.comparison(c.id(), b.id(), shared, cr, rounds));
            }
        }
    }

    /** Parameters agree when every key both have holds the same value. */
    static boolean paramsAgree(Map<String, String> a, Map<String, String> b) {
        for (Map.Entry<String, String> e : a.entrySet()) {
            String other = b.get(e.getKey());
            if (other != null && !other.equals(e.getValue())) {
                return false;
            }
        }
        return true;
    }

    static String comparisonLine(String candidate, String baseline, ComparisonResult c) {
        return String.format(Locale.ROOT, "sns: %s vs %s: speedup %.4f [%.4f, %.4f] %.0f%%, tier %s, %s (%s)",
                candidate, baseline, c.speedup(), c.speedupInterval().lower(), c.speedupInterval().upper(),
                100 * c.speedupInterval().confidence(), c.tier(), c.verdict(), c.design());
    }

    static String line(Finished f, int missingForks) {
        TimingResult r = f.result();
        String unit = TimeUnits.unitFor(r.medianMillis());
        double k = TimeUnits.perMilli(unit);
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
                HtmlReports.write(report, dir.resolve("report.html"));
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

}
