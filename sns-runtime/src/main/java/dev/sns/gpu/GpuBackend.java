package dev.sns.gpu;

import dev.sns.model.BoardIdentity;
import dev.sns.model.DevicePeaks;
import dev.sns.model.Precision;
import dev.sns.options.DeviceSelection;
import dev.sns.options.SnsOptions;
import dev.sns.timing.EnergyCounter;
import dev.sns.timing.KernelRecorder;
import dev.sns.timing.Timer;
import java.util.List;
import org.apiguardian.api.API;

/**
 * A kind of GPU sns can time: found through {@link java.util.ServiceLoader} (a line in
 * {@code META-INF/services/dev.sns.gpu.GpuBackend}) and chosen by {@link GpuBackends#detect()}. The
 * NVIDIA backend ({@code dev.sns.gpu.nvidia}) is the one sns ships; another vendor's is one package
 * implementing this interface plus one services line, and the tests register a fake the same way.
 *
 * <p>A backend finds its devices without ever throwing ({@link #probe()}), opens a {@link Timer}
 * on a device for the measurement's options, and opens the device's telemetry. Everything above
 * this interface (the engine, the JMH profiler) never names a backend.
 */
@API(status = API.Status.STABLE, since = "0.2.0")
public interface GpuBackend {
    /** {@return the backend's name, e.g. "nvidia"} {@code -Dsns.backend=NAME} selects it. */
    String name();

    /**
     * {@return whether detection may choose this backend without being told to} True for real GPUs,
     * false for fakes that must be selected by name.
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    default boolean autoSelect() {
        return true;
    }

    /**
     * The devices, found once and remembered. Never throws: a missing driver or library is
     * "unavailable" with the reason and the fix.
     *
     * @return what the probe found: the devices and the driver's version, or why there is no GPU
     */
    Status probe();

    /**
     * Opens a timer on a device.
     *
     * @param device one of {@link #probe()}'s devices
     * @param options the measurement's options (launch mode, flush, event stream, streams)
     * @return a timer whose {@link Timer#stream()} is where the work is launched
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    Timer openTimer(GpuDevice device, SnsOptions options);

    /**
     * The device's clock and throttle telemetry.
     *
     * @param device one of {@link #probe()}'s devices
     * @param options the measurement's options (the telemetry period)
     * @return the telemetry, or {@link GpuTelemetry#none} with the reason when its sensors cannot be
     *     read (never an exception for a missing library)
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    GpuTelemetry openTelemetry(GpuDevice device, SnsOptions options);

    /**
     * A recorder of the kernels a device runs (NVIDIA: CUPTI), for the kernel pass.
     *
     * @param device one of {@link #probe()}'s devices
     * @param options the measurement's options
     * @return the recorder; one that says why when there is none (never an exception for a missing
     *     library). By default: none.
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    default KernelRecorder openKernelRecorder(GpuDevice device, SnsOptions options) {
        return KernelRecorder.unavailable("the " + name() + " backend records no kernels");
    }

    /**
     * The device's cumulative energy counter (NVIDIA: NVML's total energy consumption), for energy
     * windows.
     *
     * @param device one of {@link #probe()}'s devices
     * @param options the measurement's options
     * @return the counter; one that says why when there is none (pre-Volta, vGPU, a MIG instance, no
     *     NVML: never an exception for a missing library). By default: none.
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    default EnergyCounter openEnergyCounter(GpuDevice device, SnsOptions options) {
        return EnergyCounter.unavailable("the " + name() + " backend has no energy counter");
    }

    /**
     * The device's peak DRAM bandwidth and peak arithmetic rate, from its own attributes, for the
     * share of peak of results with declared bytes or flops.
     *
     * @param device one of {@link #probe()}'s devices
     * @param precision the precision of the arithmetic rate
     * @return the peaks; unknown ones are NaN with the reason (by default both are)
     */
    default DevicePeaks peaks(GpuDevice device, Precision precision) {
        return DevicePeaks.unknown(precision, "the " + name() + " backend knows no peak rates");
    }

    /**
     * Every device as the sensor library (NVIDIA: NVML) sees it, in its own order, with its clocks now
     * and at most: for the device listing and to check that both libraries mean the same GPU (matched
     * by UUID or PCI bus id, never by index: the two number devices differently). Never throws.
     *
     * @return the inventory, or one that says why there is none (by default: none)
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    default SensorInventory sensorInventory() {
        return SensorInventory.unavailable("the " + name() + " backend has no sensor library");
    }

    /**
     * The physical board of a device: which GPU of its model it is (UUID, serial, VBIOS, power limits,
     * PCIe link, ...). Never throws: a field the backend cannot read is absent with the reason.
     *
     * @param device the device
     * @return its board (by default one of which nothing is known, saying why)
     */
    default BoardIdentity board(GpuDevice device) {
        return BoardIdentity.unknown("the " + name() + " backend reads no board");
    }

