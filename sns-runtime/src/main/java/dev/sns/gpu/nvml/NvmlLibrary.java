package dev.sns.gpu.nvml;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;

/**
 * The NVML functions sns calls (interface mapping: symbols resolve on first use, so a function an
 * old driver lacks fails only when called). Every function returns an nvmlReturn_t (0 = success).
 */
interface NvmlLibrary extends Library {
    int NVML_SUCCESS = 0;
    int NVML_CLOCK_SM = 1;
    int NVML_CLOCK_MEM = 2;
    int NVML_TEMPERATURE_GPU = 0;

    int nvmlInit_v2();

    int nvmlShutdown();

    String nvmlErrorString(int result);

    int nvmlSystemGetDriverVersion(byte[] version, int length);

    int nvmlDeviceGetHandleByPciBusId_v2(String pciBusId, PointerByReference device);

    int nvmlDeviceGetHandleByIndex_v2(int index, PointerByReference device);

    int nvmlDeviceGetName(Pointer device, byte[] name, int length);

    int nvmlDeviceGetClockInfo(Pointer device, int type, IntByReference clockMhz);

    int nvmlDeviceGetMaxClockInfo(Pointer device, int type, IntByReference clockMhz);

    int nvmlDeviceGetCurrentClocksEventReasons(Pointer device, LongByReference reasons);

    int nvmlDeviceGetCurrentClocksThrottleReasons(Pointer device, LongByReference reasons);

    /** violTime: {referenceTime, violationTime} (nvmlViolationTime_t), nanoseconds. */
    int nvmlDeviceGetViolationStatus(Pointer device, int perfPolicyType, long[] violTime);

    int nvmlDeviceGetMemoryBusWidth(Pointer device, IntByReference bits);

    int nvmlDeviceGetTemperature(Pointer device, int sensorType, IntByReference celsius);

    int nvmlDeviceGetPowerUsage(Pointer device, IntByReference milliwatts);

    /** Millijoules since the driver loaded (Volta and newer); NOT_SUPPORTED elsewhere. */
    int nvmlDeviceGetTotalEnergyConsumption(Pointer device, LongByReference millijoules);

    int nvmlDeviceGetSupportedMemoryClocks(Pointer device, IntByReference count, int[] clocksMhz);

    int nvmlDeviceGetSupportedGraphicsClocks(Pointer device, int memoryClockMhz, IntByReference count, int[] clocksMhz);

    // The device inventory (listing, CUDA/NVML identity check).

    int nvmlDeviceGetCount_v2(IntByReference count);

    int nvmlDeviceGetUUID(Pointer device, byte[] uuid, int length);

    /** pci: an nvmlPciInfo_t (see {@link Nvml#PCI_INFO_BYTES} for its layout). */
    int nvmlDeviceGetPciInfo_v3(Pointer device, byte[] pci);

    // The board (NvmlBoard): which physical GPU, its limits and links.

    int nvmlDeviceGetSerial(Pointer device, byte[] serial, int length);

    int nvmlDeviceGetBoardPartNumber(Pointer device, byte[] partNumber, int length);

    int nvmlDeviceGetVbiosVersion(Pointer device, byte[] version, int length);

    /** Milliwatts. */
    int nvmlDeviceGetPowerManagementLimit(Pointer device, IntByReference milliwatts);

    /** Milliwatts. */
    int nvmlDeviceGetPowerManagementDefaultLimit(Pointer device, IntByReference milliwatts);

    /** current and pending: nvmlEnableState_t (0 disabled, 1 enabled). */
    int nvmlDeviceGetEccMode(Pointer device, IntByReference current, IntByReference pending);

    int nvmlDeviceGetCurrPcieLinkGeneration(Pointer device, IntByReference generation);

    int nvmlDeviceGetCurrPcieLinkWidth(Pointer device, IntByReference width);

    int nvmlDeviceGetMaxPcieLinkGeneration(Pointer device, IntByReference generation);

    int nvmlDeviceGetMaxPcieLinkWidth(Pointer device, IntByReference width);

    /** mode: nvmlEnableState_t. */
    int nvmlDeviceGetPersistenceMode(Pointer device, IntByReference mode);

    /** current and pending: NVML_DEVICE_MIG_DISABLE 0, NVML_DEVICE_MIG_ENABLE 1. */
    int nvmlDeviceGetMigMode(Pointer device, IntByReference current, IntByReference pending);

    int nvmlDeviceGetModuleId(Pointer device, IntByReference moduleId);
}
