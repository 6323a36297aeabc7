package dev.sns.reports.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sns.reports.JsonReports;
import dev.sns.reports.ReportFixtures;
import java.io.ByteArrayOutputStream;
import java.io.BufferedWriter;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10's reports-CLI faults: crafted files with extreme numbers, NaN tokens and a file too
 * large for the heap give one message and exit 2 (or a judged answer), never a stack trace, never
 * exit 1 (which means a regression) by accident; every command's help is clean.
 */
class CliFaultTest {
    @TempDir
    Path dir;

    @Test
    void extremeNumbersAreDataErrorsNotCrashes() throws Exception {
        Path good = dir.resolve("good.json");
        Files.writeString(good, JsonReports.toJson(ReportFixtures.realistic()));
        ObjectNode root = (ObjectNode) new ObjectMapper().readTree(good.toFile());
        ObjectNode b = (ObjectNode) root.get("benchmarks").get(0);
        ((ObjectNode) b.get("summary")).put("median", 1e308).put("upper", 1e308).put("p90", 1e308);
        ((ArrayNode) b.get("samples").get("millis")).set(5, 1e308);
        ((ArrayNode) b.get("clocks").get("smMhz")).set(3, 1e308);
        ((ObjectNode) b.get("clocks")).put("smMeanMhz", 1e308);
        Path extreme = dir.resolve("extreme.json");
        new ObjectMapper().writeValue(extreme.toFile(), root);
        Path infinite = dir.resolve("infinite.json");
        Files.writeString(infinite, Files.readString(extreme).replaceFirst("1\\.0E308", "1e309"));

        for (Path f : new Path[] {extreme, infinite}) {
            HistoryCliTest.Result render = HistoryCliTest.run("render", f.toString(), "-o", dir.resolve("x.html").toString());
            assertEquals(ReportsCli.OK, render.code(), render.err());
            assertClean(render);
            HistoryCliTest.Result cmp = HistoryCliTest.run("compare", good.toString(), f.toString());
            assertClean(cmp);
            assertTrue(cmp.out().contains("is not a plausible time per call (a data error in the file"), cmp.out());
            HistoryCliTest.Result imp = HistoryCliTest.run("history", "import", f.toString(), "-H",
                    dir.resolve("h.db").toString());
            assertEquals(ReportsCli.OK, imp.code(), imp.out() + imp.err());
            assertClean(imp);
        }
        assertEquals(ReportsCli.OK, HistoryCliTest.run("history", "report", "-H", dir.resolve("h.db").toString(), "-o",
                dir.resolve("h.html").toString()).code());
    }

    @Test
    void aNanTokenIsMalformedJsonWithItsPosition() throws Exception {
        Path nan = dir.resolve("nan.json");
        Files.writeString(nan, JsonReports.toJson(ReportFixtures.golden()).replaceFirst("\"median\" : 0.0125",
                "\"median\" : NaN"));
        HistoryCliTest.Result r = HistoryCliTest.run("render", nan.toString());
        assertEquals(ReportsCli.ERROR, r.code());
        assertTrue(r.err().matches("sns-reports: " + java.util.regex.Pattern.quote(nan.toString())
                + ": line \\d+, column \\d+: malformed JSON: [^\n]*\n"), r.err());
    }

    /**
     * A 40 MB results.json under -Xmx48m (in a child JVM): "too large for the heap" with the -Xmx to
     * use, exit 2, no OutOfMemoryError and no stack trace. The reader streams: the same file reads
     * under a heap a little over its in-memory size (checked in the same child with -Xmx512m).
     */
    @Test
    void aFileTooLargeForTheHeapSaysWhichXmxToUse() throws Exception {
        Path big = dir.resolve("big.json");
        String head = JsonReports.toJson(ReportFixtures.run(ReportFixtures.bench("A", 1.0, 1.1)));
        int at = head.indexOf("\"millis\" : [") + "\"millis\" : [".length();
        int end = head.indexOf(']', at);
        int samples = 2_500_000;
        try (BufferedWriter w = Files.newBufferedWriter(big, StandardCharsets.UTF_8)) {
            w.write(head, 0, at);
            for (int i = 0; i < samples; i++) {
                w.write(i == 0 ? "0.012345678901234" : ",0.012345678901234");
            }
            String rest = head.substring(end);
            rest = rest.replaceFirst("\"window\" : \\[[^\\]]*\\]", "\"window\" : null")
                    .replaceFirst("\"fork\" : \\[[^\\]]*\\]", "\"fork\" : null");
            w.write(rest);
        }
        assertTrue(Files.size(big) > 40_000_000L, "the file is " + Files.size(big) + " bytes");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx48m",
                "-cp", System.getProperty("java.class.path"), ReportsCli.class.getName(), "render", big.toString(), "-o",
                dir.resolve("big.html").toString()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(ReportsCli.ERROR, p.waitFor(), err);
        assertEquals("", out);
        assertTrue(err.startsWith("sns-reports: " + big + ": too large for the heap: the file is "), err);
        assertTrue(err.contains("use -Xmx"), err);
        assertFalse(err.contains("OutOfMemoryError") || err.contains("\tat "), err);
    }

    @Test
    void everyCommandsHelpExits0WithoutPicocliWarnings() {
        PrintStream saved = System.err;
        ByteArrayOutputStream stray = new ByteArrayOutputStream();
        System.setErr(new PrintStream(stray, true, StandardCharsets.UTF_8));
        try {
            for (String[] c : new String[][] {{"render"}, {"compare"}, {"history"}, {"history", "list"},
                {"history", "show"}, {"history", "changes"}, {"history", "gate"}, {"history", "import"},
                {"history", "report"}}) {
                String[] args = java.util.Arrays.copyOf(c, c.length + 1);
                args[c.length] = "--help";
                HistoryCliTest.Result r = HistoryCliTest.run(args);
                assertEquals(ReportsCli.OK, r.code(), String.join(" ", c));
                assertTrue(r.out().contains("exit codes: 0 success and no regression, 1 a regression, 2"), r.out());
            }
        } finally {
            System.setErr(saved);
        }
        assertEquals("", stray.toString(StandardCharsets.UTF_8));
    }

    private static void assertClean(HistoryCliTest.Result r) {
        assertTrue(r.code() == ReportsCli.OK || r.code() == ReportsCli.ERROR || r.code() == ReportsCli.REGRESSION,
                "exit " + r.code() + ": " + r.err());
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception") || r.err().contains("internal error"),
                r.err());
    }

}
