package dev.sns.gpu.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.Sns;
import dev.sns.Workload;
import dev.sns.fakes.GpuTest;
import dev.sns.gpu.DeviceIdentity;
import dev.sns.gpu.GpuBackend;
import dev.sns.gpu.GpuBackends;
import dev.sns.gpu.GpuDevice;
import dev.sns.gpu.SensorInventory;
import dev.sns.model.TimingResult;
import dev.sns.options.DeviceSelection;
import dev.sns.options.SnsOptions;
import dev.sns.timing.TimerKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every GPU of the host, on real hardware: the listing, CUDA's UUID and PCI bus id matched with
 * NVML's (read through the nvmlPciInfo_t layout), devices=all and devices=0 selecting what is there,
 * a device past the count refused with the devices named, and a measurement on the device it is given.
 */
@GpuTest
class DevicesGpuTest {
    @Test
    void theListingMatchesCudaAndNvmlByUuidAndPciBus() {
        GpuBackend backend = GpuBackends.detect();
        String listing = Sns.formatDevices();
        GpuReport.line("device listing:%n%s", listing.stripTrailing());
        List<GpuDevice> cuda = backend.probe().devices();
        SensorInventory nvml = backend.sensorInventory();
        assertTrue(nvml.available(), nvml.reason());
        for (DeviceIdentity id : DeviceIdentity.match(cuda, nvml)) {
            GpuReport.line("CUDA %d %s uuid=%s pci=%s <-> NVML %s: %s", id.device().index(), id.device().name(),
                    id.device().uuid(), id.device().pciBusId(), id.sensors() == null ? "-" : id.sensors().index()
                            + " uuid=" + id.sensors().uuid() + " pci=" + id.sensors().pciBusId(), id.agreement());
            assertTrue(id.device().uuid().startsWith("GPU-") && id.device().uuid().length() == 40, id.device().uuid());
            assertEquals(DeviceIdentity.Agreement.AGREE, id.agreement(), id.toString());
            assertTrue(id.sensors().maxSmClockMhz() > 0, "NVML's max SM clock: " + id.sensors());
        }
        assertTrue(listing.contains("yes: UUID and PCI bus id"), listing);
    }

    @Test
    void devicesAllAndZeroSelectWhatIsThereAndAnIndexPastTheCountIsRefused() {
        GpuBackend.Status s = GpuBackends.detect().probe();
        int n = s.devices().size();
        assertEquals(s.devices(), s.select(DeviceSelection.parse("all")));
        assertEquals(List.of(s.devices().get(0)), s.select(DeviceSelection.parse("0")));
        GpuDevice first = s.devices().get(0);
        assertEquals(List.of(first), s.select(DeviceSelection.parse(first.uuid().substring(0, 12))), "by UUID prefix");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> s.select(DeviceSelection.parse(Integer.toString(n))));
        GpuReport.line("devices=%d refused: %s", n, e.getMessage());
        assertTrue(e.getMessage().startsWith("devices=" + n + ": there is no CUDA device " + n + ", this machine has " + n),
                e.getMessage());
    }

    @Test
    void aMeasurementRunsOnTheDeviceItIsGiven() {
        GpuDevice d = Sns.devices(SnsOptions.builder().devices("all").build()).get(0);
        TestKernels k = new TestKernels(d.index());
        long bytes = 256L << 20;
        try (DeviceBuffer b = k.context.allocate(bytes)) {
            Workload memset = s -> b.fill32(0x5a5a5a5a, s);
            TimingResult r = Sns.measure(d, memset, SnsOptions.builder().name("memset 256 MiB on " + d.label())
                    .timer(TimerKind.CUDA).bytesPerCall(bytes).build());
            GpuReport.line("Sns.measure(device %s): %s", d.label(), r);
            assertTrue(r.gbPerSecond() > 1000, r.toString());
        }
    }
}
