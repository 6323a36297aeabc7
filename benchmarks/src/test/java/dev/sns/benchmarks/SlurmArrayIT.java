package dev.sns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sns.reports.history.HistoryStore;
import dev.sns.reports.history.HistoryStores;
import dev.sns.reports.history.RecordedRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The CPU samples over a Slurm job array, as a team would run a GPU suite over nodes: the project's
 * own scripts (scripts/slurm/submit.sh, sns-array.sbatch, sns-merge.sbatch) on a one-node cluster
 * (scripts/slurm/one-node-cluster.sh; .ci/run starts one), one PostgreSQL history
 * ({@code SNS_TEST_POSTGRES_URL}). The suite runs once unsharded, then as a 1-task and a 4-task array;
 * the 4-task array's merged report must hold exactly the unsharded run's benchmarks, each measured,
 * from 4 shards of one run group. Without Slurm or PostgreSQL it skips, saying why; under
 * {@code CI=true} it fails instead. The wall times are printed and written to
 * target/it/slurm-numbers.txt.
 */
class SlurmArrayIT {
    /** 8 units (one benchmark, 8 parameter values), short iterations: about 13 s unsharded on 2 cores. */
    static final String DEFAULT_ARGS = "CpuSample_01 -p n=256,1024,4096,16384,65536,262144,1048576,4194304 -f 1 -wi 1 "
            + "-i 5 -w 100ms -r 200ms";
    static final Pattern JOBS = Pattern.compile("array job (\\d+) \\((\\d+) shards\\), then merge job (\\d+)");

    record Done(int code, String output, double seconds) {}

    record Array(int arrayId, int mergeId, double arraySeconds, double mergeSeconds, int mergeCode) {}

    private static void unavailable(String why) {
        if ("true".equals(System.getenv("CI"))) {
            fail(why + "; under CI=true this test must run (.ci/run starts Slurm and PostgreSQL)");
        }
        // Maven's summary counts skipped tests without their reason: say it where the tests run
        System.out.println("[slurm test skipped] " + why);
        Assumptions.abort(why);
    }

