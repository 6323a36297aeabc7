package dev.sns.gpu;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A GPU as the driver describes it.
 *
 * @param index CUDA device index
 * @param name marketing name, e.g. "NVIDIA H200"
 * @param computeCapability "major.minor", e.g. "9.0"
 * @param smCount streaming multiprocessors
 * @param l2Bytes L2 cache size in bytes
 * @param memoryBytes device memory in bytes
 * @param maxSmClockMhz highest SM clock in MHz (0 when unknown)
 * @param maxMemClockMhz highest memory clock in MHz (0 when unknown)
 * @param memoryBusWidthBits width of the DRAM bus in bits (0 when unknown)
 * @param pciBusId "domain:bus:device.0" in hex, for matching NVML and nvidia-smi
 * @param uuid "GPU-" and the device's 128-bit UUID in hex, as NVML and nvidia-smi write it ("" when
 *     the driver did not say): the name of this GPU whatever the device order
 */
@API(status = API.Status.STABLE, since = "0.2.0")
public record GpuDevice(int index, String name, String computeCapability, int smCount, long l2Bytes,
                        long memoryBytes, int maxSmClockMhz, int maxMemClockMhz, int memoryBusWidthBits,
                        String pciBusId, String uuid) {
    /**
     * Checks the description.
     *
     * @param index CUDA device index
     * @param name marketing name, e.g. "NVIDIA H200"
     * @param computeCapability "major.minor", e.g. "9.0"
     * @param smCount streaming multiprocessors
     * @param l2Bytes L2 cache size in bytes
     * @param memoryBytes device memory in bytes
     * @param maxSmClockMhz highest SM clock in MHz (0 when unknown)
     * @param maxMemClockMhz highest memory clock in MHz (0 when unknown)
     * @param memoryBusWidthBits width of the DRAM bus in bits (0 when unknown)
     * @param pciBusId "domain:bus:device.0" in hex, for matching NVML and nvidia-smi
     * @param uuid "GPU-" and the device's 128-bit UUID in hex, as NVML and nvidia-smi write it ("" when
     *     the driver did not say): the name of this GPU whatever the device order
     * @throws NullPointerException if a text field is null (unknown is "")
     * @throws IllegalArgumentException if {@code index} is negative
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public GpuDevice {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(computeCapability, "computeCapability");
        Objects.requireNonNull(pciBusId, "pciBusId");
        Objects.requireNonNull(uuid, "uuid");
        if (index < 0) {
            throw new IllegalArgumentException("device index must be at least 0, got " + index);
        }
    }

    /**
     * A device whose UUID is unknown.
     *
     * @param index CUDA device index
     * @param name marketing name, e.g. "NVIDIA H200"
     * @param computeCapability "major.minor", e.g. "9.0"
     * @param smCount streaming multiprocessors
     * @param l2Bytes L2 cache size in bytes
     * @param memoryBytes device memory in bytes
     * @param maxSmClockMhz highest SM clock in MHz (0 when unknown)
     * @param maxMemClockMhz highest memory clock in MHz (0 when unknown)
     * @param memoryBusWidthBits width of the DRAM bus in bits (0 when unknown)
     * @param pciBusId "domain:bus:device.0" in hex, for matching NVML and nvidia-smi
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public GpuDevice(int index, String name, String computeCapability, int smCount, long l2Bytes, long memoryBytes,
                     int maxSmClockMhz, int maxMemClockMhz, int memoryBusWidthBits, String pciBusId) {
        this(index, name, computeCapability, smCount, l2Bytes, memoryBytes, maxSmClockMhz, maxMemClockMhz,
                memoryBusWidthBits, pciBusId, "");
    }

    /**
     * This device under another CUDA index (the same GPU seen with another ordering).
     *
     * @param newIndex the other index
     * @return a copy with that index
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public GpuDevice withIndex(int newIndex) {
        return new GpuDevice(newIndex, name, computeCapability, smCount, l2Bytes, memoryBytes, maxSmClockMhz,
                maxMemClockMhz, memoryBusWidthBits, pciBusId, uuid);
    }

    /**
     * {@return how {@code nvidia-smi -i} names this GPU} Its UUID, else its PCI bus id, else its index
     * (right only where CUDA and NVML order the devices alike).
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public String smiSelector() {
        if (!uuid.isEmpty()) {
            return uuid;
        }
        return pciBusId.isEmpty() ? Integer.toString(index) : pciBusId;
    }

    /** {@return the index with what names the GPU, for messages} As "1 (NVIDIA H200, GPU-5f2c...)". */
    public String label() {
        return index + " (" + name + (uuid.isEmpty() ? pciBusId.isEmpty() ? "" : ", " + pciBusId : ", " + uuid) + ")";
    }
}
