package dev.sns.reports.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.ReportEntries;
import dev.sns.reports.ReportFixtures;
import dev.sns.reports.RunReport;
import dev.sns.reports.shards.ShardWeights;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * One contract for every history store (HdrHistogram's parameterized style): the SQLite file and
 * the PostgreSQL server run the same tests, so they give the same results.
 */
abstract class HistoryStoreContract {
    /** A location (path or URL) of a new, empty history. */
    abstract String freshLocation() throws Exception;

    /** A raw JDBC connection to {@code location}, for writing an old schema by hand. */
    abstract Connection rawConnection(String location) throws Exception;

    abstract Dialect dialect();

    static final RunContext CONTEXT = new RunContext("0123456789abcdef0123456789abcdef01234567", "main", true, "group-1",
            "host-a", "jmh");

    @Test
    void aRecordedRunReadsBackAsRecorded() throws Exception {
        String at = freshLocation();
        RunReport golden = ReportFixtures.golden();
        try (HistoryStore h = HistoryStores.open(at)) {
            assertEquals(Migrations.LATEST, h.schemaVersion());
            long id = h.record(golden, CONTEXT);
            RecordedRun run = h.run(id).orElseThrow();
            assertEquals("2025-11-29T14:00:00Z", run.createdAt());
            assertEquals("0.1.0-SNAPSHOT", run.snsVersion());
            assertEquals("NVIDIA H200", run.gpuName());
            assertEquals(CONTEXT, run.context());
            assertEquals(3, run.benchmarks());
            assertEquals(2, run.measured());
            assertEquals(golden.options(), h.options(id));
            assertEquals(List.of(golden.benchmarks().get(2).id(), ReportFixtures.ID, golden.benchmarks().get(1).id()),
                    h.benchmarkIds(id));

            List<BenchmarkSeries> series = h.series(ReportFixtures.ID, HistoryStore.DEFAULT_DEVICE);
            assertEquals(1, series.size());
            BenchmarkSeries s = series.get(0);
            assertEquals(golden.fingerprint(), s.fingerprintFields());
            assertEquals(JdbcHistoryStore.fingerprintDigest(golden.fingerprint()), s.fingerprint());
            HistoryPoint p = s.points().get(0);
            assertEquals(new HistoryPoint(id, "2025-11-29T14:00:00Z", CONTEXT.gitCommit(), "main", true, "group-1", "ok",
                    "A", 0.0125, 0.0124, 0.0126, 0.95, 6, 1980.0, true), p);
            assertEquals(SampleDigest.of(golden.benchmarks().get(0).samples()),
                    h.samples(id, ReportFixtures.ID, "0").orElseThrow());

            HistoryPoint failed = h.series("dev.sns.benchmarks.Saxpy.broken:n=1024", "0").get(0).points().get(0);
            assertEquals("failed", failed.status());
            assertFalse(failed.measured());
            assertNull(failed.medianMillis());
            assertTrue(h.samples(id, "dev.sns.benchmarks.Saxpy.broken:n=1024", "0").isEmpty());
        }
    }

    @Test
    void runsAreListedNewestFirstAndEachFingerprintIsASeriesOfItsOwn() throws Exception {
        String at = freshLocation();
        try (HistoryStore h = HistoryStores.open(at)) {
            long a = h.record(at("2025-01-01T00:00:00Z", 1.0, ReportFixtures.GPU), CONTEXT);
            long b = h.record(at("2025-01-03T00:00:00Z", 1.2, "NVIDIA A100"), CONTEXT);
            long c = h.record(at("2025-01-02T00:00:00Z", 1.1, ReportFixtures.GPU), CONTEXT);
            assertEquals(List.of(b, c, a), h.runs(0).stream().map(RecordedRun::id).toList());
            assertEquals(List.of(b, c), h.runs(2).stream().map(RecordedRun::id).toList());
            List<BenchmarkSeries> series = h.series(ReportFixtures.ID, "0");
            assertEquals(2, series.size());
            assertEquals("NVIDIA A100", series.get(0).gpuName(), "the fingerprint with the latest run first");
            assertEquals(List.of(a, c), series.get(1).points().stream().map(HistoryPoint::runId).toList(),
                    "points in the runs' start order, not the order they were recorded");
            assertEquals(List.of(new BenchmarkCount(ReportFixtures.ID, "0", 3, Math.max(a, Math.max(b, c)))),
                    h.benchmarks());
            assertTrue(h.series("no.such.Benchmark", "0").isEmpty());
        }
    }

    @Test
    void theSameReportIsFoundAgainButAnotherIsNot() throws Exception {
        try (HistoryStore h = HistoryStores.open(freshLocation())) {
            RunReport r = at("2025-01-01T00:00:00Z", 1.0, ReportFixtures.GPU);
            assertTrue(h.findSameRun(r).isEmpty());
            long id = h.record(r, CONTEXT);
            assertEquals(id, h.findSameRun(r).orElseThrow());
            assertTrue(h.findSameRun(at("2025-01-01T00:00:00Z", 1.01, ReportFixtures.GPU)).isEmpty());
        }
    }

    @Test
    void nonFiniteNumbersAreNotMeasurementsAndDoNotFailTheRecord() throws Exception {
        BenchmarkEntry b = ReportFixtures.bench("B", 1.0, Double.POSITIVE_INFINITY);
        try (HistoryStore h = HistoryStores.open(freshLocation())) {
            long id = h.record(ReportFixtures.run(b), CONTEXT);
            HistoryPoint p = h.series(ReportFixtures.ID, "0").get(0).points().get(0);
            assertEquals(id, p.runId());
            assertNull(p.upperMillis());
            assertFalse(p.measured());
        }
    }

    /** An old history is upgraded in place: a version-1 file keeps its runs and gains the new columns. */
    @Test
    void aVersion1HistoryIsUpgradedInPlaceAndKeepsItsRuns() throws Exception {
        String at = freshLocation();
        try (Connection c = rawConnection(at)) {
            assertEquals(1, Migrations.upgrade(c, dialect(), 1));
            c.setAutoCommit(true);
            try (Statement s = c.createStatement()) {
                s.execute("INSERT INTO runs (created_at, recorded_at, sns_version, fingerprint, seed, git_commit, git_branch, "
                        + "git_dirty, run_group, host, source, report_digest) VALUES ('2024-06-01T00:00:00Z', "
                        + "'2024-06-01T00:01:00Z', '0.0.9', 'fp', '0x1', 'abc', 'old', 0, 'g0', 'h0', 'jmh', 'd0')");
                s.execute("INSERT INTO results (run_id, benchmark_id, device, benchmark, params, status, message, source, "
                        + "tier, median_ms, lower_ms, upper_ms, confidence, n, windows, forks, sm_mean_mhz, sm_cv_percent, "
                        + "clock_locked, throttled) VALUES (1, 'x.Old.run', '0', 'x.Old.run', '', 'ok', '', 'gpu-events', "
                        + "'B', 2.0, 1.9, 2.1, 0.95, 100, 10, 2, 1755.0, 1.2, 0, 0)");
            }
        }
        try (HistoryStore h = HistoryStores.open(at)) {
            assertEquals(Migrations.LATEST, h.schemaVersion());
            HistoryPoint old = h.series("x.Old.run", "0").get(0).points().get(0);
            assertEquals(2.0, old.medianMillis());
            assertEquals(1755.0, old.smMeanMhz());
            assertEquals("", old.board(), "a version-1 result has no board");
            assertEquals(null, old.energyJoules());
            assertTrue(h.samples(1, "x.Old.run", "0").isEmpty(), "version 1 kept no samples");
            long id = h.record(ReportFixtures.golden(), CONTEXT);
            assertTrue(h.samples(id, ReportFixtures.ID, "0").isPresent());
        }
        try (Connection c = rawConnection(at); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT version FROM sns_schema ORDER BY version")) {
            List<Integer> versions = new ArrayList<>();
            while (r.next()) {
                versions.add(r.getInt(1));
            }
            assertEquals(Migrations.ALL.stream().map(Migrations.Migration::version).toList(), versions);
        }
    }

    /** Each result records its board (and energy), and the history keeps each board's fields with the reasons of absent ones. */
    @Test
    void eachResultRecordsItsBoardAndTheBoardsFieldsReadBack() throws Exception {
        String uuid = "GPU-2450be55-70f5-d6a1-2f1e-0b0c0d0e0f10";
        dev.sns.model.BoardIdentity id = dev.sns.model.BoardIdentity.builder().set("uuid", uuid)
                .set("vbiosVersion", "96.00.A5.00.1A").set("powerLimitWatts", 700.0).build("NOT_SUPPORTED");
        RunReport golden = ReportFixtures.golden();
        RunReport onBoard = golden.withBoard(dev.sns.reports.BoardEntry.of(id));
        try (HistoryStore h = HistoryStores.open(freshLocation())) {
            h.record(golden, CONTEXT);
            h.record(onBoard, CONTEXT.withRunGroup("g2"));
            List<HistoryPoint> points = h.series(ReportFixtures.ID, "0").get(0).points();
            assertEquals(List.of("", uuid), points.stream().map(HistoryPoint::board).toList(),
                    "an earlier run without, the later with its board; one series (one environment)");
            dev.sns.reports.BoardEntry back = h.boards().get(uuid);
            assertEquals(id, back.identity(), "fields and reasons as recorded");
            assertEquals("NOT_SUPPORTED", back.missing().get("serial"));
        }
    }

    /** A shard's run: its group and shard, each benchmark's wall time and the comparisons read back. */
    @Test
    void aShardsRunReadsBackWithItsGroupWallTimesAndComparisons() throws Exception {
        RunReport golden = ReportFixtures.golden();
        RunReport timed = golden;
        for (BenchmarkEntry b : golden.benchmarks()) {
            timed = timed.withBenchmark(b.withWallMillis(1_000.0 + b.id().length()));
        }
        RunContext shard = CONTEXT.withRunGroup("slurm-hpc-42").withShard(2, 4);
        try (HistoryStore h = HistoryStores.open(freshLocation())) {
            long other = h.record(golden, CONTEXT);
            long id = h.record(timed, shard);
            assertEquals(shard, h.run(id).orElseThrow().context());
            assertEquals(List.of(id), h.groupRuns("slurm-hpc-42").stream().map(RecordedRun::id).toList());
            assertEquals(List.of(other), h.groupRuns("group-1").stream().map(RecordedRun::id).toList());
            assertTrue(h.groupRuns("none").isEmpty());
            RunReport back = h.report(id);
            assertEquals(timed.createdAt(), back.createdAt());
            assertEquals(timed.fingerprint(), back.fingerprint());
            assertEquals(timed.options(), back.options());
            assertEquals(timed.seed(), back.seed());
            assertEquals(timed.comparisons(), back.comparisons(), "every field of a comparison is kept");
            assertEquals(3, back.benchmarks().size());
            for (BenchmarkEntry b : back.benchmarks()) {
                BenchmarkEntry was = timed.benchmarks().stream().filter(x -> x.id().equals(b.id())).findFirst()
                        .orElseThrow();
                assertEquals(was.status(), b.status());
                assertEquals(was.params(), b.params());
                assertEquals(was.wallMillis(), b.wallMillis());
                assertEquals(was.tier(), b.tier());
                if (was.summary() != null) {
                    assertEquals(was.summary().median(), b.summary().median());
                    assertEquals(was.summary().lower(), b.summary().lower());
                    assertEquals(was.summary().upper(), b.summary().upper());
                    assertEquals(was.summary().n(), b.summary().n());
                    assertEquals(was.summary().p90(), b.summary().p90());
                    assertNull(b.samples(), "raw samples stay in results.json");
                } else {
                    assertEquals(was.message(), b.message());
                }
            }
            assertThrows(HistoryException.class, () -> h.report(999));
            assertEquals(Map.of(JdbcHistoryStore.fingerprintDigest(golden.fingerprint()), golden.fingerprint()),
                    h.fingerprints(List.of(JdbcHistoryStore.fingerprintDigest(golden.fingerprint()))));
        }
    }

    @Test
    void theLastWallTimeOutsideTheGroupIsTheWeight() throws Exception {
        BenchmarkEntry b = ReportFixtures.golden().benchmarks().get(0);
        try (HistoryStore h = HistoryStores.open(freshLocation())) {
            h.record(ReportFixtures.run(b.withWallMillis(1_000.0)), CONTEXT.withRunGroup("a"));
            h.record(ReportFixtures.run(b.withWallMillis(2_000.0)), CONTEXT.withRunGroup("b"));
            h.record(ReportFixtures.run(b.withWallMillis(9_000.0)), CONTEXT.withRunGroup("mine"));
            h.record(ReportFixtures.run(b), CONTEXT.withRunGroup("c")); // no wall time: does not count
            assertEquals(Map.of(b.id(), 2_000.0), h.lastWallMillis(List.of(b.id(), "x.Unknown.run"),
                    HistoryStore.DEFAULT_DEVICE, "mine"));
            assertEquals(Map.of(b.id(), 9_000.0), h.lastWallMillis(List.of(b.id()), HistoryStore.DEFAULT_DEVICE, "z"));
            assertEquals(Map.of(), h.lastWallMillis(List.of(b.id()), "7", "z"));
        }
    }

    /** {@code b} with another status and message (a failed or cut-short run of the same benchmark). */
    private static BenchmarkEntry as(BenchmarkEntry b, String status, String message, double wallMillis) {
        return new BenchmarkEntry(b.id(), b.benchmark(), b.params(), status, message, b.source(), b.timer(),
                "ok".equals(status) ? b.summary() : null, b.tier(), b.tierReasons(), b.clocks(), b.samples(),
                b.bootstrap(), b.peaks(), b.kernels(), b.mode(), b.energy(), b.device(), wallMillis, b.origin());
    }

    /**
     * Issue 25 G3 and G5: a shard plan's weight is the median of the unit's latest 5 finished runs of
     * the configuration planned now. A cancelled (failed) benchmark's cut-short wall time and an ok one
     * whose forks did not all report never weigh; a {@code -i 25} debug run weighs only a plan of its
     * own configuration; runs recorded without a configuration weigh where none of this one is known.
     */
    @Test
    void theWeightIsTheMedianOfTheLatestFinishedRunsOfTheConfigurationPlanned() throws Exception {
        BenchmarkEntry b = ReportFixtures.golden().benchmarks().get(0);
        assertEquals("ok", b.status());
        assertEquals("", b.message());
        String normal = ShardWeights.configuration(1, 0, 1, 100_000, 5, 200_000);
        String debug = ShardWeights.configuration(1, 0, 1, 100_000, 25, 200_000);
        assertEquals("f=1+0 wi=1x100ms i=5x200ms", normal);
        List<String> ids = List.of(b.id(), "x.Unknown.run");
        try (HistoryStore h = HistoryStores.open(freshLocation())) {
            h.record(ReportFixtures.run(b.withWallMillis(3_000.0)), CONTEXT.withRunGroup("before-configs"));
            assertEquals(Map.of(b.id(), new ShardWeights.Recorded(3_000, 1, false)),
                    h.recentWallMillis(ids, HistoryStore.DEFAULT_DEVICE, "next", Map.of(b.id(), normal)),
                    "a run of an unknown configuration weighs while none of this one is known");
            double[] normals = {2_500, 2_600, 2_550, 2_400, 2_700, 2_560};
            for (int i = 0; i < normals.length; i++) {
                h.record(ReportFixtures.run(b.withWallMillis(normals[i])), CONTEXT.withRunGroup("n" + i),
                        Map.of(b.id(), normal));
            }
            h.record(ReportFixtures.run(as(b, "failed", "cancelled: the job was killed", 1_154.7)),
                    CONTEXT.withRunGroup("cancelled"), Map.of(b.id(), normal));
            h.record(ReportFixtures.run(as(b, "ok", "1 fork(s) did not report (killed, crashed or failed) and are not "
                    + "included", 1_300)), CONTEXT.withRunGroup("cut"), Map.of(b.id(), normal));
            h.record(ReportFixtures.run(b.withWallMillis(12_800.0)), CONTEXT.withRunGroup("debug"),
                    Map.of(b.id(), debug));
            h.record(ReportFixtures.run(b.withWallMillis(99_000.0)), CONTEXT.withRunGroup("next"),
                    Map.of(b.id(), normal));
            // the latest 5 finished normal runs outside the group: 2600, 2550, 2400, 2700, 2560 -> 2560
            assertEquals(Map.of(b.id(), new ShardWeights.Recorded(2_560, 5, true)),
                    h.recentWallMillis(ids, HistoryStore.DEFAULT_DEVICE, "next", Map.of(b.id(), normal)));
            assertEquals(Map.of(b.id(), new ShardWeights.Recorded(12_800, 1, true)),
                    h.recentWallMillis(ids, HistoryStore.DEFAULT_DEVICE, "next", Map.of(b.id(), debug)));
            assertEquals(Map.of(b.id(), new ShardWeights.Recorded(3_000, 1, false)),
                    h.recentWallMillis(ids, HistoryStore.DEFAULT_DEVICE, "next",
                            Map.of(b.id(), ShardWeights.configuration(3, 0, 1, 100_000, 5, 200_000))),
                    "another configuration, never recorded: only the run of unknown configuration weighs");
            assertEquals(Map.of(b.id(), new ShardWeights.Recorded(2_560, 5, false)),
                    h.recentWallMillis(ids, HistoryStore.DEFAULT_DEVICE, "next", Map.of()),
                    "the unit's configuration unknown: the median of its latest 5 finished runs, whatever theirs "
                            + "(12800, 2560, 2700, 2400, 2550): the debug run does not move it");
            assertEquals(Map.of(b.id(), 12_800.0), h.lastWallMillis(ids, HistoryStore.DEFAULT_DEVICE, "next"),
                    "the latest finished run, never the cancelled or cut-short ones");
            assertEquals(Map.of(), h.recentWallMillis(ids, "7", "next", Map.of()));
        }
    }

    private static dev.sns.reports.shards.ShardPlan plan(double aWeight) {
        return dev.sns.reports.shards.ShardPlanner.plan(List.of(dev.sns.reports.shards.ShardItem.unit("a", aWeight),
                dev.sns.reports.shards.ShardItem.unit("b", 1), new dev.sns.reports.shards.ShardItem("pair:c|d",
                        List.of("c@avgt", "d@avgt"), 5)), 2, "test weights " + aWeight);
    }

    /** Shards that start at different times run one plan: the first stored. */
    @Test
    void theFirstPlanStoredForAGroupIsEveryShardsPlan() throws Exception {
        try (HistoryStore h = HistoryStores.open(freshLocation())) {
            assertTrue(h.plan("g").isEmpty());
            dev.sns.reports.shards.ShardPlan first = plan(10);
            assertEquals(first, h.sharePlan("g", first));
            assertEquals(first, h.sharePlan("g", plan(1)), "a later proposal gets the stored plan");
            assertEquals(first, h.plan("g").orElseThrow());
            assertEquals(plan(1), h.sharePlan("other", plan(1)));
        }
    }

    @Test
    void shardsStartingAtOnceAllGetOnePlan() throws Exception {
        String at = freshLocation();
        try (HistoryStore h = HistoryStores.open(at)) {
            h.schemaVersion(); // the schema exists before the race
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<dev.sns.reports.shards.ShardPlan>> plans = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                double weight = 10 + w;
                plans.add(pool.submit(() -> {
                    try (HistoryStore h = HistoryStores.open(at)) {
                        return h.sharePlan("race", plan(weight));
                    }
                }));
            }
            Set<dev.sns.reports.shards.ShardPlan> distinct = new HashSet<>();
            for (Future<dev.sns.reports.shards.ShardPlan> f : plans) {
                distinct.add(f.get());
            }
            assertEquals(1, distinct.size(), distinct.toString());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aHistoryWrittenByANewerSnsIsRefusedNamingBothVersions() throws Exception {
        String at = freshLocation();
        try (HistoryStore h = HistoryStores.open(at)) {
            h.schemaVersion();
        }
        try (Connection c = rawConnection(at);
             PreparedStatement p = c.prepareStatement("INSERT INTO sns_schema VALUES (99, 'from the future', 'x')")) {
            p.executeUpdate();
        }
        HistoryException e = assertThrows(HistoryException.class, () -> HistoryStores.open(at));
        assertTrue(e.getMessage().contains("the history has schema version 99, newer than this sns knows ("
                + Migrations.LATEST + "): upgrade sns"), e.getMessage());
    }

    /** Several writers (threads with a store each, as processes or hosts would be) at once: every run lands whole. */
    @Test
    void concurrentWritersEachLandEveryRunWhole() throws Exception {
        String at = freshLocation();
        int writers = 4;
        int runsEach = 8;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<List<Long>>> futures = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                RunContext context = CONTEXT.withRunGroup("writer-" + w);
                futures.add(pool.submit((Callable<List<Long>>) () -> {
                    List<Long> ids = new ArrayList<>();
                    try (HistoryStore h = HistoryStores.open(at)) {
                        for (int i = 0; i < runsEach; i++) {
                            ids.add(h.record(ReportFixtures.realistic(), context));
                        }
                    }
                    return ids;
                }));
            }
            Set<Long> ids = new HashSet<>();
            for (Future<List<Long>> f : futures) {
                ids.addAll(f.get());
            }
            assertEquals(writers * runsEach, ids.size(), "every run got its own id");
            try (HistoryStore h = HistoryStores.open(at)) {
                List<RecordedRun> runs = h.runs(0);
                assertEquals(writers * runsEach, runs.size());
                int benchmarks = ReportFixtures.realistic().benchmarks().size();
                assertTrue(runs.stream().allMatch(r -> r.benchmarks() == benchmarks), "no run is partial");
                Map<String, Integer> perGroup = new TreeMap<>();
                runs.forEach(r -> perGroup.merge(r.context().runGroup(), 1, Integer::sum));
                assertEquals(Map.of("writer-0", runsEach, "writer-1", runsEach, "writer-2", runsEach, "writer-3", runsEach),
                        perGroup);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Several processes opening a new history at once create (migrate) it once. */
    @Test
    void openingANewHistoryFromManyWritersAtOnceCreatesItOnce() throws Exception {
        String at = freshLocation();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Long>> futures = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                futures.add(pool.submit(() -> {
                    try (HistoryStore h = HistoryStores.open(at)) {
                        return h.record(ReportFixtures.golden(), CONTEXT);
                    }
                }));
            }
            for (Future<Long> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        try (Connection c = rawConnection(at); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT COUNT(*) FROM sns_schema")) {
            r.next();
            assertEquals(Migrations.LATEST, r.getInt(1));
        }
    }

    /** A report with one benchmark at the given median (interval +/- 1%) on the given GPU. */
    static RunReport at(String createdAt, double median, String gpu) {
        BenchmarkEntry b = ReportFixtures.bench("B", median * 0.99, median * 1.01);
        RunReport r = ReportFixtures.run(b);
        return new RunReport(r.schema(), r.schemaVersion(), r.snsVersion(), createdAt, ReportFixtures.fingerprint(gpu),
                Map.of("seed", "0xC0FFEE"), r.seed(), r.benchmarks(), List.of());
    }

    static BenchmarkEntry failed(String name) {
        return ReportEntries.notMeasured(name, Map.of(), "failed", "boom");
    }
}
