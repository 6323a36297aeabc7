package dev.sns.reports.groups;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.ComparisonEntry;
import dev.sns.reports.JsonReports;
import dev.sns.reports.ReportFixtures;
import dev.sns.reports.RunGroup;
import dev.sns.reports.RunReport;
import dev.sns.reports.cli.ReportsCli;
import dev.sns.reports.history.HistoryException;
import dev.sns.reports.history.HistoryStore;
import dev.sns.reports.history.HistoryStores;
import dev.sns.reports.history.RunContext;
import dev.sns.reports.shards.ShardItem;
import dev.sns.reports.shards.ShardPlan;
import dev.sns.reports.shards.ShardPlanner;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run group merged from the history: every planned benchmark once with the shard and node that ran
 * it; a missing shard, a benchmark its shard did not record and a failed one are named and make the
 * group incomplete (exit 4); a shard recorded twice counts once; nodes of two environments are kept
 * apart.
 */
class GroupMergeTest {
    @TempDir
    Path dir;

    static final String GROUP = "slurm-test-17";
    static final List<String> SINGLE = List.of("x.A.run@avgt", "x.B.run@avgt:n=1", "x.B.run@avgt:n=2", "x.C.run@avgt",
            "x.D.run@avgt", "x.E.run@avgt", "x.F.run@avgt");
    static final List<String> PAIR = List.of("x.P.fast@avgt", "x.P.slow@avgt");

    static ShardPlan plan() {
        List<ShardItem> items = new ArrayList<>();
        SINGLE.forEach(u -> items.add(ShardItem.unit(u, 1_000)));
        items.add(new ShardItem("pair:x.P.fast|x.P.slow", PAIR, 2_500));
        return ShardPlanner.plan(items, 4, "test weights");
    }

    /** Shard {@code k}'s report: each planned unit measured (or {@code failed}), the pair compared when here. */
    static RunReport shardReport(ShardPlan plan, int k, String gpu, Set<String> failed, Set<String> leftOut) {
        RunReport r = RunReport.start("0.1.0", "2025-12-01T10:0" + k + ":00Z", ReportFixtures.fingerprint(gpu),
                Map.of("shard", "auto"), "0xC0FFEE");
        for (String u : plan.unitsOf(k)) {
            if (leftOut.contains(u)) {
                continue;
            }
            BenchmarkEntry b = failed.contains(u)
                    ? new BenchmarkEntry(u, u, Map.of(), "failed", "it threw", null, null, null, null, null, null, null,
                    null)
                    : ReportFixtures.rename(ReportFixtures.bench("B", 1.0 + k / 10.0, 1.2 + k / 10.0), u);
            r = r.withBenchmark(b.withWallMillis(1_000.0 * k));
        }
        if (plan.unitsOf(k).contains(PAIR.get(0))) {
            r = r.withComparison(ComparisonEntry.builder().candidate(PAIR.get(0)).baseline(PAIR.get(1)).speedup(2.0)
                    .lower(1.9).upper(2.1).confidence(0.95).tier("B").verdict("FASTER").rounds(4).build());
        }
        return r;
    }

    static RunContext shard(int k, String host) {
        return new RunContext("abc", "main", false, GROUP, host, "jmh").withShard(k, 4);
    }

    /** Shards 1, 2 and 4 of 4 recorded (2 with a failure and a benchmark left out, 4 twice on another GPU); 3 missing. */
    private String incompleteHistory(ShardPlan plan) throws HistoryException {
        String at = dir.resolve("h.db").toString();
        try (HistoryStore h = HistoryStores.open(at)) {
            h.sharePlan(GROUP, plan);
            h.record(shardReport(plan, 1, ReportFixtures.GPU, Set.of(), Set.of()), shard(1, "node-a"));
            List<String> two = plan.unitsOf(2);
            h.record(shardReport(plan, 2, ReportFixtures.GPU, Set.of(two.get(0)), Set.of(two.get(two.size() - 1))),
                    shard(2, "node-b"));
            h.record(shardReport(plan, 4, "NVIDIA A100", Set.of(), Set.of()), shard(4, "node-d"));
            h.record(shardReport(plan, 4, "NVIDIA A100", Set.of(), Set.of()), shard(4, "node-d2"));
            h.record(shardReport(plan, 1, ReportFixtures.GPU, Set.of(), Set.of()), new RunContext("abc", "main",
                    false, "another-group", "node-z", "jmh"));
        }
        return at;
    }

