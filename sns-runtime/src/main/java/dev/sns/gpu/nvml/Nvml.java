package dev.sns.gpu.nvml;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import dev.sns.gpu.GpuDevice;
import dev.sns.gpu.GpuSensors;
import dev.sns.gpu.SensorInventory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Loads NVML once and opens devices. */
public final class Nvml {
    private static final Object LOCK = new Object();
    private static NvmlLibrary library;
    private static String loadFailure;

    private Nvml() {}

    /** The loaded library, initialised; or the reason it is unavailable. */
    static NvmlLibrary library() throws NvmlUnavailableException {
        synchronized (LOCK) {
            if (library == null && loadFailure == null) {
                load();
            }
            if (library == null) {
                throw new NvmlUnavailableException(loadFailure);
            }
            return library;
        }
    }

    private static void load() {
        List<String> tried = new ArrayList<>();
        for (String name : new String[] {"nvidia-ml", "libnvidia-ml.so.1"}) {
            try {
                NvmlLibrary lib = Native.load(name, NvmlLibrary.class);
                int rc = lib.nvmlInit_v2();
                if (rc != NvmlLibrary.NVML_SUCCESS) {
                    loadFailure = "NVML did not initialise (nvmlInit_v2: error " + rc + " " + lib.nvmlErrorString(rc)
                            + "). Check that the NVIDIA driver is loaded (nvidia-smi); without NVML there is no "
                            + "clock evidence and no tier A";
                    return;
                }
                library = lib;
                return;
            } catch (UnsatisfiedLinkError e) {
                tried.add(name + ": " + e.getMessage().lines().findFirst().orElse(""));
            }
        }
        loadFailure = "no NVML library (" + String.join("; ", tried) + "). It ships with the NVIDIA driver; "
                + "without it there is no clock evidence and no tier A";
    }

    /** NVML's driver version, e.g. "580.95.05". */
    public static String driverVersion() throws NvmlUnavailableException {
        NvmlLibrary lib = library();
        byte[] b = new byte[96];
        check(lib, lib.nvmlSystemGetDriverVersion(b, b.length), "nvmlSystemGetDriverVersion");
        return cString(b);
    }

    /** Sensors of a CUDA device, found by its PCI bus id (CUDA and NVML number devices differently). */
    public static GpuSensors open(GpuDevice device) throws NvmlUnavailableException {
        NvmlLibrary lib = library();
        PointerByReference ref = new PointerByReference();
        int rc = lib.nvmlDeviceGetHandleByPciBusId_v2(device.pciBusId(), ref);
        if (rc != NvmlLibrary.NVML_SUCCESS) {
            throw new NvmlUnavailableException("NVML has no device at PCI bus id " + device.pciBusId() + " (CUDA device "
                    + device.index() + "): error " + rc + " " + lib.nvmlErrorString(rc));
        }
        return new NvmlSensors(lib, ref.getValue(), device.pciBusId(), driverVersion());
    }

    /**
     * The device's energy counter, or one that says why it cannot be read (the read fails on GPUs
     * before Volta, in vGPUs and MIG instances); never throws for a missing library.
     */
    public static dev.sns.timing.EnergyCounter openEnergyCounter(GpuDevice device) {
        try {
            NvmlLibrary lib = library();
            PointerByReference ref = new PointerByReference();
            int rc = lib.nvmlDeviceGetHandleByPciBusId_v2(device.pciBusId(), ref);
            if (rc != NvmlLibrary.NVML_SUCCESS) {
                return dev.sns.timing.EnergyCounter.unavailable("NVML has no device at PCI bus id " + device.pciBusId()
                        + ": nvmlDeviceGetHandleByPciBusId_v2: error " + rc + " " + lib.nvmlErrorString(rc));
            }
            return NvmlEnergyCounter.open(lib, ref.getValue());
        } catch (NvmlUnavailableException e) {
            return dev.sns.timing.EnergyCounter.unavailable(e.getMessage());
        } catch (UnsatisfiedLinkError e) {
            return dev.sns.timing.EnergyCounter.unavailable("this NVML has no nvmlDeviceGetTotalEnergyConsumption ("
                    + e.getMessage() + "): update the NVIDIA driver");
        }
    }

