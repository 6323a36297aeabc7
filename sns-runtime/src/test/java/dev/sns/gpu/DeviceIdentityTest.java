package dev.sns.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.fakes.FakeGpuBackend;
import dev.sns.options.DeviceSelection;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * CUDA and NVML number devices differently: they are matched by UUID and PCI bus id, never by index,
 * and a selection names CUDA devices by index or UUID prefix, refusing what names none.
 */
class DeviceIdentityTest {
    private static GpuDevice cuda(int index, String uuid, String pci) {
        return new GpuDevice(index, "GPU" + index, "9.0", 132, 60L << 20, 141L << 30, 1980, 3201, 6144, pci, uuid);
    }

    private static SensorInventory.Device nvml(int index, String uuid, String pci) {
        return new SensorInventory.Device(index, "nvml" + index, uuid, pci, 345, 3201, 1980, 3201);
    }

    private static final String U0 = "GPU-aaaaaaaa-0000-4000-8000-000000000000";
    private static final String U1 = "GPU-bbbbbbbb-0000-4000-8000-000000000001";
    private static final String U2 = "GPU-cccccccc-0000-4000-8000-000000000002";

    @AfterEach
    void oneFakeDevice() {
        System.clearProperty(FakeGpuBackend.DEVICES);
    }

    @Test
    void ordersDifferAndTheMatchGoesByUuidAndPciBusNeverByIndex() {
        // CUDA fastest first: its 0 is NVML's 2, its 2 is NVML's 0; NVML writes bus ids upper-case, 8-digit domains.
        List<GpuDevice> c = List.of(cuda(0, U2, "0000:c1:00.0"), cuda(1, U1, "0000:41:00.0"), cuda(2, U0, "0000:01:00.0"));
        SensorInventory n = SensorInventory.of(List.of(nvml(0, U0, "00000000:01:00.0"), nvml(1, U1, "00000000:41:00.0"),
                nvml(2, U2, "00000000:C1:00.0")));
        List<DeviceIdentity> ids = DeviceIdentity.match(c, n);
        assertEquals(List.of(2, 1, 0), ids.stream().map(i -> i.sensors().index()).toList());
        ids.forEach(i -> assertEquals(DeviceIdentity.Agreement.AGREE, i.agreement(), i.toString()));
    }

    @Test
    void disagreementsAreNamed() {
        SensorInventory n = SensorInventory.of(List.of(nvml(0, U0, "00000000:01:00.0"), nvml(1, U1, "00000000:41:00.0")));
        // the UUID says NVML 0, the bus says NVML 1
        assertEquals(DeviceIdentity.Agreement.CONFLICT, DeviceIdentity.match(cuda(0, U0, "0000:41:00.0"), n).agreement());
        // the UUID matches, the bus matches nothing
        assertEquals(DeviceIdentity.Agreement.CONFLICT, DeviceIdentity.match(cuda(0, U0, "0000:99:00.0"), n).agreement());
        // no UUID from CUDA (an old driver): the bus alone
        DeviceIdentity pci = DeviceIdentity.match(cuda(0, "", "0000:41:00.0"), n);
        assertEquals(DeviceIdentity.Agreement.PCI_ONLY, pci.agreement());
        assertEquals(1, pci.sensors().index());
        // neither
        DeviceIdentity none = DeviceIdentity.match(cuda(0, U2, "0000:c1:00.0"), n);
        assertEquals(DeviceIdentity.Agreement.NOT_FOUND, none.agreement());
        assertNull(none.sensors());
        assertEquals(DeviceIdentity.Agreement.NO_SENSORS,
                DeviceIdentity.match(cuda(0, U0, ""), SensorInventory.unavailable("no NVML")).agreement());
        assertTrue(DeviceIdentity.samePciBus("0000:3b:00.0", "00000000:3B:00.0"));
        assertTrue(!DeviceIdentity.samePciBus("", ""), "unknown ids match nothing");
    }

    @Test
    void theFakeNodeListsItsDevicesInBothOrders() {
        System.setProperty(FakeGpuBackend.DEVICES, "4");
        FakeGpuBackend fake = new FakeGpuBackend();
        List<DeviceIdentity> ids = DeviceIdentity.match(fake.probe().devices(), fake.sensorInventory());
        assertEquals(List.of(3, 2, 1, 0), ids.stream().map(i -> i.sensors().index()).toList(), "NVML's order is reversed");
        ids.forEach(i -> assertEquals(DeviceIdentity.Agreement.AGREE, i.agreement()));
        String listing = DeviceListing.format(fake, fake.probe().select(DeviceSelection.parse("1,3")));
        assertTrue(listing.startsWith("sns: 4 GPU(s) (fake backend, driver API 13.0), * = selected by devices\n"), listing);
        assertTrue(listing.contains("*  1     2     Fake H200  GPU-fa4e0001-0000-4000-8000-000000000001  00000000:01:00.0  "
                + "9.0  141.0 GiB  132  60 MiB  1500/1980"), listing);
        assertTrue(listing.contains("yes: UUID and PCI bus id"), listing);
        assertTrue(!listing.contains("WARNING"), listing);
    }

    @Test
    void aSelectionNamesDevicesOrSaysWhichThereAre() {
        System.setProperty(FakeGpuBackend.DEVICES, "2");
        GpuBackend.Status s = new FakeGpuBackend().probe();
        assertEquals(List.of(1, 0), s.select(DeviceSelection.parse("1,0")).stream().map(GpuDevice::index).toList());
        assertEquals(List.of(0, 1), s.select(DeviceSelection.parse("all")).stream().map(GpuDevice::index).toList());
        assertEquals(1, s.select(DeviceSelection.parse("GPU-fa4e0001")).get(0).index());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.select(DeviceSelection.parse("2")));
        assertEquals("devices=2: there is no CUDA device 2, this machine has 2 (0 (Fake H200, "
                + "GPU-fa4e0000-0000-4000-8000-000000000000), 1 (Fake H200, GPU-fa4e0001-0000-4000-8000-000000000001)); "
                + "-prof sns:devices lists them", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> s.select(DeviceSelection.parse("fa4e")));
        assertTrue(e.getMessage().contains("GPU-fa4e is the start of 2 devices' UUIDs, give more of it"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> s.select(DeviceSelection.parse("GPU-beef")));
        assertTrue(e.getMessage().contains("no device's UUID starts with GPU-beef"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> s.select(DeviceSelection.parse("1,GPU-fa4e0001")));
        assertTrue(e.getMessage().contains("names device 1 (Fake H200, GPU-fa4e0001-0000-4000-8000-000000000001) twice"),
                e.getMessage());
    }
}
