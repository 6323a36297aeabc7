package dev.sns.jmh.faults;

import static dev.sns.jmh.faults.FaultRuns.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sns.jmh.host.HostRun;
import dev.sns.jmh.host.SnsMain;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/** Fault group "a benchmark's own exception": it is never hidden behind an sns error, and never loses the others. */
class BenchmarkExceptionFaultIT {
    private static final String LATE = "dev.sns.jmh.bench.I_LateThrowBench.late";
    private static final String ALWAYS = "dev.sns.jmh.bench.C_ThrowingBench.fail";
    private static final String CPU = "dev.sns.jmh.bench.B_CpuBench.burn";

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

    /**
     * I_LateThrowBench throws in measurement iteration 2 after iteration 1 sent its samples; C_ThrowingBench
     * throws in every iteration; B_CpuBench between them must still be measured.
     */
    @Test
    void aBenchmarksExceptionReachesTheConsoleAndResultsJsonAndTheOthersStillRun() throws Exception {
        FaultRuns.Outcome o = FaultRuns.snsMain("I_LateThrowBench|B_CpuBench|C_ThrowingBench", "out=" + tmp.resolve("out"));
        assertEquals(SnsMain.FAILED, o.rc(), o.toString());
        assertTrue(o.out().contains("sns: " + LATE + "@avgt: the benchmark threw java.lang.IllegalStateException: planned"),
                o.toString());
        assertTrue(o.err().contains(LATE + "@avgt failed: the benchmark threw java.lang.IllegalStateException: planned"),
                o.toString());
        assertTrue(o.err().contains(ALWAYS + "@avgt failed: the benchmark threw java.lang.IllegalStateException: "
                + "planned failure in C_ThrowingBench"), o.toString());
        assertFalse(o.both().contains("NoSuchElementException"), o.toString());

        JsonNode report = FaultRuns.json(tmp.resolve("out/results.json"));
        JsonNode late = entry(report, LATE);
        assertEquals("failed", late.get("status").asText(), late.toString());
        assertTrue(late.get("message").asText().startsWith("the benchmark threw java.lang.IllegalStateException: planned"),
                late.toString());
        assertTrue(late.get("message").asText().contains("at dev.sns.jmh.bench.I_LateThrowBench.late"), late.toString());
        JsonNode always = entry(report, ALWAYS);
        assertEquals("failed", always.get("status").asText(), always.toString());
        assertTrue(always.get("message").asText().contains("planned failure in C_ThrowingBench"), always.toString());
        assertEquals("ok", entry(report, CPU).get("status").asText());
        assertFalse(report.toString().contains("NoSuchElementException"), report.toString());
        assertTrue(Files.readString(tmp.resolve("out/report.html")).contains("planned"));
    }

    /** Under JMH's Runner with -foe true, the run stops with the benchmark's own exception, not one of sns's. */
    @Test
    void underJmhsRunnerFailOnErrorStopsWithTheBenchmarksOwnException() throws Exception {
        RunnerException e = assertThrows(RunnerException.class, () -> new Runner(new OptionsBuilder()
                .include("I_LateThrowBench").warmupIterations(1).warmupTime(TimeValue.milliseconds(100))
                .measurementIterations(3).measurementTime(TimeValue.milliseconds(100)).forks(1)
                .jvmArgsAppend("-Xmx256m", "-XX:TieredStopAtLevel=1")
                .addProfiler("sns", "out=" + tmp.resolve("runner-out"))
                .shouldFailOnError(true).verbosity(VerboseMode.SILENT).build()).run());
        StringBuilder chain = new StringBuilder();
        describe(e, chain);
        assertFalse(chain.toString().lines().anyMatch(l -> l.startsWith("dev.sns.")), "an sns exception in the chain:\n"
                + chain);
        assertTrue(chain.toString().contains("java.lang.IllegalStateException: planned\n"), chain.toString());
        assertFalse(chain.toString().contains("NoSuchElementException"), chain.toString());
        HostRun.current().finish();
        // JMH skips afterTrial when it stops at the failure: the entry is failed, never missing or ok.
        assertEquals("failed", entry(FaultRuns.json(tmp.resolve("runner-out/results.json")), LATE).get("status").asText());
    }

    /**
     * Under JMH's Runner without -foe (no sns Main to capture the exception's text), the fork's first
     * iteration came in and the rest did not: the entry is failed and names the iteration that threw.
     */
    @Test
    void underJmhsRunnerAPartialForkFailsTheBenchmarkNamingTheIteration() throws Exception {
        new Runner(new OptionsBuilder()
                .include("I_LateThrowBench").warmupIterations(1).warmupTime(TimeValue.milliseconds(100))
                .measurementIterations(3).measurementTime(TimeValue.milliseconds(100)).forks(1)
                .jvmArgsAppend("-Xmx256m", "-XX:TieredStopAtLevel=1")
                .addProfiler("sns", "out=" + tmp.resolve("runner-out"))
                .shouldFailOnError(false).verbosity(VerboseMode.SILENT).build()).run();
        HostRun.current().finish();
        JsonNode late = entry(FaultRuns.json(tmp.resolve("runner-out/results.json")), LATE);
        assertEquals("failed", late.get("status").asText(), late.toString());
        assertEquals("the benchmark threw in measurement iteration 2 of 3 of fork 1; its exception is in JMH's output "
                + "above (the sns Main also puts it here)", late.get("message").asText());
    }

    /** Each throwable of the chain (causes and JMH's suppressed fork errors) by class and message. */
    private static void describe(Throwable t, StringBuilder chain) {
        for (; t != null; t = t.getCause()) {
            chain.append(t.getClass().getName()).append(": ").append(t.getMessage()).append('\n');
            for (Throwable s : t.getSuppressed()) {
                describe(s, chain);
            }
        }
    }
}
