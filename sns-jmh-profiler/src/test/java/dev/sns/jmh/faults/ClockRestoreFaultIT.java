package dev.sns.jmh.faults;

import static dev.sns.jmh.faults.FaultRuns.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sns.fakes.FakeNvidiaSmi;
import dev.sns.jmh.host.SnsMain;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fault group "the clocks cannot be restored": nvidia-smi locks the clocks but refuses to reset them
 * (mode fail-restore). The GPU was left changed, so the benchmark's tier is C with the reason, the run
 * lists the problem and exits 3. (The clock-lock record this leaves stays in the test's own state directory.)
 */
class ClockRestoreFaultIT {
    private static final String A = "dev.sns.jmh.bench.A_FakeGpuBench.spin@avgt:n=1";

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
    void aFailedRestoreMakesTheTierCWithTheReasonAndTheExitCodeThree() throws Exception {
        FakeNvidiaSmi smi = FakeNvidiaSmi.create(tmp).mode("fail-restore");
        java.io.ByteArrayOutputStream policyErr = new java.io.ByteArrayOutputStream();
        java.io.PrintStream saved = System.err;
        System.setErr(new java.io.PrintStream(policyErr, true)); // the policy's own alarm, asserted below
        FaultRuns.Outcome o;
        try {
            o = FaultRuns.snsMain("A_FakeGpuBench", "out=" + tmp.resolve("out") + ";clocks=lock:1500;smi="
                    + smi.executable(), "-v", "SILENT");
        } finally {
            System.setErr(saved);
        }
        assertTrue(policyErr.toString().contains("RESTORING THE GPU'S CLOCKS FAILED"), policyErr.toString());
        assertEquals(SnsMain.FAILED, o.rc(), o.toString());
        assertTrue(o.err().contains("sns: the run did not do everything it was asked to; exiting with 3:"), o.toString());
        assertTrue(o.err().contains("sns:   " + A + ": after fork 1: restoring the GPU's clocks failed:"), o.toString());

        JsonNode e = entry(FaultRuns.json(tmp.resolve("out/results.json")), A);
        assertEquals("ok", e.get("status").asText(), "measured, but not to be trusted: " + e);
        assertEquals("C", e.get("tier").asText(), e.toString());
        String reason = e.get("tierReasons").get(0).asText();
        assertTrue(reason.startsWith("the clocks could not be restored after fork 1: restoring the GPU's clocks failed:"),
                reason);
        // the sns Main names the GPU to nvidia-smi by its UUID (NVML's indices are not CUDA's)
        assertTrue(reason.contains(smi.executable() + " -i GPU-fa4e0000-0000-4000-8000-000000000000 -rgc  (exited 4: "
                + "Failed to reset GPU clocks)"), reason);
        assertEquals("1500", smi.read("sm"), "the fake really was left locked");
    }
}
