package dev.sns.jmh.link;

import dev.sns.gpu.GpuBackends;
import dev.sns.stats.BootstrapSettings;
import java.util.List;

/** The system properties the host half passes to each forked JVM. */
public final class ForkProperties {
    /** The {@code -prof sns} options line, parsed again in the fork. */
    public static final String OPTIONS = "sns.options";
    /** The fork's number: JMH's count (warm-up forks first), or the round of an ABBA-interleaved benchmark. */
    public static final String FORK = "sns.fork";
    /**
     * The CUDA index of the one device the fork measures on, chosen by the host (the sns Main runs
     * each selected device's forks with it); absent: the fork measures on the first selected device.
     */
    public static final String DEVICE = "sns.device";
    /** A token naming the fork's process, so that the host's watch finds its own fork among several. */
    public static final String FORK_TOKEN = "sns.forkToken";
    /**
     * The bootstrap of the options line, {@code confidence,resamples,seed}: what a CPU benchmark's fork
     * needs of its options, so that it never loads the option table to parse the whole line.
     */
    public static final String BOOTSTRAP = "sns.bootstrap";
    /** "true" when the run asks for energy ({@code energy=true}): a CPU benchmark's fork says it has none without parsing its options. */
    public static final String ENERGY = "sns.energy";
    /** Properties of the host JVM that its forks inherit when set (the GPU backend's name). */
    public static final List<String> INHERITED = List.of(GpuBackends.PROPERTY, GpuBackends.OLD_PROPERTY);

    private ForkProperties() {}

    /** Whether this JVM is a fork started by the sns host half (otherwise: JMH's -f 0, in the host). */
    public static boolean inFork() {
        return System.getProperty(FORK) != null;
    }

    /** This fork's number (0 when not forked by the host half). */
    public static int forkNumber() {
        return Integer.getInteger(FORK, 0);
    }

    /** The device this fork was given ({@link #DEVICE}), or -1. */
    public static int device() {
        return Integer.getInteger(DEVICE, -1);
    }

    /** The device a fork with these JVM arguments is given (the last {@code -Dsns.device=}), or -1. */
    public static int device(java.util.Collection<String> jvmArgs) {
        int d = -1;
        for (String a : jvmArgs) {
            if (a.startsWith("-D" + DEVICE + "=")) {
                try {
                    d = Integer.parseInt(a.substring(DEVICE.length() + 3).trim());
                } catch (NumberFormatException e) {
                    d = -1;
                }
            }
        }
        return d;
    }

    /** {@code b} as the value of {@link #BOOTSTRAP}. */
    public static String bootstrapText(BootstrapSettings b) {
        return Double.toString(b.confidence()) + "," + b.resamples() + "," + b.seed();
    }

    /** The bootstrap the host passed ({@link #BOOTSTRAP}); null when it passed none or a value it did not write. */
    public static BootstrapSettings bootstrap() {
        String v = System.getProperty(BOOTSTRAP);
        if (v == null) {
            return null;
        }
        String[] parts = v.split(",");
        try {
            return parts.length != 3 ? null
                    : new BootstrapSettings(Double.parseDouble(parts[0]), Integer.parseInt(parts[1]), Long.parseLong(parts[2]));
        } catch (IllegalArgumentException e) {
            return null; // the options line, parsed in full, says what is wrong
        }
    }

    /** Whether the sns profiler runs in this JVM (otherwise samples are not kept at all). */
    public static boolean profilerActive() {
        return System.getProperty(OPTIONS) != null;
    }
}
