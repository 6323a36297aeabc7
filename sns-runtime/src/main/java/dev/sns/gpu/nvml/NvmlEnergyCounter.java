package dev.sns.gpu.nvml;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import dev.sns.timing.EnergyCounter;

/**
 * NVML's total-energy counter of one device ({@code nvmlDeviceGetTotalEnergyConsumption}, millijoules
 * since the driver loaded), with its power ({@code nvmlDeviceGetPowerUsage}) and temperature
 * sensors for the cross-check and the thermal evidence. Read by one thread at a time (the energy
 * watch's); its own buffers, so it never waits on the telemetry thread's sensors.
 */
final class NvmlEnergyCounter implements EnergyCounter {
    private final NvmlLibrary lib;
    private final Pointer device;
    private final LongByReference mj = new LongByReference();
    private final IntByReference out = new IntByReference();

    private NvmlEnergyCounter(NvmlLibrary lib, Pointer device) {
        this.lib = lib;
        this.device = device;
    }

    /** The counter, or one saying why it cannot be read (a first read that fails, with NVML's code). */
    static EnergyCounter open(NvmlLibrary lib, Pointer device) {
        int rc = lib.nvmlDeviceGetTotalEnergyConsumption(device, new LongByReference());
        if (rc != NvmlLibrary.NVML_SUCCESS) {
            return EnergyCounter.unavailable("nvmlDeviceGetTotalEnergyConsumption: error " + rc + " ("
                    + lib.nvmlErrorString(rc) + "); the energy counter needs a Volta or newer GPU, not a vGPU or MIG "
                    + "instance");
        }
        return new NvmlEnergyCounter(lib, device);
    }

    @Override
    public synchronized double millijoules() {
        return lib.nvmlDeviceGetTotalEnergyConsumption(device, mj) == NvmlLibrary.NVML_SUCCESS
                ? (double) mj.getValue() : Double.NaN;
    }

    @Override
    public synchronized double powerW() {
        return lib.nvmlDeviceGetPowerUsage(device, out) == NvmlLibrary.NVML_SUCCESS ? out.getValue() / 1000.0
                : Double.NaN;
    }

    @Override
    public synchronized double temperatureC() {
        return lib.nvmlDeviceGetTemperature(device, NvmlLibrary.NVML_TEMPERATURE_GPU, out) == NvmlLibrary.NVML_SUCCESS
                ? out.getValue() : Double.NaN;
    }
}
