package dev.sns.reports.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.JsonReports;
import dev.sns.reports.ReportFixtures;
import dev.sns.reports.RunReport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history commands end to end on an SQLite history: 12 runs of one benchmark at 1 ms (1% noise
 * between runs), then a 13th 8% slower; imported from results.json files, then listed, shown,
 * searched for changes, gated and drawn, in every format; and every bad input.
 */
class HistoryCliTest {
    @TempDir
    Path dir;
    private String db;

    record Result(int code, String out, String err) {}

    @BeforeEach
    void importRuns() throws Exception {
        db = dir.resolve("h.db").toString();
        SplittableRandom rnd = new SplittableRandom(4);
        for (int i = 0; i < 13; i++) {
            double m = i == 12 ? 1.08 : 1.0 + 0.01 * gaussian(rnd);
            write("runs/" + i + "/results.json", run(i, m));
        }
        Result r = run("history", "import", dir.resolve("runs").toString(), "--history", db, "--commit", "abc1234",
                "--branch", "main");
        assertEquals(ReportsCli.OK, r.code(), r.err());
        assertTrue(r.out().startsWith("sns history import\n  13 imported, 0 already in the history, 0 failed, into " + db),
                r.out());
    }

    @Test
    void importingTheSameFilesAgainAddsNothing() {
        Result r = run("history", "import", dir.resolve("runs").toString(), "-H", db);
        assertTrue(r.out().contains("0 imported, 13 already in the history, 0 failed"), r.out());
    }

    @Test
    void listShowsTheRunsNewestFirstAndTheBenchmarks() {
        Result r = run("history", "list", "--history", db, "--last", "0");
        assertEquals(ReportsCli.OK, r.code());
        assertTrue(r.out().contains("showing 13 runs, newest first"), r.out());
        List<String> rows = r.out().lines().filter(l -> l.matches("\\s*\\d+\\s+2025-.*")).toList();
        assertEquals(13, rows.size(), r.out());
        assertTrue(rows.get(0).trim().startsWith("13  2025-03-01T00:12:00Z  abc1234  main"), rows.get(0));
        Result b = run("history", "list", "--benchmarks", "-H", db);
        assertTrue(b.out().contains(ReportFixtures.ID) && b.out().contains("1 benchmark\n"), b.out());
    }

    @Test
    void showFindsTheBenchmarkByAPartOfItsId() {
        Result r = run("history", "show", "fused", "-H", db);
        assertEquals(ReportsCli.OK, r.code(), r.err());
        assertTrue(r.out().startsWith("sns history show " + ReportFixtures.ID + "\n"), r.out());
        assertTrue(r.out().contains("NVIDIA H200 (fingerprint "), r.out());
        assertTrue(r.out().contains("13 runs; read in time: the clocks were locked in every run; noise between runs"),
                r.out());
        assertEquals(13, r.out().lines().filter(l -> l.contains("2025-03-01T")).count());
    }

    @Test
    void theGateFailsOnTheSlowerLatestRunAndPassesOnAnEarlierOne() throws Exception {
        Result r = run("history", "gate", "-H", db);
        assertEquals(ReportsCli.REGRESSION, r.code(), r.out() + r.err());
        assertTrue(r.out().startsWith("sns history gate\n  FAIL: 1 slower, 0 faster, 0 unchanged, 0 no history, "
                + "0 not judged\n  run 13 (commit abc1234"), r.out());
        assertTrue(r.out().contains("starts a slower segment: +"), r.out());
        assertEquals("sns-reports: a benchmark starts a slower segment (exit 1)\n", r.err());
        Result earlier = run("history", "gate", "-H", db, "--run", "12");
        assertEquals(ReportsCli.OK, earlier.code(), earlier.out());
        assertTrue(earlier.out().contains("pass: 0 slower, 0 faster, 1 unchanged"), earlier.out());
        assertEquals(ReportsCli.OK, run("history", "gate", "-H", db, "--threshold", "10%").code(), "within 10%");

        Result csv = run("history", "gate", "-H", db, "--format", "csv");
        assertEquals("verdict,benchmark,change,value,baseline,unit,sigmas,baseline_runs,reason", csv.out().lines()
                .findFirst().orElseThrow());
        assertTrue(csv.out().lines().skip(1).findFirst().orElseThrow().startsWith("SLOWER," + ReportFixtures.ID + ",0.0"),
                csv.out());
        JsonNode json = new ObjectMapper().readTree(run("history", "gate", "-H", db, "--format", "json").out());
        assertEquals("sns-table", json.get("schema").asText());
        assertEquals("sns history gate", json.get("command").asText());
        assertEquals("SLOWER", json.get("rows").get(0).get("verdict").asText());
        assertEquals(12, json.get("rows").get(0).get("baseline_runs").asInt());
        assertTrue(json.get("rows").get(0).get("change").asDouble() > 0.05);
        Result md = run("history", "gate", "-H", db, "--format", "markdown");
        assertTrue(md.out().startsWith("### sns history gate\n\n- FAIL: 1 slower"), md.out());
        assertTrue(md.out().contains("\n| verdict | benchmark | change |"), md.out());
    }

