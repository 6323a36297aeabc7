package dev.sns.gpu;

import java.util.Objects;

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
 */
public record GpuDevice(int index, String name, String computeCapability, int smCount, long l2Bytes,
                        long memoryBytes, int maxSmClockMhz, int maxMemClockMhz, int memoryBusWidthBits,
                        String pciBusId) {
    public GpuDevice {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(computeCapability, "computeCapability");
        Objects.requireNonNull(pciBusId, "pciBusId");
        if (index < 0) {
            throw new IllegalArgumentException("device index must be at least 0, got " + index);
        }
    }
}