    @Test
    void everyPlannedBenchmarkOnceAndWhatIsMissingNamed() throws Exception {
        ShardPlan plan = plan();
        for (int k = 1; k <= 4; k++) {
            assertTrue(!plan.unitsOf(k).isEmpty(), "the test needs every shard to hold something: " + plan);
        }
        try (HistoryStore h = HistoryStores.open(incompleteHistory(plan))) {
            GroupMerge.Merged m = GroupMerge.merge(h, GROUP);
            RunReport r = m.report();
            List<String> ids = r.benchmarks().stream().map(BenchmarkEntry::id).toList();
            assertEquals(plan.units(), ids, "every planned benchmark once, sorted");
            assertEquals(ids.size(), new HashSet<>(ids).size());
            for (BenchmarkEntry b : r.benchmarks()) {
                int k = plan.shardOf(b.id()).orElseThrow();
                assertEquals(k + "/4", b.origin().shard(), b.id());
                if (k == 3) {
                    assertEquals("failed", b.status());
                    assertTrue(b.message().contains("shard 3/4, which was to run it, did not record a run in the "
                            + "history (a missing shard)"), b.message());
                    assertNull(b.origin().runId());
                }
                if (k == 4) {
                    assertEquals("node-d2", b.origin().host(), "the shard's latest run");
                }
            }
            RunGroup g = r.group();
            assertTrue(!m.complete());
            assertEquals(4, g.shardCount());
            assertEquals(List.of("ok", "failed", "missing", "ok"), g.shards().stream().map(RunGroup.Shard::status).toList());
            assertTrue(g.shards().get(3).note().contains("recorded 2 times (runs 3, 4): the latest is used"),
                    g.shards().get(3).note());
            assertEquals(3, g.problems().size(), g.problems().toString());
            assertTrue(g.problems().get(0).startsWith("shard 2/4 (run 2, host node-b): 1 benchmark(s) failed: "
                    + plan.unitsOf(2).get(0)), g.problems().toString());
            assertTrue(g.problems().get(1).contains("shard 2/4 (run 2, host node-b) did not record 1 of its "), g.problems()
                    .toString());
            assertTrue(g.problems().get(2).startsWith("shard 3/4 did not record a run in the history (it was to run "),
                    g.problems().toString());
            assertEquals(2, g.fingerprints().size(), "two environments");
            assertTrue(!r.fingerprint().containsKey("gpuName"), "the merged fingerprint keeps the fields all share");
            assertEquals(plan.unitsOf(plan.shardOf(PAIR.get(0)).orElseThrow()).contains(PAIR.get(0)) ? 1 : 0,
                    r.comparisons().size());
        }
    }

    @Test
    void aCompleteGroupMergesWithExitZeroAndTheIncompleteOneWithExitFour() throws Exception {
        ShardPlan plan = plan();
        String at = incompleteHistory(plan);
        Result bad = cli("history", "merge", "-H", at, "--group", GROUP, "-o", dir.resolve("bad").toString());
        assertEquals(ReportsCli.INCOMPLETE, bad.code(), bad.err());
        assertTrue(bad.out().contains("INCOMPLETE: 3 problem(s), listed below"), bad.out());
        assertTrue(bad.err().contains("incomplete: shard 3/4 did not record a run in the history"), bad.err());
        assertTrue(bad.out().lines().anyMatch(l -> l.startsWith("3/4") && l.contains("missing")), bad.out());
        RunReport written = JsonReports.read(dir.resolve("bad/results.json"));
        assertEquals(plan.units().size(), written.benchmarks().size());
        assertTrue(!written.group().complete());
        String csv = Files.readString(dir.resolve("bad/results.csv"));
        assertTrue(csv.lines().findFirst().orElseThrow().endsWith(",shard,run,host,fingerprint,wall_ms"), csv);
        String html = Files.readString(dir.resolve("bad/report.html"));
        assertTrue(html.contains("Run group <code>" + GROUP + "</code>") && html.contains(">incomplete</span>")
                && html.contains("The nodes' environments differ"), "the page's group section");

        try (HistoryStore h = HistoryStores.open(at)) {
            h.record(shardReport(plan, 3, ReportFixtures.GPU, Set.of(), Set.of()), shard(3, "node-c"));
            h.record(shardReport(plan, 2, ReportFixtures.GPU, Set.of(), Set.of()), shard(2, "node-b"));
        }
        Result good = cli("history", "merge", "-H", at, "--group", GROUP, "-o", dir.resolve("good").toString(),
                "--format", "json");
        assertEquals(ReportsCli.OK, good.code(), good.err());
        assertTrue(good.out().contains("\"complete: every shard recorded, every planned benchmark measured or skipped\""),
                good.out());
        RunReport merged = JsonReports.read(dir.resolve("good/results.json"));
        assertTrue(merged.group().complete());
        assertEquals(plan.units().size(), merged.benchmarks().stream().filter(b -> "ok".equals(b.status())).count());

        Result none = cli("history", "merge", "-H", at, "--group", "nope", "-o", dir.resolve("none").toString());
        assertEquals(ReportsCli.ERROR, none.code());
        assertTrue(none.err().contains("no run group 'nope' in "), none.err());
        Result list = cli("history", "list", "-H", at);
        assertTrue(list.out().lines().anyMatch(l -> l.contains(GROUP) && l.trim().endsWith("3/4")), list.out());
    }

