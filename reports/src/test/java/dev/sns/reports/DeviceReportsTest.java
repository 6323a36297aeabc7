package dev.sns.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.reports.html.HtmlReportFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run on two GPUs in every format: entries keyed by device, each device with its fingerprint, and
 * a device-health entry naming GPU 1 with its evidence; the journal brings all of it back, and a
 * report of one GPU writes nothing of it.
 */
class DeviceReportsTest {
    private static final String UUID0 = "GPU-5f2c91ab-0e11-4a61-9c3d-000000000000";
    private static final String UUID1 = "GPU-5f2c91ab-0e11-4a61-9c3d-000000000001";

    @TempDir
    Path tmp;

    /** The golden run's first benchmark on two GPUs, GPU 1 10% slower, and its health entry. */
    static RunReport twoGpus() {
        BenchmarkEntry g = ReportFixtures.golden().benchmarks().get(0);
        DeviceEntry d0 = new DeviceEntry(0, ReportFixtures.GPU, UUID0, "00000000:19:00.0", ReportFixtures.fingerprint(ReportFixtures.GPU));
        DeviceEntry d1 = new DeviceEntry(1, ReportFixtures.GPU, UUID1, "00000000:3b:00.0", ReportFixtures.fingerprint(ReportFixtures.GPU));
        BenchmarkEntry e0 = g.withMode("avgt").withDevice(d0.ref(), true);
        BenchmarkEntry e1 = g.withMode("avgt").withDevice(d1.ref(), true);
        ComparisonEntry speedup = ComparisonEntry.builder().candidate(e1.id()).baseline(e0.id()).params(g.params())
                .speedup(0.9091).lower(0.9052).upper(0.9127).confidence(0.95).tier("B").verdict("SLOWER")
                .design("interleaved ABBA: 4 rounds paired, then windows, then samples").rounds(4).fasterThreshold(1.2)
                .slowerThreshold(0.95).build();
        DeviceHealthEntry h = new DeviceHealthEntry(ReportEntries.id(g.benchmark(), "avgt", g.params()), 1, 0, speedup,
                "slower", 1,
                new DeviceHealthEntry.Evidence("B", 1800.0, 15.0, List.of(), List.of("sw_power_cap"), Map.of("power", 12_000_000L),
                        78.0, 690.5),
                new DeviceHealthEntry.Evidence("B", 1980.0, 0.0, List.of(), List.of(), Map.of(), 61.0, 655.0));
        return RunReport.start("0.1.0-SNAPSHOT", "2025-11-29T14:00:00Z", ReportFixtures.fingerprint(ReportFixtures.GPU),
                        Map.of("devices", "all"), "0xC0FFEE")
                .withDevice(d1).withDevice(d0).withBenchmark(e0).withBenchmark(e1).withDeviceHealth(h);
    }

    @Test
    void everyFormatKeysByDeviceAndTheHealthTableNamesTheSlowerGpu() throws Exception {
        RunReport r = twoGpus();
        assertEquals(List.of(0, 1), r.devices().stream().map(DeviceEntry::index).toList(), "devices in index order");
        assertEquals(ReportFixtures.CANDIDATE + "@avgt:n=1024,device=1", r.benchmarks().get(1).id());
        ReportFormats.writeAll(r, tmp, ReportFormats.all());

        RunReport back = JsonReports.read(tmp.resolve("results.json"));
        assertEquals(r, back, "results.json carries devices, entries' devices and device health");
        String json = Files.readString(tmp.resolve("results.json"));
        assertTrue(json.contains("\"deviceHealth\" : ["), json);
        assertTrue(json.contains("\"uuid\" : \"" + UUID1 + "\""), json);

        Golden.assertMatches("device-health.csv", Files.readString(tmp.resolve("device-health.csv")));
        String csv = Files.readString(tmp.resolve("results.csv"));
        assertTrue(csv.contains(",n=1024,1," + UUID1 + ",ok,"), csv);

        String html = Files.readString(tmp.resolve("report.html"));
        assertTrue(html.contains("<section id=\"device-health\">"), html);
        assertTrue(html.contains("<li class=\"vt-slower\">GPU 1 (NVIDIA H200, " + UUID1 + "): named in 1 of 1 comparison</li>"),
                html);
        assertTrue(html.contains(">GPU 1 slower</td><td class=\"num\">1800 / 1980</td><td>none / none</td>"
                + "<td>sw_power_cap</td>"), html);
        assertTrue(html.indexOf("GPU 0 \u00b7 NVIDIA H200") < html.indexOf("GPU 1 \u00b7 NVIDIA H200"), "grouped by device");
        assertEquals(HtmlReportFormat.render(r), html);
    }

    @Test
    void theJournalBringsDevicesAndHealthBack() throws Exception {
        RunReport r = twoGpus();
        try (RunJournal j = RunJournal.start(tmp, RunReport.start(r.snsVersion(), r.createdAt(), r.fingerprint(),
                r.options(), r.seed()))) {
            for (DeviceEntry d : r.devices()) {
                j.device(d);
            }
            for (BenchmarkEntry b : r.benchmarks()) {
                j.benchmark(b);
            }
            j.deviceHealth(r.deviceHealth().get(0));
        }
        assertEquals(r, RunJournal.replay(tmp.resolve(RunJournal.FILE)).report());
    }

    @Test
    void aReportOfOneGpuWritesNoneOfIt() throws Exception {
        RunReport golden = ReportFixtures.golden();
        assertTrue(golden.devices().isEmpty() && golden.deviceHealth().isEmpty());
        String json = JsonReports.toJson(golden);
        assertFalse(json.contains("\"devices\"") || json.contains("\"deviceHealth\"") || json.contains("\"device\""), json);
        ReportFormats.writeAll(golden, tmp, ReportFormats.parseList("csv"));
        assertFalse(Files.exists(tmp.resolve("device-health.csv")));
    }
}
