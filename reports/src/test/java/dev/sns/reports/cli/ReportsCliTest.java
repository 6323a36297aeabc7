package dev.sns.reports.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.JsonReports;
import dev.sns.reports.ReportFixtures;
import dev.sns.reports.RunReport;
import dev.sns.reports.html.HtmlReportFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line run in-process: exit codes, stdout versus stderr, every format, every bad input. */
class ReportsCliTest {
    @TempDir
    Path dir;

    private String oldRun;
    private String slowerRun;
    private String sameRun;
    private String otherGpuRun;

    /** Captured output of one run. */
    record Result(int code, String out, String err) {}

    @BeforeEach
    void writeRuns() throws Exception {
        oldRun = write("old.json", ReportFixtures.run(ReportFixtures.bench("A", 1.00, 1.10),
                ReportFixtures.ratio(1.45, 1.55, "B", "FASTER")));
        slowerRun = write("slower.json", ReportFixtures.run(ReportFixtures.bench("A", 1.16, 1.20),
                ReportFixtures.ratio(1.05, 1.15, "B", "PARITY"),
                ReportFixtures.rename(ReportFixtures.bench("A", 1.0, 1.1), "x.Fresh.run")));
        sameRun = write("same.json", ReportFixtures.run(ReportFixtures.bench("A", 1.02, 1.12),
                ReportFixtures.ratio(1.40, 1.52, "B", "FASTER")));
        RunReport slower = JsonReports.read(Path.of(slowerRun));
        otherGpuRun = write("a100.json", new RunReport(slower.schema(), 1, "", "", ReportFixtures.fingerprint("NVIDIA A100"),
                Map.of(), "", slower.benchmarks(), slower.comparisons()));
    }