    static Done run(List<String> command, Map<String, String> env, Path dir, long timeoutSeconds) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env);
        long t0 = System.nanoTime();
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(String.join(" ", command) + " took more than " + timeoutSeconds + " s");
        }
        return new Done(p.exitValue(), new String(out, StandardCharsets.UTF_8), (System.nanoTime() - t0) / 1e9);
    }

    static boolean queued(int job) throws Exception {
        Done d = run(List.of("squeue", "-h", "-j", Integer.toString(job)), Map.of(), Paths.get("."), 30);
        return d.code() == 0 && !d.output().isBlank();
    }

    /** Submits the suite as {@code shards} tasks with the project's submit.sh; times the array and the merge. */
    static Array submit(Path scripts, Map<String, String> env, Path dir, List<String> jmh, int shards) throws Exception {
        Map<String, String> e = new HashMap<>(env);
        e.put("SNS_SHARDS", Integer.toString(shards));
        e.put("SNS_OUT", dir.resolve("shards-" + shards).toString());
        List<String> cmd = new ArrayList<>(List.of(scripts.resolve("slurm/submit.sh").toString()));
        cmd.addAll(jmh);
        long t0 = System.nanoTime();
        Done submitted = run(cmd, e, dir, 60);
        assertEquals(0, submitted.code(), submitted.output());
        Matcher m = JOBS.matcher(submitted.output());
        assertTrue(m.find(), submitted.output());
        int array = Integer.parseInt(m.group(1));
        int merge = Integer.parseInt(m.group(3));
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (queued(array) && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        long t1 = System.nanoTime();
        while (queued(merge) && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        long t2 = System.nanoTime();
        assertTrue(t2 < deadline, "the array and its merge did not finish in 5 minutes");
        Done show = run(List.of("scontrol", "-o", "show", "job", Integer.toString(merge)), Map.of(), dir, 30);
        Matcher code = Pattern.compile("ExitCode=(\\d+):").matcher(show.output());
        assertTrue(code.find(), show.output());
        return new Array(array, merge, (t1 - t0) / 1e9, (t2 - t1) / 1e9, Integer.parseInt(code.group(1)));
    }

    static List<String> ids(Path resultsJson) throws IOException {
        List<String> ids = new ArrayList<>();
        for (JsonNode b : new ObjectMapper().readTree(resultsJson.toFile()).get("benchmarks")) {
            ids.add(b.get("id").asText() + " " + b.get("status").asText());
        }
        return ids;
    }

    @Test
    void aFourTaskArrayOfTheCpuSamplesMergesIntoTheUnshardedRunsBenchmarks() throws Exception {
        Path dir0 = Paths.get(".");
        Done sinfo;
        try {
            sinfo = run(List.of("sinfo", "-h", "-o", "%T %c %G"), Map.of(), dir0, 30);
        } catch (IOException e) {
            unavailable("no Slurm here (" + e.getMessage() + "): scripts/slurm/one-node-cluster.sh starts a one-node "
                    + "cluster");
            return;
        }
        if (sinfo.code() != 0 || !sinfo.output().matches("(?s).*(idle|mixed|allocated).*")) {
            unavailable("Slurm is not up (sinfo: " + sinfo.output().strip() + "): scripts/slurm/one-node-cluster.sh");
        }
        String pg = System.getenv("SNS_TEST_POSTGRES_URL");
        if (pg == null || pg.isBlank()) {
            unavailable("no PostgreSQL server for the shards' history: set SNS_TEST_POSTGRES_URL (.ci/run sets it)");
        }
        String schema = "sns_slurm_" + ProcessHandle.current().pid() + "_" + Long.toHexString(System.nanoTime() & 0xffffffL);
        try (Connection c = DriverManager.getConnection(pg); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        }
        String history = pg + (pg.contains("?") ? "&" : "?") + "currentSchema=" + schema;
        Path benchmarksJar = Paths.get(System.getProperty("sns.it.benchmarksJar", "target/benchmarks.jar")).toAbsolutePath();
        Path reportsJar = Paths.get(System.getProperty("sns.it.reportsJar", "../reports/target/sns-reports.jar"))
                .toAbsolutePath();
        Path scripts = Paths.get(System.getProperty("sns.it.scripts", "../scripts")).toAbsolutePath();
        Path dir = Files.createDirectories(Paths.get(System.getProperty("sns.it.workDir", "target/it"))
                .resolve("slurm-" + schema).toAbsolutePath());
        List<String> jmh = Arrays.asList(System.getProperty("sns.it.slurmArgs", DEFAULT_ARGS).trim().split("\\s+"));
        Map<String, String> env = Map.of("SNS_HISTORY", history, "SNS_BENCHMARKS_JAR", benchmarksJar.toString(),
                "SNS_REPORTS_JAR", reportsJar.toString());

        // 1. unsharded, as one would run it on one node
        List<String> whole = new ArrayList<>(List.of("java", "-Djmh.ignoreLock=true", "-jar", benchmarksJar.toString()));
        whole.addAll(jmh);
        whole.addAll(List.of("-prof", "sns:history=env;out=" + dir.resolve("whole")));
        Done unsharded = run(whole, env, dir, 300);
        assertEquals(0, unsharded.code(), unsharded.output());
        List<String> expected = ids(dir.resolve("whole/results.json"));
        assertTrue(expected.stream().allMatch(s -> s.endsWith(" ok")), expected.toString());

        // 2. the same as a 1-task array and as a 4-task array
        Array one = submit(scripts, env, dir, jmh, 1);
        Array four = submit(scripts, env, dir, jmh, 4);
        assertEquals(0, one.mergeCode(), "the 1-task array's merge");
        assertEquals(0, four.mergeCode(), "the 4-task array's merge: " + Files.readString(dir.resolve("sns-merge-"
                + four.mergeId() + ".out")));

        // 3. the merged report: every benchmark of the unsharded run, once, measured
        Path merged = dir.resolve("shards-4/merged/results.json");
        List<String> got = ids(merged);
        assertEquals(new TreeSet<>(expected), new TreeSet<>(got), "the merged report's benchmarks");
        assertEquals(expected.size(), got.size(), "each once");
        JsonNode group = new ObjectMapper().readTree(merged.toFile()).get("group");
        assertTrue(group.get("complete").asBoolean(), group.toString());
        assertEquals(4, group.get("shardCount").asInt());
        assertTrue(Files.readString(dir.resolve("shards-4/merged/report.html")).contains("Run group <code>slurm-"));
        assertEquals(expected.size(), ids(dir.resolve("shards-1/merged/results.json")).size());

        // 4. the history: one run per shard under the array's group, their rows adding up to the suite
        List<Integer> rows = new ArrayList<>();
        try (HistoryStore h = HistoryStores.open(history)) {
            String g = group.get("id").asText();
            assertTrue(g.startsWith("slurm-") && g.endsWith("-" + four.arrayId()), g);
            List<RecordedRun> runs = new ArrayList<>(h.groupRuns(g));
            runs.sort((a, b) -> Integer.compare(a.context().shardIndex(), b.context().shardIndex()));
            assertEquals(4, runs.size());
            for (int k = 1; k <= 4; k++) {
                assertEquals(k, runs.get(k - 1).context().shardIndex());
                assertEquals(4, runs.get(k - 1).context().shardCount());
                rows.add(runs.get(k - 1).benchmarks());
            }
        }
        assertEquals(expected.size(), rows.stream().mapToInt(Integer::intValue).sum());

        String numbers = String.format(Locale.ROOT, "SlurmArrayIT (%s, %d units, %d CPUs): unsharded %.1f s; 1-task array "
                        + "%.1f s (merge job %.1f s); 4-task array %.1f s (merge job %.1f s): %.2fx the 1-task array, "
                        + "%.2fx the unsharded run; merged report %d benchmarks (unsharded %d); history rows per shard %s",
                String.join(" ", jmh), expected.size(), Runtime.getRuntime().availableProcessors(), unsharded.seconds(),
                one.arraySeconds(), one.mergeSeconds(), four.arraySeconds(), four.mergeSeconds(),
                one.arraySeconds() / four.arraySeconds(), unsharded.seconds() / four.arraySeconds(), got.size(),
                expected.size(), rows);
        System.out.println(numbers);
        Files.writeString(dir.getParent().resolve("slurm-numbers.txt"), numbers + "\n");
    }
}
