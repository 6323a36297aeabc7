package dev.sns.gpu;

import dev.sns.model.BuildInfo;
import dev.sns.model.EnvironmentFingerprint;

/** Reads what an {@link EnvironmentFingerprint} holds; never throws (unknown fields are empty). */
public final class GpuEnvironment {
    private GpuEnvironment() {}

    /** The fingerprint of this JVM alone: Java and sns's versions, no GPU fields (nothing is probed). */
    public static EnvironmentFingerprint jvm() {
        return capture(null, null);
    }

    /**
     * The fingerprint of this JVM and of {@code device} as {@code backend} describes it (device null:
     * no GPU, so no GPU fields): Java version and vendor, sns/JMH/JCuda versions, driver and sensor
     * library versions, GPU name, compute capability, architecture family, SM count and L2 size.
     */
    public static EnvironmentFingerprint capture(GpuBackend backend, GpuDevice device) {
        String driver = "";
        String sensors = "";
        if (device != null) {
            driver = backend.probe().driverVersion();
            try {
                sensors = backend.sensorsVersion();
            } catch (RuntimeException | LinkageError e) {
                sensors = "";
            }
        }
        return new EnvironmentFingerprint(
                System.getProperty("java.version", ""),
                System.getProperty("java.vendor", ""),
                BuildInfo.snsVersion(),
                jmhVersion(),
                BuildInfo.jcudaVersion(),
                driver,
                sensors,
                device == null ? "" : device.name(),
                device == null ? "" : device.computeCapability(),
                device == null ? "" : EnvironmentFingerprint.archFamily(device.computeCapability()),
                device == null ? -1 : device.smCount(),
                device == null ? -1 : device.l2Bytes());
    }

    /** The JMH on the classpath, or empty when there is none (the plain Java API needs no JMH). */
    private static String jmhVersion() {
        try {
            Class<?> c = Class.forName("org.openjdk.jmh.util.Version");
            Object o = c.getMethod("getPlainVersion").invoke(null);
            return o == null ? "" : o.toString();
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return "";
        }
    }
}