    @Test
    void noArgumentsPrintsTheUsageOnStderrAndExits2() {
        Result r = run();
        assertEquals(ReportsCli.ERROR, r.code());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("usage: java -jar sns-reports.jar <command>"), r.err());
    }

    @Test
    void helpPrintsTheUsageOnStdoutAndExits0() {
        for (String[] args : new String[][] {{"--help"}, {"-h"}, {"help"}, {"compare", "--help"}}) {
            Result r = run(args);
            assertEquals(ReportsCli.OK, r.code());
            assertTrue(r.out().contains("compare <old.json> <new.json> [--format text|markdown|csv|json]"), r.out());
            assertTrue(r.out().contains("exit codes: 0 success and no regression, 1 a regression, 2"), r.out());
        }
    }

    @Test
    void usageErrorsExit2AndSaySo() {
        assertUsage(run("frobnicate"), "unknown command 'frobnicate' (commands: render, compare, history)");
        assertUsage(run("compare", oldRun), "compare takes two results.json files (old, then new), got 1");
        assertUsage(run("compare", oldRun, sameRun, "--format", "yaml"),
                "--format: unknown format 'yaml': use text, markdown, csv or json");
        assertUsage(run("compare", oldRun, sameRun, "--colour", "red"),
                "unknown option --colour (this command takes --format, --history, --threshold)");
        assertUsage(run("compare", oldRun, sameRun, "--threshold", "5"),
                "--threshold 5 would be 500.0%; write 5% for percent, or a fraction such as 0.05");
        assertUsage(run("compare", oldRun, sameRun, "--threshold=abc"), "--threshold 'abc' is not a number (write 5% or 0.05)");
        assertUsage(run("compare", oldRun, sameRun, "--format"), "option --format needs a value");
        assertUsage(run("render"), "render takes one results.json, got 0 files");
    }

    @Test
    void aRegressionExits1WithTheResultOnStdout() {
        Result r = run("compare", oldRun, slowerRun);
        assertEquals(ReportsCli.REGRESSION, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("  REGRESSION   " + ReportFixtures.ID + "\n"), r.out());
        assertTrue(r.out().contains("the new interval lies 5.5% above the old one (threshold 5%)"), r.out());
        assertTrue(r.out().contains("verdict FASTER -> PARITY; the new interval [1.050, 1.150] lies entirely below the "
                + "old [1.450, 1.550]"), r.out());
        assertTrue(r.out().contains("  ADDED        x.Fresh.run\n"), r.out());
        assertTrue(r.out().contains("2 regressions, 0 improvements, 0 unchanged, 0 refused, 0 not measured, 1 added, "
                + "0 removed"), r.out());
        assertEquals("sns-reports: regression found (exit 1)\n", r.err());
    }

    @Test
    void noRegressionExits0AndRemovedBenchmarksAreListed() {
        Result r = run("compare", slowerRun, oldRun);
        assertEquals(ReportsCli.OK, r.code(), r.out());
        assertTrue(r.out().contains("  IMPROVEMENT  " + ReportFixtures.ID), r.out());
        assertTrue(r.out().contains("  REMOVED      x.Fresh.run\n"), r.out());
        assertEquals("", r.err());
        assertEquals(ReportsCli.OK, run("compare", oldRun, sameRun).code());
    }

    @Test
    void aLargerThresholdAbsorbsTheGap() {
        assertEquals(ReportsCli.REGRESSION, run("compare", oldRun, slowerRun, "--threshold", "10%").code());
        Result r = run("compare", oldRun, slowerRun, "--threshold=0.2");
        assertTrue(r.out().contains("  UNCHANGED    " + ReportFixtures.ID), r.out());
        assertEquals(ReportsCli.REGRESSION, r.code(), "the speedup still regressed");
    }

    @Test
    void anotherGpuRefusesTheTimesButStillComparesTheSpeedups() {
        Result r = run("compare", oldRun, otherGpuRun);
        assertTrue(r.out().contains("absolute times: not compared, fingerprints differ: gpuName NVIDIA H200 vs NVIDIA A100"),
                r.out());
        assertTrue(r.out().contains("  REFUSED      " + ReportFixtures.ID), r.out());
        assertTrue(r.out().contains("absolute times not compared: fingerprints differ: gpuName NVIDIA H200 vs NVIDIA A100"),
                r.out());
        assertEquals(ReportsCli.REGRESSION, r.code(), "the speedup regression counts across machines");
    }

    @Test
    void tierBTimesAreRefusedWithTheReason() throws IOException {
        String b1 = write("b1.json", ReportFixtures.run(ReportFixtures.bench("B", 1.0, 1.1)));
        String b2 = write("b2.json", ReportFixtures.run(ReportFixtures.bench("B", 3.0, 3.1)));
        Result r = run("compare", b1, b2);
        assertEquals(ReportsCli.OK, r.code());
        assertTrue(r.out().contains("absolute times not compared: tier B in both runs (clocks not locked (policy "
                + "unlocked): variance folded into the interval)"), r.out());
    }

    @Test
    void markdownHasTablesAndEscapesIds() throws IOException {
        BenchmarkEntry odd = ReportFixtures.rename(ReportFixtures.bench("A", 1.0, 1.1), "x.Odd.run:p=a|b<c>");
        String a = write("md-a.json", ReportFixtures.run(odd));
        String b = write("md-b.json", ReportFixtures.run(odd));
        Result r = run("compare", a, b, "--format", "markdown");
        assertEquals(ReportsCli.OK, r.code());
        assertTrue(r.out().contains("| change | benchmark | old | new | median | why |\n|---|---|---|---|---:|---|\n"),
                r.out());
        assertTrue(r.out().contains("| UNCHANGED | `x.Odd.run:p=a\\|b<c>` | 1.050 ms [1.000, 1.100] tier A |"), r.out());
        Result reg = run("compare", oldRun, slowerRun, "--format=markdown");
        assertTrue(reg.out().contains("| **REGRESSION** | `" + ReportFixtures.ID + "` |"), reg.out());
        assertTrue(reg.out().contains("| change | candidate | baseline | old | new | why |"), reg.out());
    }

    @Test
    void csvHasTheDocumentedColumnsAndOneRowPerItem() {
        Result r = run("compare", oldRun, slowerRun, "--format", "csv");
        String[] lines = r.out().split("\n");
        assertEquals("kind,id,baseline,change,unit,old_estimate,old_lower,old_upper,old_tier,old_verdict,new_estimate,"
                + "new_lower,new_upper,new_tier,new_verdict,median_change,reason", lines[0]);
        assertEquals(4, lines.length, r.out());
        assertTrue(lines[1].startsWith("benchmark," + ReportFixtures.ID + ",,REGRESSION,ms,1.05,1.0,1.1,A,,1.18,1.16,1.2,A,,"),
                lines[1]);
        assertTrue(lines[3].startsWith("speedup," + ReportFixtures.ID + ",dev.sns.benchmarks.Saxpy.naive:n=1024,"
                + "REGRESSION,ratio,1.5,1.45,1.55,B,FASTER,1.1,1.05,1.15,B,PARITY,,"), lines[3]);
        assertEquals(ReportsCli.REGRESSION, r.code());
    }

    @Test
    void jsonIsParseableWithTheSchemaCountsAndFlag() throws IOException {
        Result r = run("compare", oldRun, slowerRun, "--format", "json");
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertEquals("sns-compare", doc.get("schema").asText());
        assertEquals(1, doc.get("schemaVersion").asInt());
        assertTrue(doc.get("regression").asBoolean());
        assertEquals(2, doc.get("counts").get("REGRESSION").asInt());
        assertEquals(0.05, doc.get("threshold").asDouble());
        JsonNode b = doc.get("benchmarks").get(0);
        assertEquals("REGRESSION", b.get("change").asText());
        assertEquals(1.16, b.get("new").get("lowerMillis").asDouble());
        assertEquals(oldRun, doc.get("old").get("file").asText());
        assertEquals("FASTER", doc.get("comparisons").get(0).get("old").get("verdict").asText());
        assertEquals(r.out(), run("compare", oldRun, slowerRun, "--format", "json").out(), "byte-stable");
    }

    @Test
    void aMissingFileExits2NamingIt() {
        Result r = run("compare", oldRun, dir.resolve("gone.json").toString());
        assertEquals(ReportsCli.ERROR, r.code());
        assertEquals("", r.out());
        assertEquals("sns-reports: " + dir.resolve("gone.json") + ": no such file\n", r.err());
    }

    @Test
    void aTruncatedFileExits2WithLineAndColumn() throws IOException {
        String json = Files.readString(Path.of(oldRun));
        Path cut = dir.resolve("cut.json");
        Files.writeString(cut, json.substring(0, json.length() / 2));
        Result r = run("compare", cut.toString(), oldRun);
        assertEquals(ReportsCli.ERROR, r.code());
        assertTrue(r.err().matches("sns-reports: " + java.util.regex.Pattern.quote(cut.toString())
                + ": line \\d+, column \\d+: the JSON ends early, the file is truncated[^\n]*\n"), r.err());
    }

    @Test
    void aNewerVersionExits2AndSaysToUpgrade() throws IOException {
        Path future = dir.resolve("future.json");
        Files.writeString(future, Files.readString(Path.of(oldRun)).replace("\"schemaVersion\" : 1", "\"schemaVersion\" : 2"));
        Result r = run("compare", oldRun, future.toString());
        assertEquals(ReportsCli.ERROR, r.code());
        assertTrue(r.err().contains(future + ": schemaVersion 2 is newer than this sns reads (version 1): upgrade sns"),
                r.err());
    }

    @Test
    void bothBadFilesAreReported() {
        Result r = run("compare", dir.resolve("a.json").toString(), dir.resolve("b.json").toString());
        assertEquals(2, r.err().lines().count(), r.err());
    }

    @Test
    void renderWritesReportHtmlBesideTheInputOrWhereTold() throws Exception {
        Result r = run("render", oldRun);
        assertEquals(ReportsCli.OK, r.code(), r.err());
        Path html = Path.of(oldRun).resolveSibling("report.html");
        assertEquals(HtmlReportFormat.render(JsonReports.read(Path.of(oldRun))), Files.readString(html, StandardCharsets.UTF_8));
        assertTrue(r.err().startsWith("sns-reports: wrote " + html + " (1 benchmarks, "), r.err());
        assertEquals("", r.out());
        Path elsewhere = dir.resolve("out/page.html");
        assertEquals(ReportsCli.OK, run("render", oldRun, "-o", elsewhere.toString()).code());
        assertTrue(Files.readString(elsewhere).startsWith("<!DOCTYPE html>"));
    }

    @Test
    void renderingABadFileExits2AndWritesNothing() throws IOException {
        Path bad = dir.resolve("bad/results.json");
        Files.createDirectories(bad.getParent());
        Files.writeString(bad, "{\"schema\": \"sns-results\", \"schemaVersion\": 1, \"benchmarks\": [");
        Result r = run("render", bad.toString());
        assertEquals(ReportsCli.ERROR, r.code());
        assertTrue(r.err().contains("the JSON ends early"), r.err());
        try (var files = Files.list(bad.getParent())) {
            assertEquals(List.of(bad), files.toList(), "no report.html, no temporary file");
        }
    }

    private static void assertUsage(Result r, String message) {
        assertEquals(ReportsCli.ERROR, r.code());
        assertEquals("", r.out());
        assertEquals("sns-reports: " + message + "\nRun with --help for usage.\n", r.err());
    }

    private String write(String name, RunReport report) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, JsonReports.toJson(report));
        return f.toString();
    }

    private static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ReportsCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
