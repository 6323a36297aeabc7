package dev.sns.gpu.cuda;

import static dev.sns.gpu.cuda.CudaException.check;

import dev.sns.gpu.GpuDevice;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUuuid;
import jcuda.driver.JCudaDriver;
import org.apiguardian.api.API;

/** Enumerates CUDA devices; throws LinkageError where there is no driver (the caller turns it into a reason). */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public final class CudaProbe {
    private CudaProbe() {}

    /**
     * What the driver reports.
     *
     * @param devices every device, by CUDA index (empty when the driver sees none)
     * @param driverVersion the driver's CUDA version, e.g. "13.0"
     */
    public record Found(List<GpuDevice> devices, String driverVersion) {}

    /**
     * Initialises the driver and describes every device.
     *
     * @return the devices by CUDA index and the driver's version; no devices when it sees none
     * @throws CudaException if a driver call fails
     */
    public static Found probe() {
        CudaContext.init();
        int[] count = new int[1];
        check(JCudaDriver.cuDeviceGetCount(count), "cuDeviceGetCount", "");
        if (count[0] == 0) {
            return new Found(List.of(), "");
        }
        int[] version = new int[1];
        check(JCudaDriver.cuDriverGetVersion(version), "cuDriverGetVersion", "");
        List<GpuDevice> devices = new ArrayList<>();
        for (int i = 0; i < count[0]; i++) {
            CUdevice d = new CUdevice();
            check(JCudaDriver.cuDeviceGet(d, i), "cuDeviceGet", "ordinal=" + i);
            devices.add(describe(i, d));
        }
        String v = String.format(Locale.ROOT, "%d.%d", version[0] / 1000, (version[0] % 1000) / 10);
        return new Found(List.copyOf(devices), v);
    }

    static GpuDevice describe(int index, CUdevice d) {
        byte[] name = new byte[256];
        check(JCudaDriver.cuDeviceGetName(name, name.length, d), "cuDeviceGetName", "device=" + index);
        int len = 0;
        while (len < name.length && name[len] != 0) {
            len++;
        }
        long[] mem = new long[1];
        check(JCudaDriver.cuDeviceTotalMem(mem, d), "cuDeviceTotalMem", "device=" + index);
        int major = CudaContext.attribute(d, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, "CC_MAJOR");
        int minor = CudaContext.attribute(d, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, "CC_MINOR");
        int sms = CudaContext.attribute(d, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, "SM_COUNT");
        int l2 = CudaContext.attribute(d, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, "L2_CACHE_SIZE");
        int smKhz = optionalAttribute(d, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_CLOCK_RATE);
        int memKhz = optionalAttribute(d, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE);
        int busBits = optionalAttribute(d, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH);
        int domain = CudaContext.attribute(d, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID, "PCI_DOMAIN");
        int bus = CudaContext.attribute(d, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_PCI_BUS_ID, "PCI_BUS");
        int dev = CudaContext.attribute(d, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID, "PCI_DEVICE");
        return new GpuDevice(index, new String(name, 0, len, StandardCharsets.UTF_8), major + "." + minor, sms, l2,
                mem[0], smKhz / 1000, memKhz / 1000, busBits, String.format(Locale.ROOT, "%08x:%02x:%02x.0", domain, bus, dev),
                uuid(d));
    }

    /** The device's UUID as NVML and nvidia-smi write it ("GPU-" and 8-4-4-4-12 hex digits); "" when the driver does not say. */
    static String uuid(CUdevice d) {
        try {
            CUuuid u = new CUuuid();
            if (u.bytes == null) {
                u.bytes = new byte[16];
            }
            if (JCudaDriver.cuDeviceGetUuid(u, d) != 0 || u.bytes.length != 16) {
                return "";
            }
            return uuidText(u.bytes);
        } catch (RuntimeException | LinkageError e) {
            return ""; // an old driver or JCuda without the call: the device is named by its PCI bus id
        }
    }

    /** 16 bytes as "GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" (lower-case hex). */
    static String uuidText(byte[] b) {
        StringBuilder sb = new StringBuilder("GPU-");
        for (int i = 0; i < 16; i++) {
            if (i == 4 || i == 6 || i == 8 || i == 10) {
                sb.append('-');
            }
            sb.append(String.format(Locale.ROOT, "%02x", b[i] & 0xff));
        }
        return sb.toString();
    }

    /** An attribute some drivers no longer report (0 then). */
    private static int optionalAttribute(CUdevice d, int attribute) {
        int[] v = new int[1];
        return JCudaDriver.cuDeviceGetAttribute(v, attribute, d) == 0 ? v[0] : 0;
    }
}
