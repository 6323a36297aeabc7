package dev.sns.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.model.EnvironmentFingerprint;
import java.util.List;
import org.junit.jupiter.api.Test;

class GpuBackendTest {
    @Test
    void detectionNeverThrowsAndExplainsAnAbsentGpu() {
        GpuBackend.Status s = GpuBackends.detect().probe();
        if (!s.available()) {
            assertFalse(s.reason().isBlank());
            assertTrue(s.devices().isEmpty());
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.device(0));
            assertTrue(e.getMessage().startsWith("no GPU: "), e.getMessage());
        } else {
            assertFalse(s.devices().isEmpty());
            assertTrue(s.reason().isEmpty());
        }
        assertEquals(s, GpuBackends.detect().probe(), "detection runs once");
    }

    @Test
    void deviceIndexOutOfRangeNamesTheDevices() {
        GpuBackend.Status s = new GpuBackend.Status(true, "", List.of(
                new GpuDevice(0, "NVIDIA H200", "9.0", 132, 60 << 20, 141L << 30, 1980, 3201, 6144, "00000000:19:00.0")), "13.0");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.device(3));
        assertTrue(e.getMessage().contains("device 3 does not exist: this machine has 1 CUDA device(s), indices 0..0"),
                e.getMessage());
    }

    @Test
    void fingerprintWithoutAGpuHasJavaAndSnsButNoGuesses() {
        EnvironmentFingerprint f = GpuEnvironment.capture(GpuBackends.detect(), null);
        assertEquals(System.getProperty("java.version"), f.javaVersion());
        assertFalse(f.snsVersion().isEmpty());
        assertEquals("12.6.0", f.jcudaVersion());
        assertEquals("", f.gpuName());
        assertEquals(-1, f.smCount());
    }
}
