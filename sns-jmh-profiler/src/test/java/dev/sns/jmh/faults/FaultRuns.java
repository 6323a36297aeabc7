package dev.sns.jmh.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sns.clocks.ClockState;
import dev.sns.gpu.GpuBackends;
import dev.sns.jmh.host.HostRun;
import dev.sns.jmh.host.SnsMain;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the fault tests share: a run of the sns Main with short JMH iterations (one warm-up and three
 * measurement iterations of 100 ms, one fork) on the fake GPU, its exit code and both streams, and
 * results.json read back.
 */
final class FaultRuns {
    private FaultRuns() {}

    /** What a run of the sns Main returned and printed. */
    record Outcome(int rc, String out, String err) {
        String both() {
            return out + err;
        }

        @Override
        public String toString() {
            return "exit " + rc + "\n--- out\n" + out + "\n--- err\n" + err;
        }
    }

    /**
     * Selects the fake GPU in this JVM (the forks inherit it) and keeps the clock-lock records of the
     * test in {@code stateDir}: a record a test leaves behind on purpose must not reach another test's
     * fake nvidia-smi. Returns what {@link #after} puts back.
     */
    static String[] before(Path stateDir) {
        String[] saved = {System.getProperty(GpuBackends.PROPERTY), System.getProperty(ClockState.PROPERTY)};
        System.setProperty(GpuBackends.PROPERTY, "fake");
        System.setProperty(ClockState.PROPERTY, stateDir.toString());
        HostRun.reset();
        return saved;
    }

    static void after(String[] saved) {
        HostRun.reset();
        restore(GpuBackends.PROPERTY, saved[0]);
        restore(ClockState.PROPERTY, saved[1]);
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }

    /**
     * The sns Main on {@code include} with {@code -prof sns:<sns>}, short iterations, one fork unless
     * {@code extra} (more JMH arguments) says {@code -f}.
     */
    static Outcome snsMain(String include, String sns, String... extra) {
        return snsMainWithForkOptions(include, sns, "", extra);
    }

    /** As above, with {@code forkOptions} (space-separated) added to each fork's JVM options. */
    static Outcome snsMainWithForkOptions(String include, String sns, String forkOptions, String... extra) {
        List<String> args = new ArrayList<>(List.of(include, "-wi", "1", "-i", "3", "-w", "100ms", "-r", "100ms",
                "-jvmArgsAppend", ("-Xmx256m -XX:TieredStopAtLevel=1 " + forkOptions).trim(), "-prof", "sns:" + sns));
        args.addAll(List.of(extra));
        if (!args.contains("-f")) {
            args.addAll(List.of("-f", "1"));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = SnsMain.run(args.toArray(new String[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(rc, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static JsonNode json(Path file) throws IOException {
        return new ObjectMapper().readTree(file.toFile());
    }

    /** The benchmark entry {@code id} of a results.json. */
    /** The entry of {@code id}; an id without a mode ("pkg.B.m" or "pkg.B.m:n=1") means the avgt one. */
    static JsonNode entry(JsonNode report, String id) {
        int colon = id.indexOf(':');
        String avgt = id.contains("@") ? id : colon < 0 ? id + "@avgt" : id.substring(0, colon) + "@avgt" + id.substring(colon);
        for (JsonNode b : report.get("benchmarks")) {
            if (b.get("id").asText().equals(id) || b.get("id").asText().equals(avgt)) {
                return b;
            }
        }
        throw new AssertionError("no benchmark " + id + " in " + report);
    }
}
