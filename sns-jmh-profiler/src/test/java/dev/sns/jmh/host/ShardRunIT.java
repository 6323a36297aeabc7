package dev.sns.jmh.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sns.reports.groups.GroupMerge;
import dev.sns.reports.history.HistoryStore;
import dev.sns.reports.history.HistoryStores;
import dev.sns.reports.history.RecordedRun;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * One suite run in shards through the sns Main (on the fake GPU): the shards together run exactly what
 * the whole run runs, each unit once; a benchmark split between shards runs unit by unit with its mode
 * and parameters pinned; the pair and its ABBA rounds stay in one shard (a pair over parameter values:
 * each value's pair in one shard); the history holds every
 * shard's run under one group, and the merge is complete.
 */
@ExtendWith(FakeGpu.class)
class ShardRunIT {
    /** 4 modes of one method, 2 parameter values of another, a CPU benchmark, a pair: 9 units, 7 items. */
    static final String SUITE = "K_ModesBench|L_MatrixBench.paramed|B_CpuBench|G_PairBench.fast";

    @TempDir
    Path tmp;

    record Run(int code, String out, String err) {}

    private Run run(String sns, String... extra) {
        return runSuite(SUITE, sns, extra);
    }

    private Run runSuite(String suite, String sns, String... extra) {
        List<String> args = new ArrayList<>(List.of(suite, "-f", "1", "-wi", "0", "-i", "2", "-w", "50ms", "-r", "50ms",
                "-jvmArgsAppend", "-Xmx256m -XX:TieredStopAtLevel=1", "-v", "SILENT", "-prof", "sns:rounds=2;" + sns));
        args.addAll(List.of(extra));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = SnsMain.run(args.toArray(new String[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(rc, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static List<String> ids(Path results) throws Exception {
        List<String> ids = new ArrayList<>();
        for (JsonNode b : new ObjectMapper().readTree(results.toFile()).get("benchmarks")) {
            ids.add(b.get("id").asText());
        }
        return ids;
    }

    @Test
    void theShardsTogetherRunWhatTheWholeRunRunsEachUnitOnce() throws Exception {
        Run whole = run("out=" + tmp.resolve("whole"));
        assertEquals(SnsMain.OK, whole.code(), whole.out() + whole.err());
        Set<String> expected = new HashSet<>(ids(tmp.resolve("whole/results.json")));
        assertEquals(9, expected.size(), expected.toString());

        int shards = 3;
        String db = tmp.resolve("h.db").toString();
        List<String> union = new ArrayList<>();
        Map<String, Integer> shardOf = new HashMap<>();
        for (int k = 1; k <= shards; k++) {
            Run r = run("out=" + tmp.resolve("s" + k) + ";shard=" + k + "/" + shards + ";group=test-group;history=" + db);
            assertEquals(SnsMain.OK, r.code(), r.out() + r.err());
            assertTrue(r.out().contains("sns: shard " + k + "/" + shards + " of run group test-group: "), r.out());
            for (String id : ids(tmp.resolve("s" + k + "/results.json"))) {
                union.add(id);
                shardOf.put(id, k);
            }
            JsonNode report = new ObjectMapper().readTree(tmp.resolve("s" + k + "/results.json").toFile());
            for (JsonNode b : report.get("benchmarks")) {
                assertTrue(b.get("wallMillis").asDouble() > 0, "each benchmark's wall time: " + b.get("id"));
            }
            if (shardOf.containsValue(k) && report.get("comparisons").size() > 0) {
                assertEquals("dev.sns.jmh.bench.G_PairBench.fast@avgt", report.get("comparisons").get(0).get("candidate")
                        .asText());
            }
        }
        assertEquals(expected.size(), union.size(), "no unit twice: " + union);
        assertEquals(expected, new HashSet<>(union), "every unit of the whole run");
        assertEquals(shardOf.get("dev.sns.jmh.bench.G_PairBench.fast@avgt"),
                shardOf.get("dev.sns.jmh.bench.G_PairBench.slow@avgt"), "the pair and its rounds in one shard");
        Map<String, Set<Integer>> benchmarkShards = new HashMap<>();
        shardOf.forEach((id, k) -> benchmarkShards.computeIfAbsent(id.substring(0, id.indexOf('@')), x -> new HashSet<>())
                .add(k));
        assertTrue(benchmarkShards.values().stream().anyMatch(s -> s.size() > 1),
                "a benchmark split between shards (its units run one by one, mode and params pinned): " + shardOf);

        try (HistoryStore h = HistoryStores.open(db)) {
            List<RecordedRun> runs = h.groupRuns("test-group");
            assertEquals(shards, runs.size());
            for (int k = 1; k <= shards; k++) {
                assertEquals(k, runs.get(k - 1).context().shardIndex());
                assertEquals(shards, runs.get(k - 1).context().shardCount());
            }
            GroupMerge.Merged merged = GroupMerge.merge(h, "test-group");
            assertTrue(merged.complete(), merged.problems().toString());
            assertEquals(expected, new HashSet<>(merged.report().benchmarks().stream().map(b -> b.id()).toList()));
            assertEquals(1, merged.report().comparisons().size());
            // the next plan of the suite is balanced by these recorded times
            assertEquals(9, h.lastWallMillis(expected, HistoryStore.DEFAULT_DEVICE, "next").size());
            // each fork's configuration was recorded with its wall time, as the plan resolves it from the
            // command line (the pair's units run in rounds: no configuration of theirs is matched; a single-shot
            // iteration has no time)
            Map<String, String> planned = new HashMap<>();
            expected.stream().filter(id -> !id.contains("G_PairBench")).forEach(id -> planned.put(id,
                    dev.sns.reports.shards.ShardWeights.configuration(1, 0, 0, id.contains("@ss") ? 0 : 50_000, 2,
                            id.contains("@ss") ? 0 : 50_000)));
            Map<String, dev.sns.reports.shards.ShardWeights.Recorded> recent = h.recentWallMillis(expected,
                    HistoryStore.DEFAULT_DEVICE, "next", planned);
            assertEquals(9, recent.size());
            planned.keySet().forEach(id -> assertTrue(recent.get(id).sameConfiguration(), id + ": " + recent.get(id)));
        }
        Run next = run("out=" + tmp.resolve("n1") + ";shard=1/" + shards + ";group=next;history=" + db);
        assertEquals(SnsMain.OK, next.code(), next.out() + next.err());
        assertTrue(next.out().contains("balanced by the median wall time of the latest 5 finished runs (matched by "
                + "configuration for 7 of them; for 2, whose"), next.out());
    }

    @Test
    void aShardNeedsItsSchedulerAndAGroupAndTheGroupsSuite() throws Exception {
        Run auto = run("out=" + tmp.resolve("a") + ";shard=auto");
        if (System.getenv("SLURM_ARRAY_TASK_ID") == null && System.getenv("JOB_COMPLETION_INDEX") == null) {
            assertEquals(SnsMain.USAGE, auto.code());
            assertTrue(auto.err().contains("sns: shard=auto found neither a Slurm job array (SLURM_ARRAY_TASK_ID) nor a "
                    + "Kubernetes Indexed Job (JOB_COMPLETION_INDEX): run it as one, or give shard=K/N; nothing was run"),
                    auto.err());
        }
        if (System.getenv("SNS_RUN_GROUP") == null && System.getenv("SLURM_ARRAY_JOB_ID") == null
                && System.getenv("JOB_NAME") == null) {
            Run noGroup = run("out=" + tmp.resolve("b") + ";shard=1/2;history=" + tmp.resolve("g.db"));
            assertEquals(SnsMain.USAGE, noGroup.code());
            assertTrue(noGroup.err().contains("its shards must share a run group: give group=ID"), noGroup.err());
        }
        String db = tmp.resolve("h.db").toString();
        Run first = run("out=" + tmp.resolve("c") + ";shard=2/2;group=g;history=" + db, "-p", "tokens=100");
        assertEquals(SnsMain.OK, first.code(), first.out() + first.err());
        Run other = run("out=" + tmp.resolve("d") + ";shard=1/2;group=g;history=" + db);
        assertEquals(SnsMain.USAGE, other.code());
        assertTrue(other.err().contains("shard 1/2 of run group g selected another suite than the plan the group's first "
                + "shard stored in the history (9 units in 2 shards here, 8 in 2 there; only here: "
                + "dev.sns.jmh.bench.L_MatrixBench.paramed@avgt:tokens=1000"), other.err());
    }

    /**
     * A pair over two parameter values is two items: each shard runs one value's candidate and baseline
     * in ABBA rounds with that value pinned, and compares them; the merge holds both comparisons. (Two
     * equal items over two shards: the bounded loads put one in each.)
     */
    @Test
    void aPairOverParametersSpreadsOverShardsOneCombinationEach() throws Exception {
        String db = tmp.resolve("p.db").toString();
        for (int k = 1; k <= 2; k++) {
            Run r = runSuite("R_ParamPairBench.fast", "out=" + tmp.resolve("p" + k) + ";shard=" + k
                    + "/2;group=pairs;history=" + db);
            assertEquals(SnsMain.OK, r.code(), r.out() + r.err());
            assertTrue(r.out().contains("sns: shard " + k + "/2 of run group pairs: 2 of 4 units (1 pair with its ABBA "
                    + "rounds)"), r.out());
            JsonNode report = new ObjectMapper().readTree(tmp.resolve("p" + k + "/results.json").toFile());
            Set<String> scales = new HashSet<>();
            for (JsonNode b : report.get("benchmarks")) {
                assertEquals("ok", b.get("status").asText(), b.toString());
                scales.add(b.get("params").get("scale").asText());
            }
            assertEquals(2, report.get("benchmarks").size(), "the candidate and the baseline of one value");
            assertEquals(1, scales.size(), "one parameter value per shard: " + scales);
            assertEquals(1, report.get("comparisons").size());
            JsonNode c = report.get("comparisons").get(0);
            assertEquals(2, c.get("rounds").asInt(), c.toString());
            assertEquals(2.0, c.get("speedup").asDouble(), 0.1, "fast against slow: " + c);
        }
        try (HistoryStore h = HistoryStores.open(db)) {
            GroupMerge.Merged merged = GroupMerge.merge(h, "pairs");
            assertTrue(merged.complete(), merged.problems().toString());
            assertEquals(4, merged.report().benchmarks().size());
            assertEquals(2, merged.report().comparisons().size());
        }
    }
}
