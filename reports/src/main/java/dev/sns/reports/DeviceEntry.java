package dev.sns.reports;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * One GPU a run measured on (an entry of results.json's {@code devices}): what names it, and its
 * fingerprint: the environment its first fork measured in, with the same keys as the report's
 * {@link RunReport#fingerprint()}. Absolute times of two devices compare only when their fingerprints
 * are equal. A benchmark measured on it names it by {@link #ref()}.
 *
 * @param index CUDA index, after {@code CUDA_VISIBLE_DEVICES} and in {@code CUDA_DEVICE_ORDER} (what the
 *     option {@code devices=i} names)
 * @param name e.g. "NVIDIA H200"
 * @param uuid "GPU-" and the 128-bit UUID as NVML and {@code nvidia-smi -L} write it ("" when the driver
 *     did not say); clock policies name the GPU to {@code nvidia-smi -i} by it
 * @param pciBusId "domain:bus:device.function" in hex
 * @param fingerprint the environment of the GPU's first fork, the keys of the report's
 *     {@code fingerprint}, sorted (empty, never null, until one reported)
 * @param board the GPU's physical board (UUID, serial, VBIOS, power limits, PCIe link, ...) as its first
 *     fork read it; null (left out of results.json) until one reported, and in files of an earlier sns
 */
public record DeviceEntry(Integer index, String name, String uuid, String pciBusId, Map<String, String> fingerprint,
                          @JsonInclude(JsonInclude.Include.NON_NULL) BoardEntry board) {
    /**
     * Copies the fingerprint sorted by key; a null one becomes empty.
     *
     * @param index CUDA index, after {@code CUDA_VISIBLE_DEVICES} and in {@code CUDA_DEVICE_ORDER} (what the option
     *     {@code devices=i} names)
     * @param name e.g. "NVIDIA H200"
     * @param uuid "GPU-" and the 128-bit UUID as NVML and {@code nvidia-smi -L} write it ("" when the driver did not
     *     say); clock policies name the GPU to {@code nvidia-smi -i} by it
     * @param pciBusId "domain:bus:device.function" in hex
     * @param fingerprint the environment of the GPU's first fork, the keys of the report's {@code fingerprint}, sorted
     *     (empty, never null, until one reported)
     * @param board the GPU's physical board as its first fork read it; null until one reported
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public DeviceEntry {
        fingerprint = new TreeMap<>(fingerprint == null ? Map.of() : fingerprint);
    }

    /**
     * A device whose board is not known (yet).
     *
     * @param index CUDA index
     * @param name e.g. "NVIDIA H200"
     * @param uuid "GPU-" and the 128-bit UUID ("" when the driver did not say)
     * @param pciBusId "domain:bus:device.function" in hex
     * @param fingerprint the environment of the GPU's first fork (empty until one reported)
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public DeviceEntry(Integer index, String name, String uuid, String pciBusId, Map<String, String> fingerprint) {
        this(index, name, uuid, pciBusId, fingerprint, null);
    }

    /**
     * This device with its fingerprint, once its first fork reported one.
     *
     * @param newFingerprint the environment's fields
     * @return a copy with that {@link #fingerprint()}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public DeviceEntry withFingerprint(Map<String, String> newFingerprint) {
        return new DeviceEntry(index, name, uuid, pciBusId, newFingerprint, board);
    }

    /**
     * This device with its board, once its first fork read it.
     *
     * @param newBoard the board
     * @return a copy with that {@link #board()}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public DeviceEntry withBoard(BoardEntry newBoard) {
        return new DeviceEntry(index, name, uuid, pciBusId, fingerprint, newBoard);
    }

    /**
     * What an entry measured on this device records as its {@link BenchmarkEntry#device()}.
     *
     * @return this device's index, name, uuid and PCI bus id, without the fingerprint
     */
    public BenchmarkEntry.Device ref() {
        return new BenchmarkEntry.Device(index, name, uuid, pciBusId);
    }
}
