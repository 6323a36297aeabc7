package dev.sns.fakes;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A JVM of its own on the test's classpath, running a test {@code main}: for the faults only another
 * process can show (a host killed with kill -9, an operating-system lock held elsewhere). Its standard
 * output and error are read line by line as they come; every wait has a limit, and {@link #close}
 * kills it if it is still alive, so that no test leaves a process behind.
 */
public final class ChildJvm implements AutoCloseable {
    private static final String EOF = "\u0000eof";

    private final Process process;
    private final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> seen = new ArrayList<>();

    private ChildJvm(Process process) {
        this.process = process;
        Thread reader = new Thread(this::read, "child-jvm-output");
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code main} with these JVM options (system properties, say) and arguments. */
    public static ChildJvm start(Class<?> main, List<String> jvmOptions, String... args) {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", cp, "-Xmx128m", "-XX:TieredStopAtLevel=1"));
        cmd.addAll(jvmOptions);
        cmd.add(main.getName());
        cmd.addAll(List.of(args));
        try {
            return new ChildJvm(new ProcessBuilder(cmd).redirectErrorStream(true).start());
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + cmd, e);
        }
    }

    private void read() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String l = in.readLine(); l != null; l = in.readLine()) {
                lines.add(l);
            }
        } catch (IOException e) {
            lines.add("(reading the child's output failed: " + e + ")");
        }
        lines.add(EOF);
    }

    /** The first line (from here on) that starts with {@code prefix}; fails with what it printed otherwise. */
    public String awaitLine(String prefix, long timeoutSeconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (true) {
            String l = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (l == null || l.equals(EOF)) {
                throw new AssertionError("the child JVM " + (l == null ? "did not print '" + prefix + "' in "
                        + timeoutSeconds + " s" : "ended without printing '" + prefix + "'") + "; it printed:\n"
                        + String.join("\n", seen));
            }
            seen.add(l);
            if (l.startsWith(prefix)) {
                return l;
            }
        }
    }

    /** Waits for the child to end and returns its exit code; kills it and fails when it outlives the wait. */
    public int waitFor(long timeoutSeconds) throws InterruptedException {
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the child JVM did not end in " + timeoutSeconds + " s; it printed:\n" + output());
        }
        return process.exitValue();
    }

    /** Everything it printed so far, lines joined. */
    public String output() {
        List<String> rest = new ArrayList<>();
        lines.drainTo(rest);
        rest.stream().filter(l -> !l.equals(EOF)).forEach(seen::add);
        return String.join("\n", seen);
    }

    /** Closes its standard input (a child waiting on it takes that as "end now"). */
    public void closeInput() throws IOException {
        process.getOutputStream().close();
    }

    public long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }
}
