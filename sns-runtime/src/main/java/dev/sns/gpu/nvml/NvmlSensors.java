package dev.sns.gpu.nvml;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import dev.sns.gpu.GpuSensors;
import dev.sns.gpu.ThrottleClassifier;
import java.util.Map;
import java.util.TreeMap;

/**
 * One device's NVML readings. Reads are safe from one thread at a time per object (synchronized);
 * {@code SampledTelemetry} makes them all on its sampler thread.
 */
final class NvmlSensors implements GpuSensors {
    private final NvmlLibrary lib;
    private final Pointer device;
    private final String description;
    private final IntByReference intOut = new IntByReference();
    private final LongByReference longOut = new LongByReference();
    private final long[] violation = new long[2];
    private boolean eventReasonsMissing;
    /** Counters that failed once are not asked again: an unsupported one costs a slow error each time. */
    private final java.util.Set<String> unsupportedCounters = new java.util.HashSet<>();

    NvmlSensors(NvmlLibrary lib, Pointer device, String pciBusId, String driverVersion) {
        this.lib = lib;
        this.device = device;
        this.description = "nvml " + driverVersion + ", device " + pciBusId;
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public synchronized double smClockMhz() {
        return clock(NvmlLibrary.NVML_CLOCK_SM);
    }

    @Override
    public synchronized double memClockMhz() {
        return clock(NvmlLibrary.NVML_CLOCK_MEM);
    }

    private double clock(int type) {
        return lib.nvmlDeviceGetClockInfo(device, type, intOut) == NvmlLibrary.NVML_SUCCESS ? intOut.getValue() : Double.NaN;
    }

    @Override
    public synchronized long clockEventReasons() {
        if (!eventReasonsMissing) {
            try {
                return lib.nvmlDeviceGetCurrentClocksEventReasons(device, longOut) == NvmlLibrary.NVML_SUCCESS
                        ? longOut.getValue() : -1;
            } catch (UnsatisfiedLinkError e) {
                eventReasonsMissing = true; // drivers before the rename only have the throttle-reasons name
            }
        }
        return lib.nvmlDeviceGetCurrentClocksThrottleReasons(device, longOut) == NvmlLibrary.NVML_SUCCESS
                ? longOut.getValue() : -1;
    }

    @Override
    public synchronized Map<String, Long> violationNanos() {
        Map<String, Long> out = new TreeMap<>();
        ThrottleClassifier.COUNTERS.forEach((name, policy) -> {
            if (!ThrottleClassifier.READ_COUNTERS.contains(name) || unsupportedCounters.contains(name)) {
                return;
            }
            if (lib.nvmlDeviceGetViolationStatus(device, policy, violation) == NvmlLibrary.NVML_SUCCESS) {
                out.put(name, violation[1]);
            } else {
                unsupportedCounters.add(name);
            }
        });
        return out;
    }

    @Override
    public synchronized double temperatureC() {
        return lib.nvmlDeviceGetTemperature(device, NvmlLibrary.NVML_TEMPERATURE_GPU, intOut) == NvmlLibrary.NVML_SUCCESS
                ? intOut.getValue() : Double.NaN;
    }

    @Override
    public synchronized double powerW() {
        return lib.nvmlDeviceGetPowerUsage(device, intOut) == NvmlLibrary.NVML_SUCCESS ? intOut.getValue() / 1000.0 : Double.NaN;
    }

    @Override
    public void close() {
        // NVML stays initialised for the JVM's life: other telemetry objects may share it.
    }
}
