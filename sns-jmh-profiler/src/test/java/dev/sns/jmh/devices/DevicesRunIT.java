package dev.sns.jmh.devices;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sns.jmh.host.HostRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every GPU of a node, through the sns Main on fake GPUs whose kernels take a known time: a fake
 * kernel of 50 us on each device, device 1 of two made 10% slower (its kernels take 55 us, its SM
 * clock reads 1500 / 1.1 MHz with the software power cap flagged). Each device's result is its own
 * entry; the health table must name device 1, its speedup interval against device 0 must contain
 * 1 / 1.1, and its evidence must be beside it.
 */
class DevicesRunIT {
    private static final String A = "dev.sns.jmh.bench.A_FakeGpuBench.spin@avgt:n=1";
    private static final String PAIR = "dev.sns.jmh.bench.G_PairBench";

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

    @Test
    void twoGpusOneTenPercentSlowerIsNamedWithItsEvidence() throws Exception {
        DeviceRuns.node(2, "1:1.1");
        Path jmhJson = tmp.resolve("jmh.json");
        DeviceRuns.Ran r = DeviceRuns.run("A_FakeGpuBench|G_PairBench.fast", tmp.resolve("out"), "rounds=2;devices=all",
                "-rf", "json", "-rff", jmhJson.toString());
        assertEquals(0, r.rc(), r.all());
        assertTrue(r.out().contains("sns: measuring GPU benchmarks on 2 GPUs: 0 (Fake H200, GPU-fa4e0000-0000-4000-8000-"
                + "000000000000), 1 (Fake H200, GPU-fa4e0001-0000-4000-8000-000000000001), one at a time; each compared "
                + "with GPU 0 (device health)"), r.out());
        JsonNode report = DeviceRuns.report(tmp.resolve("out"));

        // Each device's result is its own entry, keyed by device, with the device's own samples.
        JsonNode e0 = DeviceRuns.entry(report, A + ",device=0");
        JsonNode e1 = DeviceRuns.entry(report, A + ",device=1");
        assertEquals(0.050, e0.get("summary").get("median").asDouble(), 1e-12);
        assertEquals(0.055, e1.get("summary").get("median").asDouble(), 1e-12);
        assertEquals("GPU-fa4e0001-0000-4000-8000-000000000001", e1.get("device").get("uuid").asText());
        assertEquals(1, e1.get("device").get("index").asInt());
        assertEquals(2, e1.get("summary").get("forks").asInt(), "two rounds, one fork each");
        assertEquals(1500.0 / 1.1, e1.get("clocks").get("smMeanMhz").asDouble(), 1e-9);
        assertEquals("{\"n\":\"1\"}", e1.get("params").toString(), "the device is not a @Param");

        // The health table: device 1 against device 0, paired by round, names device 1 with its evidence.
        // spin, and the pair's two sides (its baseline was added: it is never cached)
        assertEquals(3, report.get("deviceHealth").size(), report.get("deviceHealth").toString());
        JsonNode h = DeviceRuns.health(report, 1, A);
        for (JsonNode each : report.get("deviceHealth")) {
            JsonNode s = each.get("speedup");
            assertTrue(s.get("lower").asDouble() <= 1 / 1.1 && s.get("upper").asDouble() >= 1 / 1.1, s.toString());
            assertEquals("slower", each.get("finding").asText());
            assertEquals(1, each.get("suspect").asInt());
            assertEquals("SLOWER", s.get("verdict").asText());
            assertTrue(s.get("design").asText().contains("paired"), s.toString());
            assertEquals(2, s.get("rounds").asInt());
        }
        assertEquals(A, h.get("id").asText());
        assertEquals(0, h.get("reference").asInt());
        assertEquals(1500.0 / 1.1, h.get("deviceEvidence").get("smMeanMhz").asDouble(), 1e-9);
        assertEquals(1500.0, h.get("referenceEvidence").get("smMeanMhz").asDouble(), 1e-9);
        assertEquals("[\"sw_power_cap\"]", h.get("deviceEvidence").get("metadataReasons").toString());
        assertEquals("[]", h.get("deviceEvidence").get("throttleReasons").toString());
        assertTrue(r.out().contains("sns: SLOWER GPU: 1 (Fake H200, GPU-fa4e0001-0000-4000-8000-000000000001) in 3 of 3 "
                + "comparison(s); GPU 1: SM 1364 MHz (range 0), throttles none, other clock events sw_power_cap; GPU 0: "
                + "SM 1500 MHz (range 0), throttles none"), r.out());
        assertTrue(r.out().contains("sns device health (speedup = GPU 0's median / the GPU's median;"), r.out());

        // The pair is compared on each device, with its own device's baseline: 2x on both.
        assertEquals(2, report.get("comparisons").size(), report.get("comparisons").toString());
        for (JsonNode c : report.get("comparisons")) {
            assertEquals(2.0, c.get("speedup").asDouble(), 1e-9, c.toString());
            String dev = c.get("candidate").asText().substring(c.get("candidate").asText().length() - 1);
            assertTrue(c.get("baseline").asText().endsWith("device=" + dev), c.toString());
        }
        assertTrue(DeviceRuns.entry(report, PAIR + ".slow@avgt:device=1").get("summary").get("median").asDouble() > 0.1);

        // Each device with its fingerprint; CSV and HTML keyed and grouped by device.
        assertEquals(2, report.get("devices").size());
        assertEquals("Fake H200", report.get("devices").get(1).get("fingerprint").get("gpuName").asText());
        String csv = Files.readString(tmp.resolve("out/results.csv"));
        assertTrue(csv.startsWith("id,benchmark,params,device,device_uuid,status,"), csv);
        assertTrue(csv.contains(A + ",device=1\",dev.sns.jmh.bench.A_FakeGpuBench.spin,n=1,1,"
                + "GPU-fa4e0001-0000-4000-8000-000000000001,ok,"), csv);
        String health = Files.readString(tmp.resolve("out/device-health.csv"));
        assertTrue(health.lines().skip(1).allMatch(l -> l.contains(",slower,1,")), health);
        String html = Files.readString(tmp.resolve("out/report.html"));
        assertTrue(html.contains("<section id=\"device-health\">"), "health section");
        assertTrue(html.contains("<tr class=\"group\"><th colspan=\"9\">GPU 1 \u00b7 Fake H200 \u00b7 "
                + "GPU-fa4e0001-0000-4000-8000-000000000001 \u00b7 00000000:01:00.0</th></tr>"), "grouped by device");

        // JMH's own result file: one result per device, the device a parameter.
        JsonNode jmh = new ObjectMapper().readTree(jmhJson.toFile());
        int withDevice = 0;
        for (JsonNode b : jmh) {
            if (b.has("params") && b.get("params").has("device")) {
                withDevice++;
                assertEquals(2, b.get("primaryMetric").get("rawData").size(), "both rounds of " + b);
            }
        }
        assertEquals(6, withDevice, jmh.toString()); // spin, fast, slow on each of 2 devices
    }

