package dev.sns.jmh.faults;

import static dev.sns.jmh.faults.FaultRuns.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sns.jmh.host.SnsMain;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fault group "a fork lost to kill -9": a benchmark that kept one of its two forks is measured from that
 * one and says, in results.json and on the console, that the other is missing; one that lost every fork
 * is failed, never ok; the run exits 3 naming both.
 */
class LostForkFaultIT {
    private static final String HALF = "dev.sns.jmh.bench.K_SecondForkDiesBench.work";
    private static final String ALL = "dev.sns.jmh.bench.E_DyingBench.spin";

    @TempDir
    Path tmp;
    private String[] saved;

    @BeforeEach
    void fakeGpu() {
        saved = FaultRuns.before(tmp.resolve("clock-state"));
    }

    @AfterEach
    void putBack() {
        FaultRuns.after(saved);
    }

    @Test
    void aLostForkIsNotedAndABenchmarkThatLostEveryForkFailed() throws Exception {
        FaultRuns.Outcome o = FaultRuns.snsMainWithForkOptions("E_DyingBench|K_SecondForkDiesBench", "out=" + tmp.resolve("out"),
                "-Dmarker=" + tmp.resolve("first-fork-started"), "-f", "2", "-v", "SILENT");
        assertEquals(SnsMain.FAILED, o.rc(), o.toString());
        JsonNode report = FaultRuns.json(tmp.resolve("out/results.json"));

        JsonNode half = entry(report, HALF);
        assertEquals("ok", half.get("status").asText(), half.toString());
        assertEquals("1 fork(s) did not report (killed, crashed or failed) and are not included",
                half.get("message").asText(), "an ok entry missing a fork must say so");
        assertEquals(1, half.get("summary").get("forks").asInt(), half.toString());
        assertEquals(3, half.get("summary").get("windows").asInt(), "the first fork's 3 iterations");
        assertTrue(o.out().lines().anyMatch(l -> l.startsWith(HALF + "@avgt ")), "its row in the summary: " + o);
        assertTrue(o.err().contains("sns:   " + HALF + "@avgt: 1 fork(s) did not report"), o.toString());

        JsonNode all = entry(report, ALL);
        assertEquals("failed", all.get("status").asText(), all.toString());
        assertEquals("no measurement fork finished (see JMH's output above)", all.get("message").asText());
        assertTrue(o.err().contains("sns:   " + ALL + "@avgt failed: no measurement fork finished"), o.toString());
    }
}