    /**
     * The device's physical board (UUID, serial, VBIOS, part number, power limits, ECC, PCIe link now and
     * at most, persistence and MIG modes, module id), each field NVML does not answer absent with its
     * code's name; never throws (without NVML every field is absent with the reason).
     *
     * @param device the CUDA device, found in NVML by its PCI bus id
     * @return its board
     */
    public static dev.sns.model.BoardIdentity board(GpuDevice device) {
        try {
            NvmlLibrary lib = library();
            PointerByReference ref = new PointerByReference();
            int rc = lib.nvmlDeviceGetHandleByPciBusId_v2(device.pciBusId(), ref);
            if (rc != NvmlLibrary.NVML_SUCCESS) {
                return dev.sns.model.BoardIdentity.unknown("NVML has no device at PCI bus id " + device.pciBusId()
                        + " (" + NvmlBoard.reason(lib, rc) + ")");
            }
            return NvmlBoard.read(lib, ref.getValue());
        } catch (NvmlUnavailableException e) {
            return dev.sns.model.BoardIdentity.unknown("no sensor library: " + e.getMessage());
        }
    }

    /**
     * The device's highest SM and memory clocks (MHz) and its DRAM bus width (bits), each 0 where
     * NVML does not answer: for the peaks, where the CUDA driver does not report them.
     */
    public static int[] maxClocksAndBusWidth(GpuDevice device) throws NvmlUnavailableException {
        NvmlLibrary lib = library();
        PointerByReference ref = new PointerByReference();
        check(lib, lib.nvmlDeviceGetHandleByPciBusId_v2(device.pciBusId(), ref), "nvmlDeviceGetHandleByPciBusId_v2");
        Pointer d = ref.getValue();
        int[] out = new int[3];
        IntByReference v = new IntByReference();
        if (lib.nvmlDeviceGetMaxClockInfo(d, NvmlLibrary.NVML_CLOCK_SM, v) == NvmlLibrary.NVML_SUCCESS) {
            out[0] = v.getValue();
        }
        if (lib.nvmlDeviceGetMaxClockInfo(d, NvmlLibrary.NVML_CLOCK_MEM, v) == NvmlLibrary.NVML_SUCCESS) {
            out[1] = v.getValue();
        }
        try {
            if (lib.nvmlDeviceGetMemoryBusWidth(d, v) == NvmlLibrary.NVML_SUCCESS) {
                out[2] = v.getValue();
            }
        } catch (UnsatisfiedLinkError e) {
            out[2] = 0; // an old driver without the function
        }
        return out;
    }

    /**
     * Bytes of an nvmlPciInfo_t: char busIdLegacy[16], unsigned int domain, bus, device, pciDeviceId,
     * pciSubSystemId, char busId[32] (68 bytes; the buffer is larger, to spare a newer driver's tail).
     */
    static final int PCI_INFO_BYTES = 128;

