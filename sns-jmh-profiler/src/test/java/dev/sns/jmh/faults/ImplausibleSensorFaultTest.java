package dev.sns.jmh.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.SnsEngine;
import dev.sns.fakes.FakeBackend;
import dev.sns.fakes.FakeSensors;
import dev.sns.fakes.FakeTimer;
import dev.sns.fakes.SteppedPacer;
import dev.sns.gpu.SampledTelemetry;
import dev.sns.model.TimingResult;
import dev.sns.options.SnsOptions;
import dev.sns.reports.ReportEntries;
import dev.sns.reports.ReportFormats;
import dev.sns.reports.RunReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fault group "a sensor that lies": a GPU whose SM clock sensor reads 1e308 MHz every other time. The
 * measurement keeps those readings out of its evidence and says so, and the reports (JSON, CSV, HTML)
 * are written with that note and without the absurd value.
 */
class ImplausibleSensorFaultTest {
    @TempDir
    Path tmp;

    @Test
    void absurdSensorReadingsStayOutOfTheEvidenceAndEveryReportIsWritten() throws Exception {
        FakeTimer t = new FakeTimer();
        SampledTelemetry sensors = new SampledTelemetry(new FakeSensors(1980, 1e308),
                SteppedPacer.atEdges()); // 2 readings a window: one just before it, one inside
        TimingResult r = new SnsEngine(new FakeBackend(t, sensors), s -> { }).measure(t.work(50_000),
                SnsOptions.builder().name("faulty.sensor").warmup(5).iterations(20).windows(4).innerReps(2).build());
        assertTrue(Arrays.stream(r.clocks().smClockMhz()).allMatch(mhz -> mhz == 1980), Arrays.toString(r.clocks().smClockMhz()));
        assertEquals(4, r.clocks().smClockSampleCount(), "one good reading in each of 4 windows");
        assertTrue(r.clocks().throttle().metadataReasons().stream().anyMatch(m -> m.endsWith(
                "implausible sensor readings ignored (a sensor fault)")), r.clocks().throttle().toString());
        assertEquals(1980.0, r.smClockMeanMhz(), 0.0);
        assertEquals(0.05, r.medianMillis(), 1e-12);

        RunReport report = RunReport.start("test", "2025-11-29T14:00:00Z", Map.of(), Map.of(), "0x1")
                .withBenchmark(ReportEntries.ok("faulty.sensor", Map.of(), "gpu-events", r, null));
        ReportFormats.writeAll(report, tmp, ReportFormats.all());
        for (String file : new String[] {"results.json", "results.csv", "report.html"}) {
            // the page's own sorting script may say Infinity; the data may not
            String text = Files.readString(tmp.resolve(file)).replaceAll("(?s)<script>.*?</script>", "");
            assertFalse(text.contains("E308") || text.contains("e+308") || text.contains("Infinity"), file + ": " + text);
        }
        assertTrue(Files.readString(tmp.resolve("results.json")).contains("implausible sensor readings ignored"));
        assertTrue(Files.readString(tmp.resolve("report.html")).contains("implausible sensor readings ignored"));
    }
}
