package dev.sns.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sns.model.ClockEvidence;
import dev.sns.model.ComparisonResult;
import dev.sns.model.EnergyComparison;
import dev.sns.model.EnergyResult;
import dev.sns.model.MeasurementTier;
import dev.sns.model.TimingResult;
import dev.sns.model.VerdictThresholds;
import dev.sns.reports.html.HtmlReportFormat;
import dev.sns.stats.Interval;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Energy in the reports: present beside the time where it was measured (JSON, energy.csv, the HTML
 * card with its power trace, the pair's energy ratio), only its reason where it could not be, and
 * absent everywhere (the goldens unchanged) where it was not asked for.
 */
class ReportEnergyTest {
    @TempDir
    Path tmp;

    private static TimingResult timed(String name, EnergyResult energy) {
        return TimingResult.builder().name(name)
                .samplesMillis(new double[] {1.0, 1.0, 1.0, 1.0}).windowIds(new int[] {0, 0, 1, 1})
                .percentilesMillis(1.0, 1.0, 1.0).intervalMillis(new Interval(1.0, 1.0, 0.95))
                .tier(MeasurementTier.B, List.of("clocks not locked")).clocks(ClockEvidence.none("none", false))
                .timer("fake", 0.0).energy(energy).build();
    }

    private static EnergyResult measured(double jpc) {
        return EnergyResult.builder()
                .joulesPerCall(jpc, new Interval(jpc * 0.99, jpc * 1.01, 0.95))
                .watts(300, new Interval(298, 302, 0.95))
                .idleWatts(120, new Interval(119, 121, 0.95))
                .aboveIdle(jpc * 0.6, new Interval(jpc * 0.59, jpc * 0.61, 0.95))
                .windows(10, 1, 5, 100.2).totals(5000, 5.0).temperatures(35, 41, 40, 1).powerSensorRatio(0.998)
                .work(Double.NaN, 1e9).estimator("bootstrap of the median over 10 energy windows")
                .trace(List.of(new EnergyResult.TracePoint(0, 0, 0.2, 24, 0, 120, Double.NaN, 35, 35, false, true),
                        new EnergyResult.TracePoint(0, 1, 0.5, 150, 500, 300, jpc, 41, 40, true, false)))
                .build();
    }

    @Test
    void measuredEnergySitsBesideTheTimeInEveryFormat() throws Exception {
        TimingResult c = timed("cand", measured(0.3));
        TimingResult b = timed("base", measured(0.15));
        ComparisonResult cr = new ComparisonResult(c, b, new Interval(0.99, 1.01, 0.95), null, "paired",
                VerdictThresholds.defaults()).withEnergy(new EnergyComparison(0.5, new Interval(0.49, 0.51, 0.95),
                0.5, new Interval(0.48, 0.52, 0.95), 0.05, true, "interleaved windows: 10 ABBA rounds paired", ""));
        RunReport r = ReportFixtures.run(ReportEntries.ok("cand", Map.of(), "gpu-events", c, null),
                ReportEntries.ok("base", Map.of(), "gpu-events", b, null),
                ReportEntries.comparison("cand", "base", Map.of(), cr, 0));
        JsonNode e = new ObjectMapper().readTree(JsonReports.toJson(r)).get("benchmarks").get(0).get("energy");
        assertEquals(0.3, e.get("joulesPerCall").asDouble(), 0.0);
        assertEquals(0.297, e.get("lower").asDouble(), 1e-12);
        assertEquals(300, e.get("watts").asDouble(), 0.0);
        assertEquals(120, e.get("idleWatts").asDouble(), 0.0);
        assertEquals(1.0 / 0.3, e.get("gbPerJoule").asDouble(), 1e-9);
        assertFalse(e.has("gflopsPerJoule"), "not declared: absent");
        assertFalse(e.has("unavailable"));
        assertEquals(2, e.get("trace").size());
        assertTrue(e.get("trace").get(0).get("idle").asBoolean());
        assertFalse(e.get("trace").get(0).has("joulesPerCall"), "an idle window has no joules per call");
        JsonNode pair = new ObjectMapper().readTree(JsonReports.toJson(r)).get("comparisons").get(0).get("energy");
        assertEquals("MORE_ENERGY", pair.get("verdict").asText());
        assertEquals(0.5, pair.get("ratio").asDouble(), 0.0);

        Path file = tmp.resolve("results.json");
        Files.writeString(file, JsonReports.toJson(r));
        RunReport back = JsonReports.read(file);
        assertEquals(JsonReports.toJson(r), JsonReports.toJson(back), "energy survives a round trip");

        String csv = CsvReports.energyCsv(r);
        assertTrue(csv.startsWith(String.join(",", CsvReports.ENERGY_COLUMNS) + "\n"), csv);
        assertTrue(csv.contains("\ncand,1.0,0.3,0.297,0.303,300.0,"), csv);
        assertTrue(CsvReports.energyComparisonsCsv(r).contains("cand,base,,1.0,PARITY,0.5,0.49,0.51,0.5,0.48,0.52,"
                + "MORE_ENERGY,0.05,"), CsvReports.energyComparisonsCsv(r));
        new CsvReportFormat().write(r, tmp);
        assertTrue(Files.exists(tmp.resolve("energy.csv")) && Files.exists(tmp.resolve("energy_comparisons.csv")));

        String html = HtmlReportFormat.render(r);
        assertTrue(html.contains("energy per call (board)</dt><dd>300.0 mJ [297.0 mJ, 303.0 mJ]"), html);
        assertTrue(html.contains("power trace of cand"), "the power trace is drawn");
        assertTrue(html.contains("MORE_ENERGY"), "the pair's energy verdict is shown");
    }

    @Test
    void energyAskedForAndNotMeasuredIsItsReasonAloneAndNotAskedForIsAbsent() throws Exception {
        TimingResult none = timed("k", EnergyResult.unavailable("the wall-clock timer measures no energy"));
        RunReport r = ReportFixtures.run(ReportEntries.ok("k", Map.of(), "host-timer", none, null),
                ReportEntries.ok("plain", Map.of(), "host-timer", timed("plain", null), null));
        JsonNode benches = new ObjectMapper().readTree(JsonReports.toJson(r)).get("benchmarks");
        JsonNode e = benches.get(0).get("energy");
        assertEquals(List.of("unavailable"), List.copyOf(iterable(e.fieldNames())), "no number, not even a zero");
        assertFalse(benches.get(1).has("energy"));
        assertNull(ReportEntries.ok("plain", Map.of(), "host-timer", timed("plain", null), null).energy());
        assertTrue(CsvReports.energyCsv(r).contains("the wall-clock timer measures no energy"));
        // a CPU benchmark's card leaves out what only a GPU has: energy not measured is said in results.json and energy.csv
        assertFalse(HtmlReportFormat.render(r).contains("Energy: not measured"));
        new CsvReportFormat().write(ReportFixtures.run(ReportEntries.ok("plain", Map.of(), "host-timer",
                timed("plain", null), null)), tmp.resolve("plain"));
        assertFalse(Files.exists(tmp.resolve("plain/energy.csv")), "no energy asked for: no energy.csv");
    }

    private static <T> List<T> iterable(java.util.Iterator<T> it) {
        List<T> out = new java.util.ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }
}
