package dev.sns.jmh.devices;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sns.fakes.FakeGpuBackend;
import dev.sns.gpu.GpuBackends;
import dev.sns.jmh.host.SnsMain;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The sns Main on a fake node of several GPUs: the host sees the fake devices (its system properties),
 * and the forks are given the same ones (-jvmArgsAppend), each fork its own device. Iterations are
 * short (one warm-up and three measurement iterations of 100 ms) to keep the suite quick.
 */
final class DeviceRuns {
    /** What a run printed and returned. */
    record Ran(int rc, String out, String err) {
        String all() {
            return out + err;
        }
    }

    private DeviceRuns() {}

    /** Makes the host see {@code devices} fake GPUs, {@code slow} ("i:factor") among them. */
    static void node(int devices, String slow) {
        System.setProperty(GpuBackends.PROPERTY, "fake");
        System.setProperty(FakeGpuBackend.DEVICES, Integer.toString(devices));
        if (slow.isEmpty()) {
            System.clearProperty(FakeGpuBackend.SLOW);
        } else {
            System.setProperty(FakeGpuBackend.SLOW, slow);
        }
    }

    static void clear() {
        System.clearProperty(GpuBackends.PROPERTY);
        System.clearProperty(FakeGpuBackend.DEVICES);
        System.clearProperty(FakeGpuBackend.SLOW);
        System.clearProperty(FakeGpuBackend.TRACE);
    }

    /** Runs the sns Main on the node set by {@link #node}, with {@code sns} options and {@code extra} JMH options. */
    static Ran run(String include, Path out, String sns, String... extra) {
        String fake = "-Dsns.fake.devices=" + System.getProperty(FakeGpuBackend.DEVICES, "1")
                + (System.getProperty(FakeGpuBackend.SLOW) == null ? "" : " -Dsns.fake.slow=" + System.getProperty(FakeGpuBackend.SLOW))
                + (System.getProperty(FakeGpuBackend.TRACE) == null ? "" : " -Dsns.fake.trace=" + System.getProperty(FakeGpuBackend.TRACE));
        List<String> args = new ArrayList<>(List.of(include, "-jvmArgsAppend", "-Xmx256m -XX:TieredStopAtLevel=1 " + fake,
                "-prof", "sns:out=" + out + (sns.isEmpty() ? "" : ";" + sns)));
        List<String> given = List.of(extra);
        String[][] defaults = {{"-wi", "1"}, {"-i", "3"}, {"-w", "100ms"}, {"-r", "100ms"}};
        for (String[] d : defaults) {
            if (!given.contains(d[0])) {
                args.addAll(List.of(d));
            }
        }
        args.addAll(given);
        if (!args.contains("-v")) {
            args.addAll(List.of("-v", "SILENT"));
        }
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int rc = SnsMain.run(args.toArray(new String[0]), new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8));
        return new Ran(rc, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    static JsonNode report(Path out) throws IOException {
        return new ObjectMapper().readTree(out.resolve("results.json").toFile());
    }

    static JsonNode entry(JsonNode report, String id) {
        for (JsonNode b : report.get("benchmarks")) {
            if (b.get("id").asText().equals(id)) {
                return b;
            }
        }
        throw new AssertionError("no benchmark " + id + " in " + report.get("benchmarks").findValuesAsText("id"));
    }

    /** The device-health entry of {@code device}. */
    static JsonNode health(JsonNode report, int device) {
        return health(report, device, null);
    }

    /** The device-health entry of benchmark {@code id} (null: any) on {@code device}. */
    static JsonNode health(JsonNode report, int device, String id) {
        for (JsonNode h : report.get("deviceHealth")) {
            if (h.get("device").asInt() == device && (id == null || h.get("id").asText().equals(id))) {
                return h;
            }
        }
        throw new AssertionError("no device-health entry of GPU " + device + " in " + report.get("deviceHealth"));
    }
}
