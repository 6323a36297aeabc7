package dev.sns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.clocks.ClockState;
import dev.sns.fakes.FakeBackend;
import dev.sns.fakes.FakeNvidiaSmi;
import dev.sns.fakes.FakeTelemetry;
import dev.sns.fakes.FakeTimer;
import dev.sns.model.TimingResult;
import dev.sns.options.SnsOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plain Java API under a clock policy whose restore fails (a fake nvidia-smi that locks but refuses
 * to reset): the measurement is an error naming the failed restore, never a result.
 */
class SnsEngineFaultsTest {
    @TempDir
    Path tmp;
    private String saved;

    @BeforeEach
    void ownStateDir() {
        saved = System.getProperty(ClockState.PROPERTY);
        System.setProperty(ClockState.PROPERTY, tmp.resolve("state").toString()); // the failed lock's record stays here
    }

    @AfterEach
    void putBack() {
        if (saved == null) {
            System.clearProperty(ClockState.PROPERTY);
        } else {
            System.setProperty(ClockState.PROPERTY, saved);
        }
    }

    private static SnsEngine engine(FakeTimer t) {
        List<String> log = new ArrayList<>();
        return new SnsEngine(new FakeBackend(t, new FakeTelemetry(t, FakeTelemetry.steady(1500, 4))), log::add);
    }

    @Test
    void aFailedRestoreIsAnErrorNamingIt() {
        FakeNvidiaSmi smi = FakeNvidiaSmi.create(tmp).mode("fail-restore");
        FakeTimer t = new FakeTimer();
        SnsOptions o = SnsOptions.builder().name("k").warmup(5).iterations(20).windows(4).innerReps(2)
                .clocks("lock:1500").smi(smi.executable().toString()).build();
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream saved = System.err;
        System.setErr(new java.io.PrintStream(err, true)); // the policy's own alarm, checked below
        SnsException e;
        try {
            e = assertThrows(SnsException.class, () -> engine(t).measure(t.work(1000), o));
        } finally {
            System.setErr(saved);
        }
        assertTrue(err.toString().contains("RESTORING THE GPU'S CLOCKS FAILED"), err.toString());
        assertTrue(e.getMessage().startsWith("measurement 'k': restoring the GPU's clocks failed:"), e.getMessage());
        // nvidia-smi names the GPU by its UUID: NVML's indices are not CUDA's
        assertTrue(e.getMessage().contains(smi.executable() + " -i GPU-fa4e0000-0000-4000-8000-000000000000 -rgc  "
                + "(exited 4: Failed to reset GPU clocks)"), e.getMessage());
    }

    @Test
    void theSameMeasurementWithARestoreThatWorksIsAResult() {
        FakeNvidiaSmi smi = FakeNvidiaSmi.create(tmp);
        FakeTimer t = new FakeTimer();
        TimingResult r = engine(t).measure(t.work(1000), SnsOptions.builder().name("k").warmup(5).iterations(20)
                .windows(4).innerReps(2).clocks("lock:1500").smi(smi.executable().toString()).build());
        assertEquals(0.001, r.medianMillis(), 1e-12);
        assertEquals("345", smi.read("sm"));
    }
}
