package dev.sns.jmh.devices;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sns.fakes.FakeGpuBackend;
import dev.sns.jmh.host.HostRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * parallelDevices on a fake node of four GPUs, GPU 2 made 10% slower: each fork appends its process's
 * start and its timer's close to a trace (wall-clock milliseconds, from the forks themselves), which
 * shows that the forks of different GPUs ran at the same time and those of one GPU never did; the
 * health table still names GPU 2, and the other GPUs read 1 against GPU 0.
 */
class ParallelDevicesIT {
    private static final String A = "dev.sns.jmh.bench.A_FakeGpuBench.spin@avgt:n=1";

    @TempDir
    Path tmp;

    @BeforeEach
    void fresh() {
        HostRun.reset();
    }

    @AfterEach
    void noFakeNode() {
        DeviceRuns.clear();
    }

    /** One fork's life: its process's start to its timer's close, wall-clock milliseconds. */
    record Life(int device, long pid, long start, long end) {
        boolean overlaps(Life o) {
            return start < o.end && o.start < end;
        }
    }

    @Test
    void forksOfDifferentGpusOverlapAndForksOfOneGpuNever() throws Exception {
        DeviceRuns.node(4, "2:1.1");
        Path trace = tmp.resolve("trace.txt");
        System.setProperty(FakeGpuBackend.TRACE, trace.toString());
        long t0 = System.currentTimeMillis();
        DeviceRuns.Ran r = DeviceRuns.run("A_FakeGpuBench", tmp.resolve("out"), "rounds=2;devices=all;parallelDevices=true");
        long wall = System.currentTimeMillis() - t0;
        assertEquals(0, r.rc(), r.all());
        assertTrue(r.out().contains("4 GPUs: 0 (Fake H200, GPU-fa4e0000-0000-4000-8000-000000000000), 1 (Fake H200, "
                + "GPU-fa4e0001-0000-4000-8000-000000000001), 2 (Fake H200, GPU-fa4e0002-0000-4000-8000-000000000002), "
                + "3 (Fake H200, GPU-fa4e0003-0000-4000-8000-000000000003), their forks at the same time"), r.out());

        List<Life> lives = lives(Files.readAllLines(trace));
        assertEquals(8, lives.size(), lives.toString()); // 2 rounds x 4 GPUs, one fork each
        Map<Integer, List<Life>> byDevice = new TreeMap<>();
        lives.forEach(l -> byDevice.computeIfAbsent(l.device(), k -> new ArrayList<>()).add(l));
        assertEquals(List.of(0, 1, 2, 3), new ArrayList<>(byDevice.keySet()));
        for (List<Life> one : byDevice.values()) {
            assertEquals(2, one.size());
            assertTrue(!one.get(0).overlaps(one.get(1)), "forks of one GPU never overlap: " + one);
        }
        // Each round's forks (the first of each GPU, then the second) all overlap one another.
        for (int round = 0; round < 2; round++) {
            List<Life> step = new ArrayList<>();
            for (List<Life> one : byDevice.values()) {
                step.add(one.stream().sorted(java.util.Comparator.comparingLong(Life::start)).toList().get(round));
            }
            for (Life a : step) {
                for (Life b : step) {
                    assertTrue(a == b || a.overlaps(b), "round " + round + ": forks of GPUs " + a.device() + " and "
                            + b.device() + " ran at the same time: " + step);
                }
            }
        }
        System.out.println("parallelDevices, 4 fake GPUs, 2 rounds: " + wall + " ms; fork lives " + lives);

        JsonNode report = DeviceRuns.report(tmp.resolve("out"));
        for (int d = 1; d <= 3; d++) {
            JsonNode h = DeviceRuns.health(report, d).get("speedup");
            double truth = d == 2 ? 1 / 1.1 : 1.0;
            assertTrue(h.get("lower").asDouble() <= truth && h.get("upper").asDouble() >= truth, d + ": " + h);
            assertEquals(d == 2 ? "slower" : "ok", DeviceRuns.health(report, d).get("finding").asText());
        }
        assertEquals(0.055, DeviceRuns.entry(report, A + ",device=2").get("summary").get("median").asDouble(), 1e-12);
        assertTrue(r.out().contains("sns: SLOWER GPU: 2 (Fake H200, GPU-fa4e0002-0000-4000-8000-000000000002) in 1 of 3 "
                + "comparison(s); GPU 2: SM 1364 MHz (range 0), throttles none, other clock events sw_power_cap"), r.out());
        // each GPU's output is kept apart and printed after its step, under a header
        assertTrue(!r.out().contains("# WARNING: JMH lock is ignored") || !System.getProperty("jmh.ignoreLock", "").isEmpty());
    }

    @Test
    void aReferenceGpuThatIsSlowerIsNamedByEverySibling() throws Exception {
        DeviceRuns.node(2, "0:1.1");
        DeviceRuns.Ran r = DeviceRuns.run("A_FakeGpuBench", tmp.resolve("out"), "rounds=2;devices=1,0;parallelDevices=true");
        assertEquals(0, r.rc(), r.all());
        // devices=1,0: GPU 1 is the reference, GPU 0 is compared with it and is the slow one
        JsonNode h = DeviceRuns.health(DeviceRuns.report(tmp.resolve("out")), 0);
        assertEquals(1, h.get("reference").asInt());
        assertEquals("slower", h.get("finding").asText());
        assertEquals(0, h.get("suspect").asInt());

        HostRun.reset();
        DeviceRuns.Ran r2 = DeviceRuns.run("A_FakeGpuBench", tmp.resolve("out2"), "rounds=2;devices=all;parallelDevices=true");
        assertEquals(0, r2.rc(), r2.all());
        JsonNode h2 = DeviceRuns.health(DeviceRuns.report(tmp.resolve("out2")), 1);
        JsonNode s = h2.get("speedup");
        assertTrue(s.get("lower").asDouble() <= 1.1 && s.get("upper").asDouble() >= 1.1, s.toString());
        assertEquals("referenceSlower", h2.get("finding").asText());
        assertEquals(0, h2.get("suspect").asInt(), "GPU 0, the reference, is the one named");
        assertTrue(r2.out().contains("sns: SLOWER GPU: 0 (Fake H200, GPU-fa4e0000-0000-4000-8000-000000000000) in 1 of 1"),
                r2.out());
    }

    private static List<Life> lives(List<String> lines) {
        Map<Long, long[]> byPid = new TreeMap<>();
        Map<Long, Integer> device = new TreeMap<>();
        for (String l : lines) {
            Map<String, String> f = new TreeMap<>();
            for (String part : l.split(" ")) {
                int eq = part.indexOf('=');
                if (eq > 0) {
                    f.put(part.substring(0, eq), part.substring(eq + 1));
                }
            }
            long pid = Long.parseLong(f.get("pid"));
            device.put(pid, Integer.parseInt(f.get("device")));
            long[] life = byPid.computeIfAbsent(pid, k -> new long[] {Long.parseLong(f.get("started")), -1});
            if (l.startsWith("close")) {
                life[1] = Long.parseLong(f.get("ms"));
            }
        }
        List<Life> out = new ArrayList<>();
        byPid.forEach((pid, life) -> out.add(new Life(device.get(pid), pid, life[0], life[1])));
        return out;
    }
}