    @Test
    void aSelectionNamingNoDeviceIsRefusedBeforeAnythingRuns() throws Exception {
        DeviceRuns.node(1, "");
        DeviceRuns.Ran r = DeviceRuns.run("A_FakeGpuBench", tmp.resolve("out"), "devices=1");
        assertEquals(1, r.rc(), r.all());
        assertTrue(r.err().contains("sns: devices=1: there is no CUDA device 1, this machine has 1 (0 (Fake H200, "
                + "GPU-fa4e0000-0000-4000-8000-000000000000)); -prof sns:devices lists them; nothing was run"), r.err());
        assertFalse(Files.exists(tmp.resolve("out/results.json")), "nothing may be measured");
        r = DeviceRuns.run("A_FakeGpuBench", tmp.resolve("out2"), "device=0");
        assertEquals(1, r.rc());
        assertTrue(r.err().contains("sns option 'device' is now 'devices'"), r.err());
    }

    @Test
    void theListingNamesEachDeviceAndRunsNothing() {
        DeviceRuns.node(2, "1:1.1");
        DeviceRuns.Ran r = DeviceRuns.run("A_FakeGpuBench", tmp.resolve("out"), "devices;devices=1");
        assertEquals(0, r.rc(), r.all());
        assertTrue(r.out().startsWith("sns: 2 GPU(s) (fake backend, driver API 13.0), * = selected by devices\n"), r.out());
        assertTrue(r.out().contains("*  1     0     Fake H200  GPU-fa4e0001-0000-4000-8000-000000000001  00000000:01:00.0  "
                + "9.0  141.0 GiB  132  60 MiB  1364/1980       3201/3201        yes: UUID and PCI bus id"), r.out());
        assertFalse(Files.exists(tmp.resolve("out/results.json")), "a listing measures nothing");
    }

    @Test
    void oneSelectedGpuGivesResultsAsBeforeKeyedByDevice() throws Exception {
        DeviceRuns.node(2, "1:1.1");
        DeviceRuns.Ran r = DeviceRuns.run("A_FakeGpuBench", tmp.resolve("out"), "devices=GPU-fa4e0001", "-f", "1");
        assertEquals(0, r.rc(), r.all());
        JsonNode report = DeviceRuns.report(tmp.resolve("out"));
        JsonNode e = DeviceRuns.entry(report, A); // one device: the id as before
        assertEquals(1, e.get("device").get("index").asInt(), "measured on the device the UUID names");
        assertEquals(0.055, e.get("summary").get("median").asDouble(), 1e-12);
        assertFalse(report.has("deviceHealth"), "one GPU: no health table");
    }
}
