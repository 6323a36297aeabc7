package dev.sns.gpu.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.Sns;
import dev.sns.options.SnsOptions;
import dev.sns.fakes.GpuTest;
import dev.sns.gpu.GpuBackends;
import dev.sns.gpu.GpuEnvironment;
import dev.sns.gpu.GpuDevice;
import dev.sns.gpu.GpuSensors;
import dev.sns.gpu.nvml.Nvml;
import dev.sns.model.EnvironmentFingerprint;
import dev.sns.model.MeasurementTier;
import dev.sns.model.TimingResult;
import dev.sns.timing.TimerKind;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** NVML evidence, the fingerprint, and tiers on floating clocks. */
@GpuTest
class EvidenceGpuTest {
    @Test
    void fingerprintOfTheDeviceIsFilled() {
        GpuDevice d = GpuBackends.detect().probe().device(0);
        EnvironmentFingerprint f = GpuEnvironment.capture(GpuBackends.detect(), d);
        GpuReport.line("fingerprint: %s", f.asMap());
        GpuReport.line("device: %s", d);
        assertFalse(f.gpuName().isEmpty());
        assertFalse(f.cudaDriverVersion().isEmpty());
        assertFalse(f.nvmlDriverVersion().isEmpty());
        assertEquals(EnvironmentFingerprint.archFamily(f.computeCapability()), f.archFamily());
        assertTrue(f.smCount() > 0);
        assertTrue(f.l2Bytes() > 0);
        if (f.gpuName().contains("H200")) {
            assertEquals("9.0", f.computeCapability());
            assertEquals("Hopper", f.archFamily());
            assertEquals(132, f.smCount());
        }
    }

    @Test
    void floatingClocksGiveTierBWithNvmlEvidenceNeverA() throws Exception {
        TestKernels k = new TestKernels(0);
        TimingResult r = Sns.measure(k.spin(50_000), SnsOptions.builder().name("spin 50 us").timer(TimerKind.CUDA)
                .minSamplingMs(200).build());
        GpuReport.line("evidence: %s tier %s %s; %d SM clock samples, mean %.0f MHz, CV %.3f%%, range %.0f MHz; "
                        + "throttle %s; metadata %s; counters %s; temperature %s C",
                r.name(), r.tier(), r.tierReasons(), r.clocks().smClockSampleCount(), r.smClockMeanMhz(),
                r.smClockCvPercent(), r.smClockRangeMhz(), r.clocks().throttle().throttleReasons(),
                r.clocks().throttle().metadataReasons(), r.clocks().throttle().violationNanos(),
                Arrays.toString(Arrays.stream(r.clocks().temperatureC()).distinct().toArray()));
        assertTrue(r.clocks().smClockSampleCount() >= 2 * r.windowCount(), r.clocks().toString());
        assertTrue(r.clocks().source().startsWith("nvml"), r.clocks().source());
        assertFalse(r.clocks().throttle().violationNanos().isEmpty(), "NVML violation counters answered nothing");
        assertNotEquals(MeasurementTier.A, r.tier(), "unlocked clocks can never be tier A");
    }

    @Test
    void whatOneNvmlReadCosts() throws Exception {
        try (GpuSensors s = Nvml.open(GpuBackends.detect().probe().device(0))) {
            for (int i = 0; i < 200; i++) {
                s.smClockMhz();
            }
            int n = 2000;
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                s.smClockMhz();
            }
            long t1 = System.nanoTime();
            for (int i = 0; i < n / 10; i++) {
                s.violationNanos();
            }
            long t2 = System.nanoTime();
            GpuReport.line("NVML cost: one SM clock read %.2f us; the violation counters that answer (%s) %.2f us",
                    (t1 - t0) / 1e3 / n, s.violationNanos().keySet(), (t2 - t1) / 1e3 / (n / 10));
            assertTrue(s.smClockMhz() > 0);
        }
    }
}
