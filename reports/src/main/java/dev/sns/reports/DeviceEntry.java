package dev.sns.reports;

import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * One GPU a run measured on: what names it and its fingerprint (the environment its first fork
 * measured in: the same keys as the report's {@code fingerprint}). Absolute times of two devices
 * compare only when their fingerprints are equal.
 *
 * @param index CUDA index (the {@code devices} option's)
 * @param name e.g. "NVIDIA H200"
 * @param uuid "GPU-..." ("" when the driver did not say)
 * @param pciBusId "domain:bus:device.function" in hex
 * @param fingerprint the environment of the device's first fork (empty until one reported)
 */
public record DeviceEntry(Integer index, String name, String uuid, String pciBusId, Map<String, String> fingerprint) {
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public DeviceEntry {
        fingerprint = new TreeMap<>(fingerprint == null ? Map.of() : fingerprint);
    }

    /** This device with its fingerprint. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public DeviceEntry withFingerprint(Map<String, String> newFingerprint) {
        return new DeviceEntry(index, name, uuid, pciBusId, newFingerprint);
    }

    /** What an entry measured on this device records. */
    public BenchmarkEntry.Device ref() {
        return new BenchmarkEntry.Device(index, name, uuid, pciBusId);
    }
}
