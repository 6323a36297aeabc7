package dev.sns.model;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * The toolchain and device a run happened on. Two runs' absolute times are comparable only when
 * their fingerprints match exactly; ratios compare anywhere.
 *
 * <p>This is the <em>environment</em>: what "comparable" means (the GPU model, driver, CUDA, JVM; the
 * clock policy is the run's option {@code clockPolicy}). Which physical board of that model a result
 * was taken on is not part of it: that is the {@link BoardIdentity} beside it, since boards of one
 * model are comparable and differ by an offset (which the history estimates per board).
 *
 * <p>A field that could not be read is the empty string (numbers: -1), never a guess. A
 * fingerprint of the JVM alone (no GPU) has every GPU field empty.
 *
 * @param javaVersion the JVM's {@code java.version}, e.g. "17.0.15"
 * @param javaVendor the JVM's {@code java.vendor}
 * @param snsVersion the sns version, as its build recorded it
 * @param jmhVersion the JMH on the classpath; empty for the plain Java API without JMH
 * @param jcudaVersion the JCuda version sns was built against
 * @param cudaDriverVersion the GPU driver API's version as the backend reports it (CUDA, e.g. "13.0")
 * @param nvmlDriverVersion the sensor library's version (NVIDIA: NVML's driver version); empty when
 *     the backend has none
 * @param gpuName the device's name, e.g. "NVIDIA H200"
 * @param computeCapability the device's compute capability, e.g. "9.0"
 * @param archFamily the architecture family of the compute capability ({@link #archFamily(String)})
 * @param smCount the device's number of streaming multiprocessors; -1 when unknown
 * @param l2Bytes the device's L2 cache size in bytes; -1 when unknown
 */
public record EnvironmentFingerprint(
        String javaVersion,
        String javaVendor,
        String snsVersion,
        String jmhVersion,
        String jcudaVersion,
        String cudaDriverVersion,
        String nvmlDriverVersion,
        String gpuName,
        String computeCapability,
        String archFamily,
        int smCount,
        long l2Bytes) {

    /**
     * Checks that no text field is null (unknown is the empty string).
     *
     * @param javaVersion the JVM's {@code java.version}, e.g. "17.0.15"
     * @param javaVendor the JVM's {@code java.vendor}
     * @param snsVersion the sns version, as its build recorded it
     * @param jmhVersion the JMH on the classpath; empty for the plain Java API without JMH
     * @param jcudaVersion the JCuda version sns was built against
     * @param cudaDriverVersion the GPU driver API's version as the backend reports it (CUDA, e.g. "13.0")
     * @param nvmlDriverVersion the sensor library's version (NVIDIA: NVML's driver version); empty when
     *     the backend has none
     * @param gpuName the device's name, e.g. "NVIDIA H200"
     * @param computeCapability the device's compute capability, e.g. "9.0"
     * @param archFamily the architecture family of the compute capability ({@link #archFamily(String)})
     * @param smCount the device's number of streaming multiprocessors; -1 when unknown
     * @param l2Bytes the device's L2 cache size in bytes; -1 when unknown
     * @throws NullPointerException if a text field is null, naming it
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")

    public EnvironmentFingerprint {
        Objects.requireNonNull(javaVersion, "javaVersion");
        Objects.requireNonNull(javaVendor, "javaVendor");
        Objects.requireNonNull(snsVersion, "snsVersion");
        Objects.requireNonNull(jmhVersion, "jmhVersion");
        Objects.requireNonNull(jcudaVersion, "jcudaVersion");
        Objects.requireNonNull(cudaDriverVersion, "cudaDriverVersion");
        Objects.requireNonNull(nvmlDriverVersion, "nvmlDriverVersion");
        Objects.requireNonNull(gpuName, "gpuName");
        Objects.requireNonNull(computeCapability, "computeCapability");
        Objects.requireNonNull(archFamily, "archFamily");
    }

    /**
     * Whether absolute times taken here and there compare.
     *
     * @param other another run's fingerprint
     * @return true only on exact equality of every field
     */
    public boolean matches(EnvironmentFingerprint other) {
        return equals(other);
    }

    /** {@return the fields by name, sorted by name, numbers as text} As the reports write them. */
    public Map<String, String> asMap() {
        Map<String, String> m = new TreeMap<>();
        m.put("javaVersion", javaVersion);
        m.put("javaVendor", javaVendor);
        m.put("snsVersion", snsVersion);
        m.put("jmhVersion", jmhVersion);
        m.put("jcudaVersion", jcudaVersion);
        m.put("cudaDriverVersion", cudaDriverVersion);
        m.put("nvmlDriverVersion", nvmlDriverVersion);
        m.put("gpuName", gpuName);
        m.put("computeCapability", computeCapability);
        m.put("archFamily", archFamily);
        m.put("smCount", Integer.toString(smCount));
        m.put("l2Bytes", Long.toString(l2Bytes));
        return m;
    }

    /**
     * NVIDIA's architecture family for a compute capability.
     *
     * @param computeCapability a compute capability such as "9.0", or null
     * @return the family ("Hopper" for "9.0"); "unknown-smXY" for one not in the table, and "" for an
     *     empty or unreadable capability
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static String archFamily(String computeCapability) {
        if (computeCapability == null || computeCapability.isBlank()) {
            return "";
        }
        String[] parts = computeCapability.trim().split("\\.");
        int major;
        int minor;
        try {
            major = Integer.parseInt(parts[0]);
            minor = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
        } catch (NumberFormatException e) {
            return "";
        }
        String family = switch (major) {
            case 3 -> "Kepler";
            case 5 -> "Maxwell";
            case 6 -> "Pascal";
            case 7 -> minor >= 5 ? "Turing" : "Volta";
            case 8 -> minor == 9 ? "Ada" : "Ampere";
            case 9 -> "Hopper";
            case 10, 11, 12 -> "Blackwell";
            default -> null;
        };
        return family != null ? family : String.format(Locale.ROOT, "unknown-sm%d%d", major, minor);
    }
}
