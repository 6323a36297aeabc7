package dev.sns.jmh.host;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.runner.format.OutputFormat;

/**
 * A benchmark's exception under JMH's own Main. A fork prints the exception of a benchmark that threw
 * ({@code <failure>}, its text) through JMH's binary link to the host's output format; the sns Main
 * hands JMH a {@link FailureCapture} as that format, but JMH's own Main gives a profiler no hook there,
 * and the fork's profiler never sees the exception (JMH keeps it to itself). So before each fork the
 * host half wraps the output of JMH's link server (the fork's output, as the server receives it) in a
 * {@link FailureCapture} for the benchmark about to fork: the same text reaches {@link HostRun#threw}
 * under both Mains.
 *
 * <p>This reaches into JMH's internals by reflection ({@code org.openjdk.jmh.runner.link.BinaryLinkServer}:
 * its acceptor thread, field {@code out}; JMH 1.37, which sns pins). Where the layout differs, or several
 * runners link at once, nothing is tapped ({@link #install} returns why) and a benchmark that threw is
 * still failed, naming the iteration that threw; JMH's console shows the exception either way.
 */
final class LinkFailureTap {
    static final String SERVER = "org.openjdk.jmh.runner.link.BinaryLinkServer";
    private static final String ACCEPTOR = SERVER + "$Acceptor";

    private LinkFailureTap() {}

    /**
     * Wraps the live link server's output (once; again only for a new server) and points it at
     * {@code params}' benchmark.
     *
     * @return empty when tapped, else why not
     */
    static String install(BenchmarkParams params, HostRun run) {
        List<Object> servers = liveServers();
        if (servers.size() != 1) {
            return servers.isEmpty() ? "no JMH link server" : servers.size() + " JMH link servers at once";
        }
        Object server = servers.get(0);
        try {
            Field out = server.getClass().getDeclaredField("out");
            out.setAccessible(true);
            Object format = out.get(server);
            FailureCapture capture;
            if (format instanceof FailureCapture c) {
                capture = c;
            } else if (format instanceof OutputFormat f) {
                capture = new FailureCapture(f, run::threw);
                out.set(server, capture); // before the fork starts: its link's handler thread starts after this
            } else {
                return "JMH's link server has no output format";
            }
            capture.benchmark(params);
            return "";
        } catch (ReflectiveOperationException | RuntimeException e) {
            return "JMH's link server could not be tapped: " + e;
        }
    }

    /** The link servers whose acceptor threads are alive (one per JMH runner running forks). */
    private static List<Object> liveServers() {
        List<Object> servers = new ArrayList<>();
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root.getParent() != null) {
            root = root.getParent();
        }
        Thread[] threads = new Thread[root.activeCount() * 2 + 16];
        int n = root.enumerate(threads, true);
        for (int i = 0; i < n; i++) {
            Thread t = threads[i];
            if (t.isAlive() && t.getClass().getName().equals(ACCEPTOR)) {
                try {
                    Field outer = t.getClass().getDeclaredField("this$0");
                    outer.setAccessible(true);
                    servers.add(outer.get(t));
                } catch (ReflectiveOperationException | RuntimeException e) {
                    // not the layout expected: no server
                }
            }
        }
        return servers;
    }
}
