package dev.sns.jmh.host;

import dev.sns.analysis.Analysis;
import dev.sns.analysis.Measurement;
import dev.sns.gpu.GpuDevice;
import dev.sns.gpu.GpuEnvironment;
import dev.sns.jmh.link.ForkProperties;
import dev.sns.jmh.link.ProfilerOptions;
import dev.sns.jmh.link.WindowMeasurements;
import dev.sns.jmh.link.WindowSamples;
import dev.sns.model.ComparisonResult;
import dev.sns.model.TimingResult;
import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.BoardEntry;
import dev.sns.reports.DeviceEntry;
import dev.sns.reports.ReportEntries;
import dev.sns.reports.RunReport;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The host JVM's view of the whole run. No JMH callback sees more than one benchmark and none fires
 * at the end of a run, so the host halves of every benchmark report here: their forks go into the
 * {@link ForkLedger}; a benchmark whose forks are all in is summarized through the analysis, added to
 * the {@link RunReports} (rewritten after each benchmark), and compared with its pair's other side
 * ({@link PairComparisons}). Under JMH's own Main it is printed as one line then (and each comparison
 * as one); under the sns Main nothing of a result is printed until the run's end, whose summary
 * ({@link RunSummary}) states each result once.
 *
 * <p>One per run, reached through a static: JMH creates the profiler that reports here anew for each
 * benchmark, so nothing else can carry the run's state from one benchmark to the next. The sns Main
 * starts a fresh one per run ({@link #start}); under JMH's own Main the first benchmark makes it.
 * The ledger, the pairs, the reports and the console lines each live in a class of their own; this
 * one only sequences them.
 */
public final class HostRun {
    private static HostRun current;

    private final FreshLine out;
    private boolean historyRecorded;
    private final ForkLedger ledger = new ForkLedger();
    private final PairComparisons pairs = new PairComparisons();
    private final DeviceHealth health = new DeviceHealth();
    /** The GPUs the sns Main measures on, in the order selected (the first is the health reference). */
    private List<GpuDevice> devices = List.of();
    /** Whether a benchmark (by name) needs a GPU: only those carry a device. */
    private final Map<String, Boolean> needsGpu = new java.util.HashMap<>();
    private final Map<String, Finished> finished = new LinkedHashMap<>();
    /** What the run promised and did not do (benchmarks that failed, forks lost, files not written). */
    private final List<String> problems = new ArrayList<>();
    private final java.util.Set<String> saidUncompared = new java.util.HashSet<>();
    private boolean finishedOnce;
    private ProfilerOptions options;
    private RunReports reports;
    /** When each benchmark's fork in progress started (System.nanoTime), by id. */
    private final Map<String, Long> forkStart = new java.util.HashMap<>();
    /** Each benchmark's JMH configuration (its first fork's), recorded with the run for the shard plans' weights. */
    private final Map<String, String> configurations = new java.util.HashMap<>();
    /** The host's wall time for each benchmark's forks so far, nanoseconds, by id. */
    private final Map<String, Long> wallNanos = new java.util.HashMap<>();
    /** The run group and shard this run records in the history (null: a run group of its own, not sharded). */
    private String runGroup;
    private dev.sns.reports.shards.ShardSpec shard;
    /** Whether the sns Main started this run ({@link #start}); JMH's own Main makes one in {@link #current}. */
    private boolean snsMain;
    /** With halfWidth (sns Main): each result's stop, and the windows of those that get more forks. */
    private PrecisionRounds precision;

    HostRun(PrintStream out) {
        this.out = new FreshLine(out);
    }

    /** The run in progress (a new one printing to standard output if none was started). */
    public static synchronized HostRun current() {
        if (current == null) {
            current = new HostRun(System.out);
        }
        return current;
    }

    /** Starts a new run printing to {@code out} (the sns Main's stream); the one before is finished. */
    public static synchronized HostRun start(PrintStream out) {
        reset();
        WindowMeasurements.forget(); // the results of the run before: none of its windows come again
        current = new HostRun(out);
        current.snsMain = true;
        return current;
    }

    /** Whether the run in progress is the sns Main's (false under JMH's own Main, or before any run). */
    public static synchronized boolean underSnsMain() {
        return current != null && current.snsMain;
    }

    /** Finishes the run in progress, if any, and forgets it (the next test starts over). */
    public static synchronized void reset() {
        if (current != null) {
            current.closeReports();
        }
        current = null;
    }

    /**
     * The JVM exits: what is pending is finalized and the reports written. Under JMH's own Main nothing
     * else ends the run, so where the reports are is said here (the sns Main says it in its summary).
     */
    private synchronized void finishAtExit() {
        try {
            boolean first = !finishedOnce;
            finish();
            if (first && reports != null) {
                out.println("sns: reports in " + reports.dir());
            }
        } catch (RuntimeException e) {
            out.println("sns: the run could not be finished: " + e);
            closeReports();
        }
    }

    private synchronized void closeReports() {
        if (reports != null) {
            reports.finish();
        }
    }

    /**
     * Takes the report directory for this run (the check that it can be written, and that no other run
     * writes it), before anything runs; an error says why not and what to do. Under JMH's own Main the
     * first fork does this, and the reports are finished when the JVM exits.
     */
    public synchronized void open(ProfilerOptions o) throws java.io.IOException {
        if (options == null) {
            reports = RunReports.open(o, GpuEnvironment.jvm().asMap(), out);
            options = o;
            HostRun self = this;
            // Under JMH's own Main nothing else ends the run: what is pending (a last benchmark that
            // failed, say) is finalized and the reports are written as the JVM exits.
            Runtime.getRuntime().addShutdownHook(new Thread(self::finishAtExit, "sns-reports"));
        }
    }

    // ------------------------------------------------------------------ the run's plan (sns Main)

    /** These benchmarks run interleaved, one fork per round. */
    public synchronized void interleave(List<String> benchmarks, int rounds) {
        ledger.interleave(benchmarks, rounds);
    }

    /** The round the next forks belong to (interleaved runs). */
    public synchronized void round(int round) {
        ledger.round(round);
    }

    /** This run is {@code spec} of run group {@code group} (null: a group of its own): so it is recorded. */
    public synchronized void shard(String group, dev.sns.reports.shards.ShardSpec spec) {
        this.runGroup = group;
        this.shard = spec;
    }

    /**
     * The GPUs this run measures on, in the order selected: each GPU benchmark's entry records its
     * device, with several its id ends in {@code device=i}, and each is compared with the first.
     */
    public synchronized void devices(List<GpuDevice> selected) {
        this.devices = List.copyOf(selected);
        if (reports != null) {
            for (GpuDevice d : devices) {
                reports.device(new DeviceEntry(d.index(), d.name(), d.uuid(), d.pciBusId(), Map.of()));
            }
        }
    }

    /** The GPUs this run measures on (empty when it did not choose: JMH's own Main). */
    public synchronized List<GpuDevice> devices() {
        return devices;
    }

    /** The pairs to compare as soon as both sides are finished. */
    public synchronized void pairs(List<Pairs.Pair> newPairs) {
        pairs.pairs(newPairs);
    }

    /** The number a fork is filed under: its round for an interleaved benchmark, else JMH's own count. */
    public synchronized int forkNumber(String benchmark, int localFork) {
        return ledger.forkNumber(benchmark, localFork);
    }

    /** Precision rounds follow the selection (halfWidth): each result says why it stopped, and keeps its windows. */
    synchronized void precision(PrecisionRounds rounds) {
        this.precision = rounds;
    }

    /**
     * More forks of {@code f} follow, numbered from {@code firstFork}: their windows join the ones it has,
     * and it is finalized again once they are in.
     */
    synchronized void moreForks(Finished f, int firstFork) {
        ledger.carry(f.id(), precision.windows(f.id()), f.benchmark(), firstFork);
    }

    /** The finished benchmarks, in the order they first finished (a benchmark finalized again keeps its place). */
    synchronized List<Finished> finishedBenchmarks() {
        return List.copyOf(finished.values());
    }

    // ------------------------------------------------------------------ forks (host halves)

    /** A line on the run's console. */
    void say(String line) {
        out.println(line);
    }

    /** What sns prints is held until {@link #releaseConsole} (JMH's iteration line is open: {@code -f 0}). */
    void holdConsole() {
        out.hold();
    }

    /** Prints what was held, on a line boundary. */
    public void releaseConsole() {
        out.release();
    }

    /** Lines said once a run, by what they are about. */
    private final java.util.Set<String> saidOnce = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** A line on the run's console, the first time this run is told about {@code topic}. */
    void sayOnce(String topic, String line) {
        if (saidOnce.add(topic)) {
            out.println(line);
        }
    }

    /** JMH has (or no longer has) a line open on the console: the next line sns prints starts afresh. */
    void lineOpen(boolean open) {
        out.lineOpen(open);
    }

    synchronized void forkStarting(ProfilerOptions o, org.openjdk.jmh.infra.BenchmarkParams params) {
        if (o.sharded() && shard == null) {
            throw new IllegalStateException("sns: shard=" + o.get("shard") + " needs the sns Main "
                    + "(SnsMain, the benchmarks jar's Main-Class), which runs only the shard's "
                    + "benchmarks; JMH's own Main would run every shard's: nothing is measured");
        }
        start(o);
        forkEnded(id(params));
        forkStart.put(id(params), System.nanoTime());
        if (!ledger.interleaved(params.getBenchmark())) {
            configurations.putIfAbsent(id(params), ShardSuite.configuration(params));
        }
        for (String abandoned : ledger.forkStarting(id(params), params)) {
            finalizeBenchmark(abandoned); // JMH moved on: that benchmark's last forks failed
        }
    }

    /**
     * The benchmark's own exception, as its fork printed it (message, then stack): kept for its
     * report entry, said once on the console.
     */
    public synchronized void threw(org.openjdk.jmh.infra.BenchmarkParams params, String exceptionText) {
        ForkLedger.Pending p = ledger.pending(id(params), params);
        if (p.exception == null) {
            p.exception = topOfStack(exceptionText);
            out.println("sns: " + id(params) + ": the benchmark threw " + p.exception.replace("\n", " "));
        }
    }

    /** A fork was ended by its watch (it ran past its time budget): the benchmark failed. */
    public synchronized void forkEnded(org.openjdk.jmh.infra.BenchmarkParams params, int fork, String why) {
        forkEnded(id(params));
        ledger.pending(id(params), params).failures.add("fork " + (fork + 1) + " " + why);
        out.println("sns: " + id(params) + ": fork " + (fork + 1) + " " + why);
    }

    /**
     * The clocks could not be restored after a fork: the GPU was left changed, so the benchmark's
     * tier is C with the reason, and the run says so at its end.
     */
    public synchronized void restoreFailed(org.openjdk.jmh.infra.BenchmarkParams params, int fork, String why) {
        String entry = "after fork " + (fork + 1) + ": " + why;
        List<String> failures = ledger.pending(id(params), params).restoreFailures;
        if (failures.contains(entry)) {
            return; // the watch and afterTrial both saw it
        }
        failures.add(entry);
        problems.add(id(params) + ": after fork " + (fork + 1) + ": " + why.lines().findFirst().orElse(why));
    }

    /**
     * A fork's windows arrived; {@code iterationsMissing} measurement iterations did not (the
     * benchmark threw in the first of them, and JMH ended the fork).
     */
    synchronized void forkFinished(org.openjdk.jmh.infra.BenchmarkParams params, int fork, List<WindowSamples> windows,
                                   int iterationsMissing) {
        forkEnded(id(params));
        if (iterationsMissing > 0) {
            int measured = params.getMeasurement().getCount() - iterationsMissing;
            ledger.pending(id(params), params).failures.add("the benchmark threw in measurement iteration "
                    + (measured + 1) + " of " + params.getMeasurement().getCount() + " of fork " + (fork + 1));
        }
        for (WindowSamples w : windows) {
            if (w.fingerprint() != null && !w.fingerprint().getOrDefault("gpuName", "").isEmpty()) {
                Integer d = device(params);
                DeviceEntry known = d == null ? null : reports.device(d);
                if (d == null || devices.isEmpty() || Objects.equals(d, devices.get(0).index())) {
                    reports.fingerprint(w.fingerprint()); // the fork's own JVM and GPU (the first device's)
                }
                if (known != null && known.fingerprint().isEmpty()) {
                    reports.device(known.withFingerprint(w.fingerprint())); // each device's own
                }
                if (w.board() != null) {
                    BoardEntry board = BoardEntry.of(w.board());
                    DeviceEntry now = d == null ? null : reports.device(d);
                    if (now != null && now.board() == null) {
                        reports.device(now.withBoard(board)); // each device's board
                    } else if (now == null) {
                        reports.board(board); // a run that did not choose devices: the run's board
                    }
                }
                break;
            }
        }
        if (ledger.forkFinished(id(params), params, fork, windows)) {
            finalizeBenchmark(id(params));
        }
    }

    synchronized void benchmarkFailed(org.openjdk.jmh.infra.BenchmarkParams params, String message) {
        String id = id(params);
        forkEnded(id);
        if (ledger.interleaved(params.getBenchmark())) {
            // One round failed: the others still count; finalize once every round is done or failed.
            if (ledger.roundFailed(id, params, message)) {
                finalizeBenchmark(id);
            }
            return;
        }
        ForkLedger.Pending p = ledger.take(id);
        if (p != null && !p.windows.isEmpty()) {
            out.println("sns: " + id + ": keeping the forks that finished before the failure");
            ledger.keep(id, p);
            finalizeBenchmark(id);
            return;
        }
        problems.add(id + " failed: " + message.lines().findFirst().orElse("")); // nothing of it was measured
        if (reports != null) {
            reports.benchmark(onDevice(ReportEntries.notMeasured(params.getBenchmark(), params(params), "failed", message)
                    .withMode(mode(params)), device(params)).withWallMillis(wallMillis(id)));
        }
    }

    /** A fork of {@code id} ended (or a new one starts): its time since it started counts toward the benchmark's wall time. */
    private void forkEnded(String id) {
        Long t0 = forkStart.remove(id);
        if (t0 != null) {
            wallNanos.merge(id, System.nanoTime() - t0, Long::sum);
        }
    }

    /** The host's wall time for the forks of {@code id}, milliseconds; null when none was timed. */
    private Double wallMillis(String id) {
        forkEnded(id);
        Long n = wallNanos.get(id);
        return n == null ? null : n / 1e6;
    }

    /** Records a benchmark that was not run, with the reason (no GPU, say). */
    public synchronized void skipped(ProfilerOptions o, List<BenchmarkEntry> entries) {
        start(o);
        reports.benchmarks(entries);
    }

    /**
     * Finalizes whatever is still pending (the run ended) and says which pairs could not be compared;
     * returns the finished benchmarks.
     */
    public synchronized Map<String, Finished> finish() {
        finishedOnce = true;
        releaseConsole();
        for (String id : ledger.pendingIds()) {
            finalizeBenchmark(id);
        }
        pairs.unmeasured(finished.values());
        Map<String, String> uncompared = pairs.uncompared();
        uncompared.forEach((k, why) -> {
            if (saidUncompared.add(k + ": " + why)) { // finish runs again as the JVM exits: each said once
                out.println("sns: NOT COMPARED: " + k + ": " + why);
            }
        });
        if (reports != null) {
            reports.finish();
            problems.addAll(reports.writeFailures());
            recordHistory();
        }
        return new LinkedHashMap<>(finished);
    }

    /** Nothing ran: the report directory is released, its journal removed, no report written. */
    public synchronized void abandon() {
        if (reports != null) {
            reports.abandon();
            reports = null;
        }
        historyRecorded = true;
    }

    /** With {@code history=...}: the finished run goes into the history (once); a failure is a problem of the run. */
    private void recordHistory() {
        if (historyRecorded || options == null || options.history() == null) {
            return;
        }
        historyRecorded = true;
        try (dev.sns.reports.history.HistoryStore h = dev.sns.reports.history.HistoryStores.open(options.history())) {
            dev.sns.reports.history.RunContext context = dev.sns.reports.history.RunContext.detect(java.nio.file.Paths.get(""));
            if (runGroup != null) {
                context = context.withRunGroup(runGroup);
            }
            if (shard != null) {
                context = context.withShard(shard.index(), shard.count());
            }
            long run = h.record(reports.report(), context, configurations);
            out.println("sns: run " + run + " recorded in the history " + h.location());
        } catch (dev.sns.reports.history.HistoryException e) {
            out.println("sns: the run could not be recorded in the history: " + e.getMessage());
            problems.add("history: " + e.getMessage());
        }
    }

    /** What the run promised and did not do, one line each (empty when all went as asked). */
    public synchronized List<String> problems() {
        return List.copyOf(problems);
    }

    // ------------------------------------------------------------------ what the run produced

    /** The comparisons made so far, by "candidate vs baseline" id. */
    public synchronized Map<String, ComparisonResult> comparisons() {
        return pairs.comparisons();
    }

    /** Declared pairs that could not be compared, with why (complete after {@link #finish()}). */
    public synchronized Map<String, String> uncompared() {
        return pairs.uncompared();
    }

    /** The finished benchmarks' results, by id, in the order they finished. */
    public synchronized List<TimingResult> results() {
        List<TimingResult> out = new ArrayList<>();
        finished.values().forEach(f -> out.add(f.result()));
        return out;
    }

    /** The report as it stands (null before the first benchmark). */
    public synchronized RunReport report() {
        return reports == null ? null : reports.report();
    }

    /** Where the reports go (null before the first benchmark). */
    public synchronized Path reportDir() {
        return reports == null ? null : reports.dir();
    }

    /** The options of this run (null before the first benchmark). */
    public synchronized ProfilerOptions options() {
        return options;
    }

    /**
     * Starts the run's report on first use, with this JVM's fingerprint (nothing GPU-related is
     * loaded in the host for it); the first fork that times on its GPU sends the full one.
     */
    private void start(ProfilerOptions o) {
        try {
            open(o);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("sns: " + e.getMessage(), e);
        }
    }

    private void finalizeBenchmark(String id) {
        ForkLedger.Pending p = ledger.take(id);
        if (p == null) {
            return;
        }
        String benchmark = p.params.getBenchmark();
        if (p.exception != null || p.windows.isEmpty() || !p.failures.isEmpty() && !ledger.interleaved(benchmark)) {
            List<String> why = new ArrayList<>();
            if (p.exception != null) {
                why.add("the benchmark threw " + p.exception);
            }
            why.addAll(p.failures);
            if (why.isEmpty()) {
                why.add("no measurement fork finished (see JMH's output above)");
            } else if (p.exception == null && p.failures.stream().anyMatch(f -> f.startsWith("the benchmark threw"))) {
                why.add("its exception is in JMH's output above (the sns Main also puts it here)");
            }
            String message = String.join("; ", why);
            finished.remove(id); // more forks of a finished benchmark (precision rounds) failed it: its result goes
            problems.add(id + " failed: " + message.lines().findFirst().orElse(""));
            reports.benchmark(onDevice(ReportEntries.notMeasured(benchmark, params(p.params), "failed", message)
                    .withMode(mode(p.params)), device(p.params)).withWallMillis(wallMillis(id)));
            return;
        }
        Finished f;
        try {
            Measurement m = WindowMeasurements.measurement(id, p.windows);
            TimingResult r = WindowMeasurements.summary(id, p.windows, options.timing().bootstrap());
            if (!p.restoreFailures.isEmpty()) {
                List<String> reasons = new ArrayList<>();
                reasons.add("the clocks could not be restored " + String.join("; ", p.restoreFailures));
                reasons.addAll(r.tierReasons());
                r = r.toBuilder().tier(dev.sns.model.MeasurementTier.C, reasons).build();
            }
            if (precision != null && !ledger.interleaved(benchmark)) {
                r = precision.stamp(id, benchmark, r, p.windows);
            }
            f = new Finished(id, benchmark, mode(p.params), params(p.params), new Analysis.Summarized(m, r), forkIds(m, r),
                    p.windows.get(0).source(), ledger.interleaved(benchmark), device(p.params));
        } catch (RuntimeException e) {
            String why = "its samples could not be summarized: " + e.getMessage();
            finished.remove(id);
            out.println("sns: " + id + ": " + why);
            reports.benchmark(onDevice(ReportEntries.notMeasured(benchmark, params(p.params), "failed", why)
                    .withMode(mode(p.params)), device(p.params)).withWallMillis(wallMillis(id)));
            return;
        }
        finished.put(id, f);
        int missing = ledger.missingForks(p);
        if (!snsMain) { // the sns Main states each result once, at the end of the run (RunSummary)
            out.println(ConsoleLines.result(f, missing));
            out.print(dev.sns.Sns.formatKernels(f.result()));
        }
        String note = missing == 0 ? "" : missing + " fork(s) did not report (killed, crashed or failed) and are not included";
        if (missing > 0) {
            problems.add(id + ": " + note);
        }
        for (PairComparisons.Made c : pairs.compareReady(finished.values(), options.timing())) {
            if (!snsMain) {
                out.println(ConsoleLines.comparison(c.candidate().id(), c.baseline().id(), c.result()));
            }
            reports.comparison(ReportEntries.comparison(c.candidate().id(), c.baseline().id(), c.sharedParams(),
                    c.result(), c.rounds()));
        }
        reports.benchmark(onDevice(ReportEntries.ok(benchmark, params(p.params), f.source(), f.result(), f.forkIds(), note)
                .withMode(mode(p.params)), f.device()).withWallMillis(wallMillis(id)));
        if (devices.size() > 1) {
            int reference = devices.get(0).index();
            for (DeviceHealth.Made h : health.compareReady(finished.values(), reference, options.timing())) {
                if (!snsMain) {
                    out.println(ConsoleLines.deviceHealth(h, devices));
                }
                reports.deviceHealth(ReportEntries.deviceHealth(ReportEntries.id(benchmark, mode(p.params), params(p.params)),
                        h.device().device(), reference, h.device().id(), h.reference().id(), h.device().params(),
                        h.result(), h.rounds()));
            }
        }
    }

    /** The device-health comparisons made so far (a run of several devices). */
    synchronized List<DeviceHealth.Made> deviceHealth() {
        return health.all();
    }

    /** {@code e} as measured on {@code device} (null: unchanged), its id naming it when the run has several. */
    private BenchmarkEntry onDevice(BenchmarkEntry e, Integer device) {
        if (device == null) {
            return e;
        }
        DeviceEntry d = reports.device(device);
        BenchmarkEntry.Device ref = d != null ? d.ref() : new BenchmarkEntry.Device(device, "", "", "");
        return e.withDevice(ref, devices.size() > 1);
    }

    /** The exception's first line and the top of its stack (three frames), lines joined by newlines. */
    static String topOfStack(String exceptionText) {
        List<String> lines = new ArrayList<>();
        int frames = 0;
        for (String l : exceptionText.strip().lines().toList()) {
            boolean frame = l.strip().startsWith("at ");
            if (lines.isEmpty() || frame && frames++ < 3) {
                lines.add(frame ? "  " + l.strip() : l.strip());
            }
        }
        return String.join("\n", lines);
    }

    /** The fork of each of the result's samples (a lone sample is doubled, as the analysis doubles it). */
    private static int[] forkIds(Measurement m, TimingResult r) {
        int[] forks = m.forkOfEachSample();
        if (forks.length < r.n()) {
            int[] out = java.util.Arrays.copyOf(forks, r.n());
            java.util.Arrays.fill(out, forks.length, r.n(), forks[forks.length - 1]);
            return out;
        }
        return forks;
    }

    /**
     * The benchmark, its mode and its parameters, "pkg.Class.method@avgt:n=1"; in a run of several
     * devices a GPU benchmark's ends in its device, "pkg.Class.method@avgt:n=1,device=1".
     */
    String id(org.openjdk.jmh.infra.BenchmarkParams params) {
        Integer d = device(params);
        return ReportEntries.id(params.getBenchmark(), mode(params), params(params), devices.size() > 1 ? d : null);
    }

    /**
     * The GPU a fork of {@code params} measures on: the {@code -Dsns.device} the sns Main gave its
     * forks, for a benchmark that needs a GPU; null for a CPU benchmark or a run that chose no device.
     */
    Integer device(org.openjdk.jmh.infra.BenchmarkParams params) {
        int d = ForkProperties.device(params.getJvmArgs());
        if (d < 0) {
            return null;
        }
        return needsGpu.computeIfAbsent(params.getBenchmark(), BenchmarkSelection::needsGpu) ? d : null;
    }

    /** JMH's short label of the benchmark's mode ("avgt", "thrpt", "sample", "ss"). */
    static String mode(org.openjdk.jmh.infra.BenchmarkParams params) {
        return params.getMode().shortLabel();
    }

    static Map<String, String> params(org.openjdk.jmh.infra.BenchmarkParams params) {
        Map<String, String> m = new TreeMap<>();
        for (String k : params.getParamsKeys()) {
            m.put(k, params.getParam(k));
        }
        return m;
    }
}
