package dev.sns.jmh.faults;

import static dev.sns.jmh.faults.FaultRuns.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sns.fakes.FakeNvidiaSmi;
import dev.sns.gpu.GpuBackends;
import dev.sns.jmh.host.SnsMain;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fault group "a fork never starts": the clock policy cannot be applied before the first fork
 * (nvidia-smi fails every call), so nothing of the benchmark is measured: its entry says failed with
 * the reason, the run lists it and exits 3 (it once exited 0, the failure only in the report). And the
 * converse: {@code devices=all} on a host without a GPU leaves a CPU benchmark alone.
 */
class ClockPolicyFaultIT {
    private static final String A = "dev.sns.jmh.bench.A_FakeGpuBench.spin@avgt:n=1";
    private static final String B = "dev.sns.jmh.bench.B_CpuBench.burn";

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
    void aPolicyThatCannotBeAppliedFailsTheBenchmarkAndTheRunExitsThree() throws Exception {
        FakeNvidiaSmi smi = FakeNvidiaSmi.create(tmp).mode("fail");
        FaultRuns.Outcome o = FaultRuns.snsMain("A_FakeGpuBench", "out=" + tmp.resolve("out") + ";clocks=lock:1500;smi="
                + smi.executable(), "-v", "SILENT");
        assertEquals(SnsMain.FAILED, o.rc(), o.toString());
        assertTrue(o.err().contains("sns: the run did not do everything it was asked to; exiting with 3:"), o.toString());
        assertTrue(o.err().contains("sns:   " + A + " failed: sns: dev.sns.jmh.bench.A_FakeGpuBench.spin: clock policy "
                + "lock:1500 failed:"), o.toString());
        JsonNode e = entry(FaultRuns.json(tmp.resolve("out/results.json")), A);
        assertEquals("failed", e.get("status").asText(), e.toString());
    }

    @Test
    void devicesAllWithoutAGpuLeavesACpuBenchmarkAlone() throws Exception {
        System.setProperty(GpuBackends.PROPERTY, "none");
        FaultRuns.Outcome o = FaultRuns.snsMain("B_CpuBench", "out=" + tmp.resolve("cpu") + ";devices=all", "-v", "SILENT");
        assertEquals(SnsMain.OK, o.rc(), o.toString());
        JsonNode e = entry(FaultRuns.json(tmp.resolve("cpu/results.json")), B);
        assertEquals("ok", e.get("status").asText(), e.toString());
    }
}
