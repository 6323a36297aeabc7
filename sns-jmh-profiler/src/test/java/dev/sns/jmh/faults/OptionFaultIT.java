package dev.sns.jmh.faults;

import static dev.sns.jmh.faults.FaultRuns.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sns.fakes.FakeNvidiaSmi;
import dev.sns.jmh.host.SnsMain;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Fault groups "options checked before the first fork" and "a report directory that cannot be
 * written": through the sns Main, a bad value is one message naming it and exit 1 with nothing run
 * (no report directory made, no JMH output); {@code \;} puts a ';' into a path.
 */
class OptionFaultIT {
    private static final String A = "dev.sns.jmh.bench.A_FakeGpuBench.spin:n=1";

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

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "targetMs=1e308|sns option targetMs=1e308 is invalid: targetMs must be positive and at most 60000",
            "innerReps=2147483647|sns option innerReps=2147483647 is invalid: innerReps must be at most 1048576",
            "resamples=2147483647|sns option resamples=2147483647 is invalid: resamples must be between 100 and 1000000",
            "innerReps=99999999999|innerReps must be at most 2147483647, got '99999999999'",
            "rounds=99999999999|sns option rounds=99999999999 is invalid: rounds must be at most 2147483647",
            "forkTimeout=0|forkTimeout must be auto or at least 1 second, got 0",
            "=x|sns option '=x' has no key",
            "confidence=|sns option confidence= is invalid: confidence must be a number, got an empty value",
            "telemetryMs=NaN|telemetryMs must be between 0.1 and 60000 ms, got NaN",
    })
    void aBadValueIsOneMessageNamingItAndNothingRuns(String option, String expected) {
        Path out = tmp.resolve("out");
        FaultRuns.Outcome o = FaultRuns.snsMain("B_CpuBench", "out=" + out + ";" + option);
        assertEquals(SnsMain.USAGE, o.rc(), o.toString());
        List<String> lines = o.err().lines().filter(l -> !l.isBlank()).toList();
        assertEquals(1, lines.size(), o.toString());
        assertTrue(lines.get(0).contains(expected), o.toString());
        assertFalse(o.err().contains("empty String") || o.err().contains("Exception"), o.toString());
        assertFalse(o.out().contains("# Benchmark:"), "a fork ran:\n" + o);
        assertFalse(Files.exists(out), "the report directory was made before the options were checked");
    }

    /** A path under a regular file cannot be a directory, even for root (CI runs as root: no chmod tricks). */
    @Test
    void aReportDirectoryThatCannotBeMadeIsExitOneBeforeAnyFork() throws IOException {
        Path file = Files.writeString(tmp.resolve("a-file"), "not a directory");
        Path out = file.resolve("out");
        FaultRuns.Outcome o = FaultRuns.snsMain("B_CpuBench", "out=" + out);
        assertEquals(SnsMain.USAGE, o.rc(), o.toString());
        assertTrue(o.err().contains("sns: out=" + out + ": the report directory cannot be made"), o.toString());
        assertTrue(o.err().contains("choose another out=DIR"), o.toString());
        assertFalse(o.out().contains("# Benchmark:") || o.out().contains("# Fork:"), "a fork ran:\n" + o);
        assertEquals("not a directory", Files.readString(file));
        try (Stream<Path> all = Files.walk(tmp)) {
            assertTrue(all.noneMatch(p -> p.getFileName().toString().equals("results.json")), "a report was written");
        }
    }

    /** {@code out=} and {@code smi=} paths holding ';' (written {@code \;}) reach the host and the fork intact. */
    @Test
    void anEscapedSemicolonIsPartOfTheOutAndSmiPaths() throws Exception {
        FakeNvidiaSmi smi = FakeNvidiaSmi.create(Files.createDirectories(tmp.resolve("smi;dir")));
        Path out = tmp.resolve("out;dir");
        FaultRuns.Outcome o = FaultRuns.snsMain("A_FakeGpuBench", "clocks=lock:1500;smi="
                + smi.executable().toString().replace(";", "\\;") + ";out=" + out.toString().replace(";", "\\;"),
                "-v", "SILENT");
        assertEquals(SnsMain.OK, o.rc(), o.toString());
        JsonNode e = entry(FaultRuns.json(out.resolve("results.json")), A);
        assertEquals("ok", e.get("status").asText(), e.toString());
        assertEquals("A", e.get("tier").asText(), "locked through the fake nvidia-smi: " + e);
        String gpu = "-i GPU-fa4e0000-0000-4000-8000-000000000000"; // nvidia-smi is given the GPU's UUID
        assertEquals(List.of(gpu + " -lgc 1500,1500", gpu + " -rgc"), smi.writes());
        assertFalse(Files.exists(tmp.resolve("out")), "the path was cut at the ';'");
    }
}
