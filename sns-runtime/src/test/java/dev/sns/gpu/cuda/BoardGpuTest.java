package dev.sns.gpu.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.Sns;
import dev.sns.fakes.GpuTest;
import dev.sns.gpu.GpuBackends;
import dev.sns.gpu.GpuDevice;
import dev.sns.model.BoardIdentity;
import dev.sns.options.SnsOptions;
import org.junit.jupiter.api.Test;

/**
 * Each GPU's board on real hardware, through NVML: its UUID is CUDA's for the device, and the fields
 * an H200 answers (seen on the GPU host: VBIOS 96.00.A5.00.1A, 700 W, PCIe gen 5 x16 at most) are
 * present and sane; a field NVML does not answer is absent with NVML's code, printed.
 */
@GpuTest
class BoardGpuTest {
    @Test
    void eachDevicesBoardIsReadWithItsUuidAndLimits() {
        for (GpuDevice d : GpuBackends.detect().probe().devices()) {
            BoardIdentity b = Sns.board(d);
            GpuReport.line("board of CUDA %d (%s): %s; absent: %s", d.index(), d.name(), b.asMap(), b.missing());
            assertEquals(d.uuid(), b.uuid().orElse("absent: " + b.missing().get("uuid")), "NVML's UUID is CUDA's");
            assertTrue(b.vbiosVersion().isPresent(), "VBIOS: " + b.missing().get("vbiosVersion"));
            double limit = b.powerLimitWatts().orElseThrow(() -> new AssertionError("power limit: "
                    + b.missing().get("powerLimitWatts")));
            assertTrue(limit > 50 && limit <= 1500, "power limit " + limit + " W");
            assertTrue(b.pcieMaxLinkGeneration().orElse(0) >= b.pcieLinkGeneration().orElse(0), b.asMap().toString());
            assertTrue(b.pcieMaxLinkWidth().orElse(1) > 0, b.asMap().toString());
            b.missing().values().forEach(why -> assertTrue(!why.isBlank(), "every absence says why"));
        }
        assertTrue(Sns.devices(SnsOptions.defaults()).size() > 0);
    }
}
