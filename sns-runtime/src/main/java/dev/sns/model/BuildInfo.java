package dev.sns.model;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.apiguardian.api.API;

/**
 * The versions this sns was built with (sns itself, and the JCuda and JMH it was built against), as
 * sns-runtime's build recorded them in {@code /dev/sns/sns-version.properties}. A version the build
 * did not record is the empty string: unknown, never guessed.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public final class BuildInfo {
    private static final String RESOURCE = "/dev/sns/sns-version.properties";
    private static final Properties VERSIONS = load();

    private BuildInfo() {}

    /** {@return the sns version, e.g. "0.2.0"} Empty when the build did not record it. */
    public static String snsVersion() {
        return get("sns.version");
    }

    /** {@return the JCuda version sns was built against, e.g. "12.6.0"} Empty when the build did not record it. */
    public static String jcudaVersion() {
        return get("jcuda.version");
    }

    private static String get(String key) {
        String v = VERSIONS.getProperty(key, "");
        return v.startsWith("${") ? "" : v;
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // left empty: unknown, not guessed
        }
        return p;
    }
}
