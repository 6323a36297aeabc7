package dev.sns.jmh.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sns.gpu.GpuBackends;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sns Main over real JMH forks on a machine without a GPU (a failsafe test: it forks). */
class SnsMainIT {
    @TempDir
    Path tmp;

    @Test
    void withoutAGpuGpuBenchmarksAreSkippedWithOneLineAndTheRestRuns() throws Exception {
        assumeFalse(GpuBackends.detect().probe().available(), "this test is about machines without a GPU");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = SnsMain.run(new String[] {"F_NeedsGpuBench|B_CpuBench|A_FakeGpuBench", "-f", "1", "-wi", "1", "-i", "3",
                "-w", "100ms", "-r", "100ms", "-prof", "sns:out=" + tmp.resolve("out"), "-v", "SILENT"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String o = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, o + err);
        // said once: why, how many, which
        List<String> skips = o.lines().filter(l -> l.startsWith("sns: no GPU here")).toList();
        assertEquals(1, skips.size(), o);
        // the names as fit in one line under 160 characters: here Class.method
        assertEquals("sns: no GPU here (no CUDA driver): skipping 2 benchmark(s) that need one: A_FakeGpuBench.spin, "
                + "F_NeedsGpuBench.kernel; all in the reports", skips.get(0));
        assertTrue(!o.contains("Exception"), "no stack traces: " + o);
        assertTrue(o.contains("sns summary"), o);
        // stated once, at the end: the summary's row, and the reason it is not tier A below it (no line at finish)
        assertEquals(1, o.lines().filter(l -> l.startsWith("dev.sns.jmh.bench.B_CpuBench.burn@")).count(), o);
        assertEquals(1, o.lines().filter(l -> l.startsWith("sns: tier B, B_CpuBench.burn@")
                && l.contains(": no clock evidence (CPU benchmark)")).count(), o);
        assertTrue(o.lines().noneMatch(l -> l.startsWith("sns: dev.sns.jmh.bench.B_CpuBench")), o);
        JsonNode r = new ObjectMapper().readTree(tmp.resolve("out/results.json").toFile());
        int skipped = 0;
        int ok = 0;
        for (JsonNode b : r.get("benchmarks")) {
            skipped += b.get("status").asText().equals("skipped") ? 1 : 0;
            ok += b.get("status").asText().equals("ok") ? 1 : 0;
        }
        assertEquals(2, skipped, r.toString());
        assertEquals(1, ok, r.toString());
    }
}