    /** {@return the version of the sensor library (NVIDIA: NVML's driver version)} "" when unknown, the default. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    default String sensorsVersion() {
        return "";
    }

    /**
     * What a probe found.
     *
     * @param available whether at least one device answered
     * @param reason why not, with the fix (empty when available)
     * @param devices the devices, by index
     * @param driverVersion the driver API's version, e.g. CUDA "13.0" (empty when unavailable)
     */
    record Status(boolean available, String reason, List<GpuDevice> devices, String driverVersion) {
        /**
         * Copies the devices.
         *
         * @param available whether at least one device answered
         * @param reason why not, with the fix (empty when available)
         * @param devices the devices, by index
         * @param driverVersion the driver API's version, e.g. CUDA "13.0" (empty when unavailable)
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Status {
            devices = List.copyOf(devices);
        }

        /**
         * No GPU, and why.
         *
         * @param reason why, with the fix
         * @return a status with no devices and no driver version
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public static Status unavailable(String reason) {
            return new Status(false, reason, List.of(), "");
        }

        /**
         * The device at an index.
         *
         * @param index a CUDA index
         * @return the device
         * @throws IllegalStateException if there is no GPU, saying why
         * @throws IllegalArgumentException if there is no device at that index, naming the devices there are
         */
        public GpuDevice device(int index) {
            if (!available) {
                throw new IllegalStateException("no GPU: " + reason);
            }
            if (index < 0 || index >= devices.size()) {
                throw new IllegalArgumentException("device " + index + " does not exist: this machine has "
                        + devices.size() + " CUDA device(s), indices 0.." + (devices.size() - 1) + ": " + names());
            }
            return devices.get(index);
        }

        /**
         * The devices {@code selection} names, in its order (all: by index). An index past the count, a
         * UUID prefix that names no device or several, or one device named twice is an error naming
         * the devices there are.
         *
         * @param selection the option {@code devices}
         * @return the devices it names, in its order
         * @throws IllegalStateException if there is no GPU, saying why
         * @throws IllegalArgumentException if it names a device that is not there, or one twice
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public List<GpuDevice> select(DeviceSelection selection) {
            if (!available) {
                throw new IllegalStateException("no GPU: " + reason);
            }
            if (selection.all()) {
                return devices;
            }
            List<GpuDevice> out = new java.util.ArrayList<>();
            for (String token : selection.tokens()) {
                GpuDevice d = DeviceSelection.isIndex(token) ? byIndex(selection, token) : byUuid(selection, token);
                if (out.contains(d)) {
                    throw new IllegalArgumentException("devices=" + selection + " names device " + d.label() + " twice");
                }
                out.add(d);
            }
            return List.copyOf(out);
        }

        private GpuDevice byIndex(DeviceSelection selection, String token) {
            int i = Integer.parseInt(token);
            if (i >= devices.size()) {
                throw new IllegalArgumentException("devices=" + selection + ": there is no CUDA device " + i + ", this "
                        + "machine has " + devices.size() + " (" + names() + "); -prof sns:devices lists them");
            }
            return devices.get(i);
        }

        private GpuDevice byUuid(DeviceSelection selection, String prefix) {
            List<GpuDevice> found = devices.stream()
                    .filter(d -> d.uuid().toLowerCase(java.util.Locale.ROOT).startsWith(prefix.toLowerCase(java.util.Locale.ROOT)))
                    .toList();
            if (found.size() == 1) {
                return found.get(0);
            }
            throw new IllegalArgumentException("devices=" + selection + ": " + (found.isEmpty() ? "no device's UUID starts "
                    + "with " + prefix : prefix + " is the start of " + found.size() + " devices' UUIDs, give more of it")
                    + "; this machine has " + names() + " (-prof sns:devices lists them)");
        }

        /**
         * The driver API's version.
         *
         * @return {@link #driverVersion()}
         * @deprecated renamed in 0.2.0 (the driver is a backend's, not always CUDA's): use
         *     {@link #driverVersion()}; this one goes in the next release.
         */
        @Deprecated(since = "0.2.0", forRemoval = true)
        public String cudaDriverVersion() {
            return driverVersion;
        }

        /** {@return the devices' labels, for messages} As "0 (NVIDIA H200, GPU-5f2c...), 1 (...)"; "no device" when there is none. */
        public String names() {
            if (devices.isEmpty()) {
                return "no device";
            }
            return String.join(", ", devices.stream().map(GpuDevice::label).toList());
        }
    }

    /**
     * What this JVM's backend found: whether there is a GPU, why not, the devices and the driver.
     *
     * @return the status of {@link GpuBackends#detect()}'s backend
     * @deprecated since 0.2.0 the backend is chosen among those registered: use
     *     {@code GpuBackends.detect().probe()}; this one goes in the next release.
     */
    @Deprecated(since = "0.2.0", forRemoval = true)
    static Status detect() {
        return GpuBackends.detect().probe();
    }

    /**
     * A backend with no GPU at all, saying why in every answer.
     *
     * @param reason why there is no GPU, with the fix
     * @return a backend named "none" whose probe is unavailable with that reason and whose timer
     *     cannot be opened
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    static GpuBackend unavailable(String reason) {
        Status status = Status.unavailable(reason);
        return new GpuBackend() {
            @Override
            public String name() {
                return "none";
            }

            @Override
            public Status probe() {
                return status;
            }

            @Override
            public Timer openTimer(GpuDevice device, SnsOptions options) {
                throw new IllegalStateException("no GPU: " + reason);
            }

            @Override
            public GpuTelemetry openTelemetry(GpuDevice device, SnsOptions options) {
                return GpuTelemetry.none("no clock evidence: " + reason);
            }

            @Override
            public String toString() {
                return "no GPU backend (" + reason + ")";
            }
        };
    }
}
