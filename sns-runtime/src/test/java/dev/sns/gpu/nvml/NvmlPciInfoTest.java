package dev.sns.gpu.nvml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.gpu.DeviceIdentity;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The PCI bus id read from an nvmlPciInfo_t (char busIdLegacy[16]; unsigned int domain, bus, device,
 * pciDeviceId, pciSubSystemId; char busId[32]), as the driver fills it, in CUDA's spelling.
 */
class NvmlPciInfoTest {
    @Test
    void domainBusAndDeviceComeFromTheStruct() {
        ByteBuffer b = ByteBuffer.allocate(Nvml.PCI_INFO_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        b.put("0000:19:00.0".getBytes(StandardCharsets.US_ASCII));
        b.putInt(16, 0x0001).putInt(20, 0x19).putInt(24, 0x00).putInt(28, 0x233510de).putInt(32, 0x180710de);
        b.position(36);
        b.put("00000001:19:00.0".getBytes(StandardCharsets.US_ASCII));
        String id = Nvml.pciBusId(b.array());
        assertEquals("00000001:19:00.0", id);
        assertTrue(DeviceIdentity.samePciBus(id, "0001:19:00.0"), "CUDA's 4-digit domain names the same bus");
    }
}