    /**
     * Every device NVML sees, in NVML's order (nvidia-smi's), with its UUID, PCI bus id and clocks now
     * and at most; a field NVML does not answer is empty, NaN or 0.
     */
    public static SensorInventory inventory() {
        NvmlLibrary lib;
        try {
            lib = library();
        } catch (NvmlUnavailableException e) {
            return SensorInventory.unavailable(e.getMessage());
        }
        IntByReference count = new IntByReference();
        int rc = lib.nvmlDeviceGetCount_v2(count);
        if (rc != NvmlLibrary.NVML_SUCCESS) {
            return SensorInventory.unavailable("nvmlDeviceGetCount_v2: error " + rc + " " + lib.nvmlErrorString(rc));
        }
        List<SensorInventory.Device> out = new ArrayList<>();
        for (int i = 0; i < count.getValue(); i++) {
            PointerByReference ref = new PointerByReference();
            if (lib.nvmlDeviceGetHandleByIndex_v2(i, ref) != NvmlLibrary.NVML_SUCCESS) {
                out.add(new SensorInventory.Device(i, "(no handle)", "", "", Double.NaN, Double.NaN, 0, 0));
                continue;
            }
            Pointer d = ref.getValue();
            byte[] name = new byte[96];
            byte[] uuid = new byte[96];
            byte[] pci = new byte[PCI_INFO_BYTES];
            IntByReference v = new IntByReference();
            String n = lib.nvmlDeviceGetName(d, name, name.length) == NvmlLibrary.NVML_SUCCESS ? cString(name) : "";
            String u = lib.nvmlDeviceGetUUID(d, uuid, uuid.length) == NvmlLibrary.NVML_SUCCESS ? cString(uuid) : "";
            String bus = "";
            try {
                if (lib.nvmlDeviceGetPciInfo_v3(d, pci) == NvmlLibrary.NVML_SUCCESS) {
                    bus = pciBusId(pci);
                }
            } catch (UnsatisfiedLinkError e) {
                bus = ""; // a driver before the _v3 call: matched by UUID alone
            }
            double sm = lib.nvmlDeviceGetClockInfo(d, NvmlLibrary.NVML_CLOCK_SM, v) == NvmlLibrary.NVML_SUCCESS
                    ? v.getValue() : Double.NaN;
            double mem = lib.nvmlDeviceGetClockInfo(d, NvmlLibrary.NVML_CLOCK_MEM, v) == NvmlLibrary.NVML_SUCCESS
                    ? v.getValue() : Double.NaN;
            int maxSm = lib.nvmlDeviceGetMaxClockInfo(d, NvmlLibrary.NVML_CLOCK_SM, v) == NvmlLibrary.NVML_SUCCESS
                    ? v.getValue() : 0;
            int maxMem = lib.nvmlDeviceGetMaxClockInfo(d, NvmlLibrary.NVML_CLOCK_MEM, v) == NvmlLibrary.NVML_SUCCESS
                    ? v.getValue() : 0;
            out.add(new SensorInventory.Device(i, n, u, bus, sm, mem, maxSm, maxMem));
        }
        return SensorInventory.of(out);
    }

    /**
     * The PCI bus id of an nvmlPciInfo_t, from its domain, bus and device numbers (little-endian
     * unsigned ints at bytes 16, 20 and 24), written as CUDA's devices are: "%08x:%02x:%02x.0".
     */
    static String pciBusId(byte[] pci) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(pci).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        long domain = Integer.toUnsignedLong(b.getInt(16));
        long bus = Integer.toUnsignedLong(b.getInt(20));
        long device = Integer.toUnsignedLong(b.getInt(24));
        return String.format(java.util.Locale.ROOT, "%08x:%02x:%02x.0", domain, bus, device);
    }

    /** Supported {memory MHz -> SM clocks MHz} pairs of a device, highest first. */
    public static List<int[]> supportedClocks(GpuDevice device) throws NvmlUnavailableException {
        NvmlLibrary lib = library();
        PointerByReference ref = new PointerByReference();
        check(lib, lib.nvmlDeviceGetHandleByPciBusId_v2(device.pciBusId(), ref), "nvmlDeviceGetHandleByPciBusId_v2");
        Pointer d = ref.getValue();
        int[] mem = new int[64];
        IntByReference n = new IntByReference(mem.length);
        check(lib, lib.nvmlDeviceGetSupportedMemoryClocks(d, n, mem), "nvmlDeviceGetSupportedMemoryClocks");
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < n.getValue(); i++) {
            int[] gr = new int[512];
            IntByReference m = new IntByReference(gr.length);
            check(lib, lib.nvmlDeviceGetSupportedGraphicsClocks(d, mem[i], m, gr), "nvmlDeviceGetSupportedGraphicsClocks");
            for (int j = 0; j < m.getValue(); j++) {
                out.add(new int[] {mem[i], gr[j]});
            }
        }
        return out;
    }

    static void check(NvmlLibrary lib, int rc, String call) {
        if (rc != NvmlLibrary.NVML_SUCCESS) {
            throw new NvmlCallException(call, rc, lib.nvmlErrorString(rc));
        }
    }

    static String cString(byte[] b) {
        int len = 0;
        while (len < b.length && b[len] != 0) {
            len++;
        }
        return new String(b, 0, len, StandardCharsets.UTF_8);
    }
}
