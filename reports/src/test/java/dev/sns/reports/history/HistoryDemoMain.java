package dev.sns.reports.history;

import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.ReportFixtures;
import dev.sns.reports.RunReport;
import dev.sns.reports.changes.ChangeDetector;
import dev.sns.reports.changes.ChangeSettings;
import dev.sns.reports.changes.SeriesChanges;
import dev.sns.reports.html.HistoryPage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A demonstration history for looking at history.html (a manual check, not a test): 40 runs of the
 * realistic report's benchmarks, memset 6% slower from run 26 on, the tiled matmul on floating
 * clocks (time follows the clock, cycles do not), 0.5% noise between runs.
 * {@code java -cp <test classpath> dev.sns.reports.history.HistoryDemoMain DIR}
 */
public final class HistoryDemoMain {
    private HistoryDemoMain() {}

    public static void main(String[] args) throws Exception {
        Path dir = Paths.get(args.length > 0 ? args[0] : "target/history-demo");
        Files.createDirectories(dir);
        Path db = dir.resolve("sns-history.db");
        Files.deleteIfExists(db);
        SplittableRandom rnd = new SplittableRandom(7);
        try (HistoryStore h = HistoryStores.open(db.toString())) {
            for (int run = 0; run < 40; run++) {
                RunReport base = ReportFixtures.realistic();
                RunReport r = RunReport.start(base.snsVersion(), String.format("2025-12-%02dT%02d:00:00Z", 1 + run / 24,
                        run % 24), base.fingerprint(), base.options(), base.seed());
                for (BenchmarkEntry b : base.benchmarks()) {
                    double clock = b.id().contains("tiled") ? 1755 + 15 * rnd.nextInt(16) : 1980;
                    double scale = (1 + 0.005 * gaussian(rnd)) * (b.id().contains("Memset") && run >= 25 ? 1.06 : 1.0)
                            * (b.id().contains("tiled") ? 1980 / clock : 1.0);
                    r = r.withBenchmark(scaled(b, scale, clock));
                }
                h.record(r, new RunContext(String.format("%08x", 0x9e3779b9L * (run + 1) & 0xffffffffL) + "0".repeat(32), "main", false, null, "demo-host",
                        "demo"));
            }
            List<SeriesChanges> analyses = new ArrayList<>();
            for (BenchmarkCount b : h.benchmarks()) {
                for (BenchmarkSeries s : h.series(b.benchmarkId(), b.device())) {
                    analyses.add(ChangeDetector.analyze(s, ChangeSettings.DEFAULTS));
                }
            }
            HistoryPage.write(h.location(), analyses, dir.resolve(HistoryPage.FILE));
            System.err.println("wrote " + dir.resolve(HistoryPage.FILE));
        }
    }

    private static BenchmarkEntry scaled(BenchmarkEntry b, double k, double clock) {
        if (b.summary() == null) {
            return b;
        }
        BenchmarkEntry.Summary s = b.summary();
        BenchmarkEntry.Summary t = BenchmarkEntry.Summary.builder().median(s.median() * k).lower(s.lower() * k)
                .upper(s.upper() * k).p10(s.p10() * k).p90(s.p90() * k).confidence(s.confidence()).n(s.n())
                .windows(s.windows()).forks(s.forks()).innerReps(s.innerReps()).estimator(s.estimator()).build();
        BenchmarkEntry.Clocks c = b.clocks();
        BenchmarkEntry.Clocks d = new BenchmarkEntry.Clocks(c.source(), c.locked(), clock, c.smCvPercent(),
                c.smRangeMhz(), c.smMhz(), c.memMhz(), c.throttleReasons(), c.metadataReasons(), c.violationNanos(),
                c.temperatureC(), c.powerW());
        return new BenchmarkEntry(b.id(), b.benchmark(), b.params(), b.status(), b.message(), b.source(), b.timer(), t,
                b.tier(), b.tierReasons(), d, b.samples(), b.bootstrap());
    }

    private static double gaussian(SplittableRandom rnd) {
        double u = Math.max(rnd.nextDouble(), 1e-12);
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd.nextDouble());
    }
}