    /** A board of the model of {@link ReportFixtures#GPU}, named by its UUID. */
    static dev.sns.reports.BoardEntry board(String uuid) {
        return dev.sns.reports.BoardEntry.of(dev.sns.model.BoardIdentity.builder().set("uuid", uuid)
                .set("vbiosVersion", "96.00.A5.00.1A").set("powerLimitWatts", 700.0).build("NOT_SUPPORTED"));
    }

    /**
     * Issue 25: shards record their board, and the merged report groups the nodes by board - four shards
     * of one environment on two boards (shards 1 and 3 on one, 2 and 4 on the other, as a fleet hands
     * out whichever board is free): each shard's row names its board, each benchmark keeps the board it
     * ran on, and the page's group section has the boards with their shards and nodes.
     */
    @Test
    void shardsRecordTheirBoardAndTheMergedReportGroupsNodesByBoard() throws Exception {
        ShardPlan plan = plan();
        String a = "GPU-2450be55-70f5-d6a1-2f1e-0b0c0d0e0f10";
        String b = "GPU-4a72b7f0-1111-2222-3333-444455556666";
        Path at = dir.resolve("boards.db");
        try (HistoryStore h = HistoryStores.open(at.toString())) {
            h.sharePlan(GROUP, plan);
            for (int k = 1; k <= 4; k++) {
                h.record(shardReport(plan, k, ReportFixtures.GPU, Set.of(), Set.of()).withBoard(board(k % 2 == 1 ? a : b)),
                        shard(k, "node-" + k));
            }
            GroupMerge.Merged merged = GroupMerge.merge(h, GROUP);
            assertTrue(merged.complete(), merged.problems().toString());
            List<RunGroup.Shard> shards = merged.report().group().shards();
            assertEquals(List.of(a, b, a, b), shards.stream().map(RunGroup.Shard::board).toList());
            assertEquals(1, merged.report().group().fingerprints().size(), "one environment, two boards");
            for (BenchmarkEntry e : merged.report().benchmarks()) {
                int k = plan.shardOf(e.id()).orElseThrow();
                assertEquals(k % 2 == 1 ? a : b, merged.report().boardOf(e).orElseThrow().uuid(), e.id());
            }
            String html = dev.sns.reports.html.HtmlReportFormat.render(merged.report());
            String boards = html.substring(html.indexOf("<h3>Boards</h3>"), html.indexOf("<h3>Where each benchmark ran"));
            assertTrue(boards.contains("2 boards."), boards);
            assertTrue(boards.contains("GPU-2450be55</code></td><td>1/4, 3/4</td><td>node-1, node-3</td>"), boards);
            assertTrue(boards.contains("GPU-4a72b7f0</code></td><td>2/4, 4/4</td><td>node-2, node-4</td>"), boards);
        }
        try (HistoryStore h = HistoryStores.open(dir.resolve("no-boards.db").toString())) {
            h.sharePlan(GROUP, plan);
            for (int k = 1; k <= 4; k++) {
                h.record(shardReport(plan, k, ReportFixtures.GPU, Set.of(), Set.of()), shard(k, "node-" + k));
            }
            GroupMerge.Merged merged = GroupMerge.merge(h, GROUP);
            assertEquals(List.of("", "", "", ""), merged.report().group().shards().stream().map(RunGroup.Shard::board)
                    .toList(), "no board recorded: none named");
            assertTrue(!dev.sns.reports.html.HtmlReportFormat.render(merged.report()).contains("<h3>Boards</h3>"));
        }
    }

    @Test
    void runsOfAGroupWithoutAPlanAreMergedAsTheyAre() throws Exception {
        String at = dir.resolve("p.db").toString();
        ShardPlan plan = plan();
        try (HistoryStore h = HistoryStores.open(at)) {
            h.record(shardReport(plan, 1, ReportFixtures.GPU, Set.of(), Set.of()), new RunContext("", "", false, "imp",
                    "a", "import"));
            h.record(shardReport(plan, 2, ReportFixtures.GPU, Set.of(), Set.of()), new RunContext("", "", false, "imp",
                    "b", "import"));
            GroupMerge.Merged m = GroupMerge.merge(h, "imp");
            assertTrue(m.complete(), m.problems().toString());
            assertEquals(plan.unitsOf(1).size() + plan.unitsOf(2).size(), m.report().benchmarks().size());
            assertEquals(List.of("run 1", "run 2"), m.report().group().shards().stream().map(RunGroup.Shard::shard)
                    .toList());
            assertNull(m.report().group().shardCount());
        }
    }

    record Result(int code, String out, String err) {}

    static Result cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ReportsCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
