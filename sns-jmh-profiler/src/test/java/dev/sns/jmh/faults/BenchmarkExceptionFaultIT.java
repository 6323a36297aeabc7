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
     * Under JMH's Runner without -foe (no sns Main to capture JMH's output), the fork's first iteration
     * came in and the rest did not: the entry is failed with the benchmark's exception (read from JMH's
     * link, as the sns Main reads it from JMH's output) and names the iteration that threw.
     */
    @Test
    void underJmhsRunnerAPartialForkFailsTheBenchmarkWithItsExceptionAndIteration() throws Exception {
        runner("I_LateThrowBench", "runner-out");
        JsonNode late = entry(FaultRuns.json(tmp.resolve("runner-out/results.json")), LATE);
        assertEquals("failed", late.get("status").asText(), late.toString());
        assertTrue(late.get("message").asText().startsWith("the benchmark threw java.lang.IllegalStateException: "
                + "planned\n  at dev.sns.jmh.bench.I_LateThrowBench.late(I_LateThrowBench.java:"), late.toString());
        assertTrue(late.get("message").asText().endsWith("; the benchmark threw in measurement iteration 2 of 3 of fork 1"),
                late.toString());
    }

    /**
     * Under JMH's Runner, a benchmark that throws in its first iteration leaves no afterTrial to sns (JMH
     * calls none for a fork without results): results.json and report.html still carry status failed,
     * the exception's message and its top frames, and the benchmark after it is measured.
     */
    @Test
    void underJmhsRunnerAnExceptionInTheFirstIterationReachesResultsJson() throws Exception {
        runner("C_ThrowingBench|B_CpuBench", "runner-out");
        JsonNode report = FaultRuns.json(tmp.resolve("runner-out/results.json"));
        JsonNode always = entry(report, ALWAYS);
        assertEquals("failed", always.get("status").asText(), always.toString());
        String message = always.get("message").asText();
        assertTrue(message.startsWith("the benchmark threw java.lang.IllegalStateException: planned failure in "
                + "C_ThrowingBench\n  at dev.sns.jmh.bench.C_ThrowingBench.fail(C_ThrowingBench.java:"), message);
        assertFalse(message.contains("no measurement fork finished"), message);
        assertEquals(4, message.lines().count(), "the message and three frames: " + message);
        assertEquals("ok", entry(report, CPU).get("status").asText());
        assertTrue(Files.readString(tmp.resolve("runner-out/report.html")).contains("planned failure in C_ThrowingBench"));
    }

    /** JMH's Runner (no sns Main) on {@code include}, one fork of 3 short iterations, the reports in {@code out}. */
    private void runner(String include, String out) throws RunnerException {
        new Runner(new OptionsBuilder()
                .include(include).warmupIterations(1).warmupTime(TimeValue.milliseconds(100))
                .measurementIterations(3).measurementTime(TimeValue.milliseconds(100)).forks(1)
                .jvmArgsAppend("-Xmx256m", "-XX:TieredStopAtLevel=1")
                .addProfiler("sns", "out=" + tmp.resolve(out))
                .shouldFailOnError(false).verbosity(VerboseMode.SILENT).build()).run();
        HostRun.current().finish();
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
