package dev.sns.jmh.faults;

import static dev.sns.jmh.faults.FaultRuns.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sns.fakes.FakeNvidiaSmi;
import dev.sns.jmh.host.SnsMain;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fault group "a fork that hangs": the fork watch ends a fork past its time budget (forkTimeout), with
 * its clocks restored and the benchmark failed with the reason; no process is left behind and the run
 * goes on to the next benchmark.
 */
class ForkWatchFaultIT {
    private static final String HANG = "dev.sns.jmh.bench.J_HangingBench.hang";
    private static final String THEN = "dev.sns.jmh.bench.J_HangingBench.then";
    /**
     * The budget of every fork of the run: the hanging fork costs this long; the other fork must finish
     * in it (it takes about 2 s: a JVM start and 0.4 s of iterations), so it leaves 4x for a slow machine.
     */
    private static final int FORK_TIMEOUT_SECONDS = 8;

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

    /** Without the watch the run would hang (JMH waits for the fork forever): the limit makes that a failure. */
    @Test
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aHungForkIsEndedWithItsClocksRestoredAndTheRunGoesOn() throws Exception {
        FakeNvidiaSmi smi = FakeNvidiaSmi.create(tmp);
        FaultRuns.Outcome o = FaultRuns.snsMain("J_HangingBench", "out=" + tmp.resolve("out") + ";clocks=lock:1500;smi="
                + smi.executable() + ";forkTimeout=" + FORK_TIMEOUT_SECONDS, "-v", "SILENT");
        assertEquals(SnsMain.FAILED, o.rc(), o.toString());

        JsonNode report = FaultRuns.json(tmp.resolve("out/results.json"));
        JsonNode hang = entry(report, HANG);
        assertEquals("failed", hang.get("status").asText(), hang.toString());
        String message = hang.get("message").asText();
        assertTrue(message.startsWith("fork 1 ran past its time budget of " + FORK_TIMEOUT_SECONDS + " s"), message);
        Matcher pid = Pattern.compile("and was ended \\(pid (\\d+)\\)").matcher(message);
        assertTrue(pid.find(), message);
        long forkPid = Long.parseLong(pid.group(1));
        assertFalse(ProcessHandle.of(forkPid).map(ProcessHandle::isAlive).orElse(false), "the hung fork is still alive");
        assertTrue(ProcessHandle.current().descendants().noneMatch(p -> p.pid() == forkPid), "an orphan of the fork");
        assertTrue(o.err().contains(HANG + "@avgt failed: fork 1 ran past its time budget"), o.toString());

        assertEquals("ok", entry(report, THEN).get("status").asText(), "the run went on after the hung fork");
        assertEquals("A", entry(report, THEN).get("tier").asText(), "the next fork locked again: " + entry(report, THEN));
        assertEquals("345", smi.read("sm"), "the clocks were left locked");
        String gpu = "-i GPU-fa4e0000-0000-4000-8000-000000000000"; // nvidia-smi is given the GPU's UUID
        assertEquals(List.of(gpu + " -lgc 1500,1500", gpu + " -rgc", gpu + " -lgc 1500,1500", gpu + " -rgc"), smi.writes());
    }
}
