package dev.sns.benchmarks;

import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.ReportEntries;
import dev.sns.reports.RunReport;
import dev.sns.reports.changes.ChangeDetector;
import dev.sns.reports.changes.ChangeSettings;
import dev.sns.reports.changes.SeriesChanges;
import dev.sns.reports.history.BenchmarkSeries;
import dev.sns.reports.history.HistoryException;
import dev.sns.reports.history.HistoryStore;
import dev.sns.reports.history.HistoryStores;
import dev.sns.reports.history.RunContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the performance history costs (issue 14): a history of 10,000 runs x 50 benchmarks (SQLite,
 * the embedded default) must answer {@code changes} for one benchmark well under a second on 2
 * cores. Measures recording one run of 50 benchmarks into it, reading one benchmark's series (all
 * 10,000 runs), and the change points of one benchmark (series plus E-divisive with 199
 * permutations over the last 200 runs, the default, and over the last 2,000, the most one analysis
 * reads).
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar HistoryCost}. The history is built once
 * (a minute or two) in {@code target/history-cost/} and reused by later runs; its size per run is
 * printed. Not run in CI.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
public class HistoryCostBenchmark {
    static final int RUNS = 10_000;
    static final int BENCHMARKS = 50;

    private HistoryStore store;
    private RunReport oneRun;
    private String someBenchmark;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        Path db = Paths.get("target", "history-cost", "history-" + RUNS + "x" + BENCHMARKS + ".db");
        boolean fresh = !Files.exists(db);
        store = HistoryStores.open(db.toString());
        if (fresh) {
            build(store);
        }
        long bytes = Files.size(db);
        int runs = store.runs(0).size();
        System.err.printf("history %s: %d runs, %.1f MB, %.1f KB per run of %d benchmarks%n", db, runs, bytes / 1e6,
                bytes / 1e3 / runs, BENCHMARKS);
        oneRun = run(new SplittableRandom(99), RUNS + 1);
        someBenchmark = oneRun.benchmarks().get(17).id();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws HistoryException {
        store.close();
    }

    private static void build(HistoryStore store) throws HistoryException, IOException {
        SplittableRandom rnd = new SplittableRandom(1);
        long t0 = System.nanoTime();
        for (int i = 0; i < RUNS; i++) {
            store.record(run(rnd, i), new RunContext(Long.toHexString(0x9e3779b97f4a7c15L * (i + 1)), "main", false,
                    null, "bench-host", "jmh"));
        }
        System.err.printf("built %d runs in %.1f s%n", RUNS, (System.nanoTime() - t0) / 1e9);
    }

    /** One run of 50 GPU-shaped benchmarks: 3 forks x 5 windows x 40 samples each, 1% noise between runs. */
    static RunReport run(SplittableRandom rnd, int i) {
        RunReport r = RunReport.start("0.1.0", java.time.Instant.ofEpochSecond(1_735_689_600L + 3600L * i).toString(),
                Map.of("gpuName", "NVIDIA H200", "smCount", "132"), Map.of("seed", "0xC0FFEE"), "0xC0FFEE");
        double runNoise = 1 + 0.01 * rnd.nextGaussian();
        for (int b = 0; b < BENCHMARKS; b++) {
            double median = (0.01 + b * 0.02) * runNoise;
            List<Double> ms = new ArrayList<>();
            List<Integer> window = new ArrayList<>();
            List<Integer> fork = new ArrayList<>();
            for (int w = 0; w < 15; w++) {
                for (int k = 0; k < 40; k++) {
                    ms.add(median * (1 + 0.002 * rnd.nextGaussian()));
                    window.add(w);
                    fork.add(w / 5);
                }
            }
            BenchmarkEntry.Summary s = BenchmarkEntry.Summary.builder().median(median).lower(median * 0.999)
                    .upper(median * 1.001).p10(median * 0.997).p90(median * 1.003).confidence(0.95).n(ms.size())
                    .windows(15).forks(3).innerReps(1).estimator("hierarchical bootstrap").build();
            BenchmarkEntry.Clocks c = BenchmarkEntry.Clocks.builder().source("nvml").locked(false)
                    .smMeanMhz(1755.0 + 15 * rnd.nextInt(16)).smCvPercent(1.0).smRangeMhz(60.0).smMhz(List.of(1800.0))
                    .memMhz(List.of()).throttleReasons(List.of()).metadataReasons(List.of()).violationNanos(Map.of())
                    .temperatureC(List.of()).powerW(List.of()).build();
            String name = "org.example.Kernels.op" + b;
            Map<String, String> params = Map.of("n", "4096");
            r = r.withBenchmark(new BenchmarkEntry(ReportEntries.id(name, params), name, params, "ok", "", "gpu-events",
                    "cuda events (blocking launch)", s, "B", List.of("clocks not locked"), c,
                    new BenchmarkEntry.Samples(ms, window, fork), new BenchmarkEntry.Bootstrap(0.95, 2000, "0xC0FFEE")));
        }
        return r;
    }

    /** Records one more run of 50 benchmarks (one transaction). */
    @Benchmark
    public long recordOneRun() throws HistoryException {
        return store.record(oneRun, RunContext.unknown("bench"));
    }

    /** Reads one benchmark's whole series (all runs) from the history. */
    @Benchmark
    public int seriesOfOneBenchmark() throws HistoryException {
        return store.series(someBenchmark, HistoryStore.DEFAULT_DEVICE).get(0).points().size();
    }

    /** {@code history changes BENCH}: the series and its change points over the last 200 runs (the default). */
    @Benchmark
    public int changesOfOneBenchmark() throws HistoryException {
        BenchmarkSeries s = store.series(someBenchmark, HistoryStore.DEFAULT_DEVICE).get(0);
        SeriesChanges c = ChangeDetector.analyze(s, ChangeSettings.DEFAULTS);
        return c.changes().size();
    }

    /** The same over the last 2,000 runs, the most one analysis reads. */
    @Benchmark
    @Measurement(iterations = 3, time = 5)
    public int changesOfOneBenchmarkLast2000() throws HistoryException {
        BenchmarkSeries s = store.series(someBenchmark, HistoryStore.DEFAULT_DEVICE).get(0);
        SeriesChanges c = ChangeDetector.analyze(s, ChangeSettings.DEFAULTS.withLastRuns(ChangeSettings.MAX_RUNS));
        return c.changes().size();
    }
}
