package dev.sns.reports;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The sns build this code belongs to, as sns-runtime's build recorded it. */
public final class SnsBuild {
    /** Written by sns-runtime's build (resource filtering) into its jar. */
    private static final String VERSION_RESOURCE = "/dev/sns/sns-version.properties";
    private static final String VERSION = load();

    private SnsBuild() {}

    /** The sns version, e.g. "0.1.0-SNAPSHOT", or "" when the build recorded none (unknown, not guessed). */
    public static String version() {
        return VERSION;
    }

    private static String load() {
        Properties p = new Properties();
        try (InputStream in = SnsBuild.class.getResourceAsStream(VERSION_RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            return "";
        }
        String v = p.getProperty("sns.version", "");
        return v.startsWith("${") ? "" : v;
    }
}
