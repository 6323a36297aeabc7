package dev.sns.gpu;

import dev.sns.gpu.nvml.Nvml;
import dev.sns.gpu.nvml.NvmlUnavailableException;
import dev.sns.model.EnvironmentFingerprint;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** Reads what an {@link EnvironmentFingerprint} holds; never throws (unknown fields are empty). */
public final class GpuEnvironment {
    private GpuEnvironment() {}

    /** The fingerprint of this JVM and {@code device} (null: no GPU). */
    public static EnvironmentFingerprint capture(GpuDevice device) {
        Properties v = versions();
        String cuda = "";
        String nvml = "";
        if (device != null) {
            GpuBackend.Status s = GpuBackend.detect();
            cuda = s.cudaDriverVersion();
            try {
                nvml = Nvml.driverVersion();
            } catch (NvmlUnavailableException | RuntimeException | LinkageError e) {
                nvml = "";
            }
        }
        return new EnvironmentFingerprint(
                System.getProperty("java.version", ""),
                System.getProperty("java.vendor", ""),
                v.getProperty("sns.version", ""),
                jmhVersion(),
                v.getProperty("jcuda.version", ""),
                cuda,
                nvml,
                device == null ? "" : device.name(),
                device == null ? "" : device.computeCapability(),
                device == null ? "" : EnvironmentFingerprint.archFamily(device.computeCapability()),
                device == null ? -1 : device.smCount(),
                device == null ? -1 : device.l2Bytes());
    }

    /** sns's build versions (sns, JCuda, JMH it was built against). */
    public static Properties versions() {
        Properties p = new Properties();
        try (InputStream in = GpuEnvironment.class.getResourceAsStream("/dev/sns/sns-version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // leave the versions empty: unknown, not guessed
        }
        return p;
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