    @Test
    void changesAndTheReportReadEverySeries() throws Exception {
        Result r = run("history", "changes", "-H", db);
        assertEquals(ReportsCli.OK, r.code(), r.err());
        assertTrue(r.out().startsWith("sns history changes\n  0 change points (0 slower, 0 faster) in 0 of 1 series"),
                r.out());
        assertTrue(r.out().contains("E-divisive means at the 95% level, 199 permutations, segments of 5 runs or more"),
                r.out());
        Path html = dir.resolve("out/history.html");
        Result page = run("history", "report", "-H", db, "-o", html.toString());
        assertEquals(ReportsCli.OK, page.code(), page.err());
        String text = Files.readString(html);
        assertTrue(text.contains("Content-Security-Policy\" content=\"default-src 'none'"));
        assertTrue(text.contains("<svg class=\"plot trend\""));
        assertTrue(!text.contains("<script"));
        assertTrue(page.err().startsWith("sns-reports: wrote " + html + " (1 series, "), page.err());
    }

    @Test
    void badInputIsOneMessageAndExit2() throws Exception {
        assertError(run("history", "list", "-H", dir.resolve("none.db").toString()), "no history at "
                + dir.resolve("none.db") + ": record runs into it with -prof sns:history=");
        assertError(run("history", "show", "zzz", "-H", db), "no benchmark 'zzz' in " + db + " (it has 1, e.g. "
                + ReportFixtures.ID + "; history list --benchmarks lists them)");
        assertUsage(run("history", "frob"), "unknown history command 'frob' (commands: list, show, changes, boards, gate, "
                + "import, report, merge)");
        assertUsage(run("history", "list", "-H", db, "--format", "yaml"),
                "--format: unknown format 'yaml': use text, markdown, csv or json");
        assertUsage(run("history", "changes", "-H", db, "--last", "5000"),
                "--last 5000 must be between 0 (all) and 2000: E-divisive keeps a distance matrix of the runs it reads");
        assertUsage(run("history", "gate", "-H", db, "--significance", "0.7"),
                "--significance 0.7 must be above 0 and below 0.5 (0.05 is the 95% level)");
        assertUsage(run("history", "gate", "-H", db, "--space", "kelvin"),
                "--space: unknown space 'kelvin': use auto, time or cycles");
        assertUsage(run("history", "gate", "-H", db, "--run", "x"), "Invalid value for option '--run': 'x' is not a long");
        assertError(run("history", "gate", "-H", db, "--run", "99"), "no run 99 in " + db + " (history list shows the runs)");
        assertUsage(run("history", "import", "-H", db), "import takes results.json files or directories, got none");
        assertUsage(run("history", "show", "-H", db), "show takes one benchmark id (or a part of one), got 0");
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "[]");
        Result imp = run("history", "import", bad.toString(), "-H", db);
        assertEquals(ReportsCli.ERROR, imp.code());
        assertTrue(imp.out().contains("failed: " + bad + ": not an sns results file"), imp.out());
        Path notDb = dir.resolve("text.db");
        Files.writeString(notDb, "hello, this is not a database ".repeat(100));
        Result wrong = run("history", "list", "-H", notDb.toString());
        assertEquals(ReportsCli.ERROR, wrong.code(), wrong.err());
        assertTrue(wrong.err().startsWith("sns-reports: " + notDb + ": "), wrong.err());
        assertTrue(!wrong.err().contains("\tat "), "no stack trace: " + wrong.err());
    }

    @Test
    void compareTakesTheCpuGatesNoiseFromTheHistory() throws Exception {
        Path a = write("cmp/a.json", run(0, 1.0));
        Path b = write("cmp/b.json", run(1, 1.015));
        Result without = run("compare", a.toString(), b.toString());
        assertTrue(without.out().contains("the intervals overlap") || without.out().contains("lies"), without.out());
        Result with = run("compare", a.toString(), b.toString(), "--history", db);
        assertEquals(ReportsCli.OK, with.code(), with.out() + with.err());
        assertUsage(run("compare", a.toString(), b.toString(), "--history"), "option --history needs a value");
        assertError(run("compare", a.toString(), b.toString(), "--history", dir.resolve("no.db").toString()),
                "no history at " + dir.resolve("no.db") + " (--history names an existing history file or a "
                        + "jdbc:postgresql:// URL)");
    }

    private static void assertUsage(Result r, String message) {
        assertEquals(ReportsCli.ERROR, r.code(), r.out() + r.err());
        assertEquals("sns-reports: " + message + "\nRun with --help for usage.\n", r.err());
    }

    private static void assertError(Result r, String start) {
        assertEquals(ReportsCli.ERROR, r.code(), r.out() + r.err());
        assertTrue(r.err().startsWith("sns-reports: " + start), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    static RunReport run(int i, double median) {
        BenchmarkEntry b = ReportFixtures.bench("A", median * 0.9999, median * 1.0001);
        RunReport r = ReportFixtures.run(b);
        return new RunReport(r.schema(), r.schemaVersion(), r.snsVersion(), String.format("2025-03-01T00:%02d:00Z", i),
                r.fingerprint(), Map.of(), "0x" + i, r.benchmarks(), List.of());
    }

    private Path write(String name, RunReport r) throws Exception {
        Path f = dir.resolve(name);
        Files.createDirectories(f.getParent());
        Files.writeString(f, JsonReports.toJson(r));
        return f;
    }

    private static double gaussian(SplittableRandom rnd) {
        double u = Math.max(rnd.nextDouble(), 1e-12);
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd.nextDouble());
    }

    static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ReportsCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
