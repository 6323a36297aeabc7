package dev.sns.gpu;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.apiguardian.api.API;

/**
 * Chooses the {@link GpuBackend} of this JVM, once, from those registered with
 * {@link ServiceLoader}: the one named by {@code -Dsns.backend=NAME} ({@code none} switches GPU use
 * off), else the first that may be chosen automatically and finds a device, else an unavailable
 * backend carrying the first one's reason. Never throws.
 */
@API(status = API.Status.STABLE, since = "0.2.0")
public final class GpuBackends {
    /** System property naming the backend to use ("none": no GPU); JMH forks inherit it from the host. */
    public static final String PROPERTY = "sns.backend";
    /** The first version's {@code -Dsns.gpu=off}, read as {@code -Dsns.backend=none}. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static final String OLD_PROPERTY = "sns.gpu";

    /** The last choice and the property value it was made for. */
    private record Choice(String wanted, GpuBackend backend) {}

    private static volatile Choice detected;

    private GpuBackends() {}

    /**
     * This JVM's backend, chosen on first use and again only if {@code -Dsns.backend} changes
     * (backends remember their own probe, so that is cheap). Never throws.
     *
     * @return the backend; without a GPU, one whose {@link GpuBackend#probe()} is unavailable and says
     *     why, with the fix
     */
    public static GpuBackend detect() {
        String wanted = System.getProperty(PROPERTY, "");
        if (wanted.isEmpty() && "off".equalsIgnoreCase(System.getProperty(OLD_PROPERTY, ""))) {
            wanted = "none"; // the first version's switch: still honoured, never silently ignored
        }
        Choice c = detected;
        if (c == null || !c.wanted().equals(wanted)) {
            synchronized (GpuBackends.class) {
                c = detected;
                if (c == null || !c.wanted().equals(wanted)) {
                    c = new Choice(wanted, select(registered(), wanted));
                    detected = c;
                }
            }
        }
        return c.backend();
    }

    /** {@return the backends registered on the class path, in service-file order} A new instance of each. */
    public static List<GpuBackend> registered() {
        List<GpuBackend> out = new ArrayList<>();
        ServiceLoader.load(GpuBackend.class, GpuBackend.class.getClassLoader()).forEach(out::add);
        return out;
    }

    /** The backend {@code wanted} names (empty: automatic) among {@code registered}. */
    static GpuBackend select(List<GpuBackend> registered, String wanted) {
        String w = wanted == null ? "" : wanted.trim();
        if (w.equalsIgnoreCase("none")) {
            return GpuBackend.unavailable("GPU use switched off by -D" + PROPERTY + "=none");
        }
        if (!w.isEmpty()) {
            for (GpuBackend b : registered) {
                if (b.name().equals(w)) {
                    return b;
                }
            }
            return GpuBackend.unavailable("-D" + PROPERTY + "=" + w + " names no registered GPU backend (registered: "
                    + names(registered) + ")");
        }
        GpuBackend first = null;
        for (GpuBackend b : registered) {
            if (!b.autoSelect()) {
                continue;
            }
            if (b.probe().available()) {
                return b;
            }
            if (first == null) {
                first = b;
            }
        }
        if (first != null) {
            return GpuBackend.unavailable(first.probe().reason());
        }
        return GpuBackend.unavailable("no GPU backend is registered (META-INF/services/" + GpuBackend.class.getName()
                + "): put sns-runtime on the class path");
    }

    private static String names(List<GpuBackend> backends) {
        List<String> n = new ArrayList<>();
        for (GpuBackend b : backends) {
            n.add(b.name());
        }
        return n.isEmpty() ? "none" : String.join(", ", n);
    }
}
