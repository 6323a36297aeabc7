package dev.sns.gpu;

import java.util.List;
import java.util.Objects;

/**
 * Every device as the sensor library (NVIDIA: NVML) sees it, in that library's own order, or why it
 * could not be read. NVML numbers devices by PCI bus; CUDA (by default) fastest first, and after
 * {@code CUDA_VISIBLE_DEVICES}: the two are matched by UUID or PCI bus id ({@link DeviceIdentity}).
 *
 * @param available whether the library answered
 * @param reason why not, with the fix ("" when available)
 * @param devices the devices in the library's order
 */
public record SensorInventory(boolean available, String reason, List<Device> devices) {
    public SensorInventory {
        Objects.requireNonNull(reason, "reason");
        devices = List.copyOf(devices);
    }

    /** An inventory that could not be read, with the reason. */
    public static SensorInventory unavailable(String reason) {
        return new SensorInventory(false, reason, List.of());
    }

    /** The devices as read. */
    public static SensorInventory of(List<Device> devices) {
        return new SensorInventory(true, "", devices);
    }

    /**
     * One device as the sensor library describes it. Clocks in MHz; NaN (now) or 0 (max) where a read
     * failed.
     *
     * @param index the library's own index (nvidia-smi's), not CUDA's
     * @param name the library's name for the device
     * @param uuid "GPU-..." ("" when unread)
     * @param pciBusId "domain:bus:device.function" in hex ("" when unread)
     * @param smClockMhz SM clock now
     * @param memClockMhz memory clock now
     * @param maxSmClockMhz highest SM clock
     * @param maxMemClockMhz highest memory clock
     */
    public record Device(int index, String name, String uuid, String pciBusId, double smClockMhz, double memClockMhz,
                         int maxSmClockMhz, int maxMemClockMhz) {
        public Device {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(uuid, "uuid");
            Objects.requireNonNull(pciBusId, "pciBusId");
        }
    }
}
