package dev.sns.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.model.ClockEvidence;
import dev.sns.model.ComparisonResult;
import dev.sns.model.DevicePeaks;
import dev.sns.model.KernelBreakdown;
import dev.sns.model.Precision;
import dev.sns.model.SpeedupReading;
import dev.sns.model.MeasurementTier;
import dev.sns.model.ThrottleEvidence;
import dev.sns.model.SamplingStop;
import dev.sns.model.TimingResult;
import dev.sns.model.VerdictThresholds;
import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.Interval;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Results become entries field by field: every number below is distinct, so a builder call that
 * sets the wrong field shows. The builders name a bad value.
 */
class ReportEntriesTest {
    private static TimingResult result(double median) {
        return TimingResult.builder().name("k")
                .samplesMillis(new double[] {1.0, 2.0, 3.0, 4.0}).windowIds(new int[] {0, 0, 1, 1})
                .percentilesMillis(median - 0.7, median, median + 0.9)
                .intervalMillis(new Interval(median - 0.25, median + 0.35, 0.9))
                .tier(MeasurementTier.B, List.of("clocks not locked"))
                .warmupCalls(17).innerReps(3)
                .clocks(new ClockEvidence("nvml", true, new double[] {1980, 1965}, new double[] {2619},
                        new ThrottleEvidence(List.of("HW_SLOWDOWN"), List.of("SW_POWER_CAP"), Map.of("thermal", 5L)),
                        new double[] {41}, new double[] {250.5}))
                .bootstrap(new BootstrapSettings(0.9, 500, 0xBEEFL)).estimator("est").timer("fake", 0.001)
                .work(4e9, 6e9).launchOverhead(0.2, new Interval(0.15, 0.28, 0.9))
                .build();
    }

    /** results.csv's last columns, the board's nine, empty for an entry without a board. */
    private static final String NO_BOARD = ",".repeat(9);

    @Test
    void aMeasuredBenchmarkCarriesEverySummaryAndClockField() {
        TimingResult r = result(2.5);
        BenchmarkEntry e = ReportEntries.ok("pkg.K.run", Map.of("n", "8"), "gpu-events", r, new int[] {0, 0, 1, 1});
        BenchmarkEntry.Summary s = e.summary();
        assertEquals(List.of(r.medianMillis(), r.p10Millis(), r.p90Millis(), r.intervalMillis().lower(),
                r.intervalMillis().upper(), r.intervalMillis().confidence()),
                List.of(s.median(), s.p10(), s.p90(), s.lower(), s.upper(), s.confidence()));
        assertEquals(List.of(4, 2, 2, 3), List.of(s.n(), s.windows(), s.forks(), s.innerReps()));
        assertEquals(17L, s.warmupCalls());
        assertEquals(List.of(r.timerStepMillis(), r.launchOverheadMillis(), 0.15, 0.28, r.netMedianMillis(),
                r.netIntervalMillis().orElseThrow().lower(), r.netIntervalMillis().orElseThrow().upper()),
                List.of(s.timerStep(), s.launchOverhead(), s.launchOverheadLower(), s.launchOverheadUpper(),
                        s.netMedian(), s.netLower(), s.netUpper()));
        assertEquals(List.of(4e9, 6e9, r.tflops(), r.gbPerSecond()),
                List.of(s.flopsPerCall(), s.bytesPerCall(), s.tflops(), s.gbPerSecond()));
        assertEquals("est", s.estimator());
        BenchmarkEntry.Clocks c = e.clocks();
        assertEquals("nvml", c.source());
        assertEquals(true, c.locked());
        assertEquals(List.of(r.smClockMeanMhz(), r.smClockCvPercent(), r.smClockRangeMhz()),
                List.of(c.smMeanMhz(), c.smCvPercent(), c.smRangeMhz()));
        assertEquals(List.of(1980.0, 1965.0), c.smMhz());
        assertEquals(List.of(2619.0), c.memMhz());
        assertEquals(List.of("HW_SLOWDOWN"), c.throttleReasons());
        assertEquals(List.of("SW_POWER_CAP"), c.metadataReasons());
        assertEquals(Map.of("thermal", 5L), c.violationNanos());
        assertEquals(List.of(41.0), c.temperatureC());
        assertEquals(List.of(250.5), c.powerW());
        assertEquals(new BenchmarkEntry.Bootstrap(0.9, 500, "0xBEEF"), e.bootstrap());
    }

    @Test
    void aComparisonCarriesEveryField() {
        TimingResult candidate = result(2.0);
        TimingResult baseline = result(3.0);
        ComparisonResult cr = new ComparisonResult(candidate, baseline, new Interval(1.4, 1.6, 0.9),
                new Interval(1.45, 1.65, 0.9), "paired rounds", new VerdictThresholds(1.3, 0.8));
        ComparisonEntry c = ReportEntries.comparison("cand", "base", Map.of("n", "8"), cr, 4);
        assertEquals(ComparisonEntry.builder().candidate("cand").baseline("base").params(Map.of("n", "8"))
                .speedup(1.5).lower(1.4).upper(1.6).confidence(0.9).cycleLower(1.45).cycleUpper(1.65)
                .tier(cr.tier().name()).verdict(cr.verdict().name()).design("paired rounds").rounds(4)
                .fasterThreshold(1.3).slowerThreshold(0.8).netUnavailable("no net speedup computed").verdictOn("raw")
                .minDetectableChange(cr.minDetectableChange()).build(), c);
        // [1.4, 1.6] at 90%: SE of ln(ratio) = ln(1.6 / 1.4) / (2 x 1.645) = 0.04059, MDC 2.8016 x that
        assertEquals(0.11372, c.minDetectableChange(), 1e-5);
    }

    @Test
    void peaksKernelsAndTheNetSpeedupReachTheirEntries() {
        KernelBreakdown k = new KernelBreakdown(List.of(new KernelBreakdown.Row("spin(unsigned long)", "_Z4spinm", "1", "1",
                1.0, 2.0, new Interval(1.9, 2.1, 0.9), 0.8)), 40, 2.0, new Interval(1.95, 2.05, 0.9), 2.5, 2.3, 1, 2L, "");
        TimingResult r = result(2.5).toBuilder().kernels(k)
                .peaks(new DevicePeaks(4e12, 50e12, Precision.BF16_TENSOR, "basis")).build();
        BenchmarkEntry e = ReportEntries.ok("pkg.K.run", Map.of(), "gpu-events", r, null);
        assertEquals(new BenchmarkEntry.Peaks(4000.0, 50.0, "bf16-tensor", "basis"), e.peaks());
        assertEquals(r.gbPerSecond() / 4000.0, e.summary().bandwidthShare(), 1e-15);
        assertEquals(r.tflops() / 50.0, e.summary().flopsShare(), 1e-15);
        assertEquals(new BenchmarkEntry.Kernels(40, 2.0, 1.95, 2.05, 2.5, 2.3, 0.8, 0.19999999999999996, 1, 2L, "",
                List.of(new BenchmarkEntry.KernelRow("spin(unsigned long)", "_Z4spinm", "1", "1", 1.0, 2.0, 1.9, 2.1,
                        0.8, "activity"))), e.kernels());
        BenchmarkEntry none = ReportEntries.ok("pkg.K.run", Map.of(), "gpu-events", result(2.5).toBuilder()
                .kernels(KernelBreakdown.unavailable("no CUPTI")).build(), null);
        assertEquals("no CUPTI", none.kernels().unavailable());
        assertNull(none.kernels().calls());
        assertNull(none.peaks());

        ComparisonResult cr = new ComparisonResult(result(2.0), result(3.0), new Interval(1.4, 1.6, 0.9), null,
                new Interval(1.45, 1.65, 0.9), "", "paired rounds", new VerdictThresholds(1.3, 0.8), SpeedupReading.NET);
        ComparisonEntry c = ReportEntries.comparison("cand", "base", Map.of(), cr, 0);
        assertEquals(List.of(cr.netSpeedup(), 1.45, 1.65), List.of(c.netSpeedup(), c.netLower(), c.netUpper()));
        assertEquals("net", c.verdictOn());
        assertEquals("", c.netUnavailable());
    }

    /**
     * What the interval covers and where a repeat call reads (TimingResult.intervalScope(),
     * repeatIntervalMillis()) reach the summary, results.json, results.csv and the card; unknown, they
     * are left out of results.json (no key at all) and empty in results.csv, never "" or -1.
     */
    @Test
    void theIntervalsScopeAndTheRepeatIntervalReachEveryFormatAndAreLeftOutWhenUnknown() {
        TimingResult known = result(2.5).toBuilder().intervalScope(TimingResult.SCOPE_CALL)
                .repeat(0.06, new Interval(2.1, 2.9, 0.9)).build();
        BenchmarkEntry e = ReportEntries.ok("pkg.K.run", Map.of(), "gpu-events", known, null);
        assertEquals(List.of("within this call", 2.1, 2.9), Arrays.asList(e.summary().intervalScope(),
                e.summary().repeatLower(), e.summary().repeatUpper()));
        String json = JsonReports.toJson(ReportFixtures.run(e));
        assertTrue(json.contains("\"intervalScope\" : \"within this call\",\n"), json);
        assertTrue(json.contains("\"repeatLower\" : 2.1,\n        \"repeatUpper\" : 2.9,\n"), json);
        assertTrue(CsvReports.benchmarksCsv(ReportFixtures.run(e)).matches("(?s).*,within this call,2.1,2.9,,"
                + SAMPLING_COLUMNS));
        String page = dev.sns.reports.html.HtmlReportFormat.render(ReportFixtures.run(e));
        assertTrue(page.contains("<div><dt>interval covers</dt><dd>within this call</dd></div>\n"
                + "<div><dt>repeat-call interval</dt><dd>[2.100, 2.900] ms</dd></div>"), page);

        BenchmarkEntry unknown = ReportEntries.ok("pkg.K.run", Map.of(), "gpu-events", result(2.5), null);
        assertEquals(Arrays.asList(null, null, null), Arrays.asList(unknown.summary().intervalScope(),
                unknown.summary().repeatLower(), unknown.summary().repeatUpper()));
        String left = JsonReports.toJson(ReportFixtures.run(unknown));
        assertFalse(left.contains("intervalScope") || left.contains("repeatLower") || left.contains("repeatUpper"), left);
        assertTrue(CsvReports.benchmarksCsv(ReportFixtures.run(unknown)).matches("(?s).*,,,," + SAMPLING_COLUMNS));
    }

    /** The last four results.csv columns of a fixed count: precision, no target, "count", the samples' GPU time. */
    private static final String SAMPLING_COLUMNS = "[0-9.E-]*,,count,[0-9.E-]*" + ReportEntriesTest.LATER_COLUMNS;

    /** The columns after those: net_measurable, min_detectable_change and the board's nine. */
    static final String LATER_COLUMNS = "(,[^,\n]*){11}\n";

    /**
     * Adaptive precision (TimingResult.precisionFraction(), precisionTargetFraction(), samplingStop(),
     * samplingGpuMillis()) reaches the summary, results.json, results.csv and the card; the target is
     * left out for a fixed count.
     */
    @Test
    void howSamplingWentReachesEveryFormatAndTheTargetIsLeftOutForAFixedCount() {
        TimingResult adaptive = result(2.5).toBuilder().sampling(SamplingStop.TARGET, 0.005, 640.5).build();
        BenchmarkEntry e = ReportEntries.ok("pkg.K.run", Map.of(), "gpu-events", adaptive, null);
        double reached = adaptive.precisionFraction();
        assertEquals(Arrays.asList(reached, 0.005, "target", 640.5), Arrays.asList(e.summary().precision(),
                e.summary().precisionTarget(), e.summary().stop(), e.summary().samplingGpuMs()));
        String json = JsonReports.toJson(ReportFixtures.run(e));
        assertTrue(json.contains("\"precisionTarget\" : 0.005,\n") && json.contains("\"stop\" : \"target\",\n")
                && json.contains("\"samplingGpuMs\" : 640.5,\n"), json);
        assertTrue(CsvReports.benchmarksCsv(ReportFixtures.run(e)).matches("(?s).*,[0-9.E-]+,0.005,target,640.5" + LATER_COLUMNS));
        String page = dev.sns.reports.html.HtmlReportFormat.render(ReportFixtures.run(e));
        assertTrue(page.contains("<div><dt>precision</dt><dd>+-" + Figures.sig(100 * reached, 3)
                + "% (target +-0.500%: target reached; samples " + Figures.time(640.5) + " of GPU time)</dd></div>"), page);

        BenchmarkEntry fixed = ReportEntries.ok("pkg.K.run", Map.of(), "gpu-events", result(2.5), null);
        assertNull(fixed.summary().precisionTarget());
        assertEquals("count", fixed.summary().stop());
        assertFalse(JsonReports.toJson(ReportFixtures.run(fixed)).contains("precisionTarget"));
    }

    /** A library's first call (its workspace, its kernels' module) reaches every format; absent when not measured. */
    @Test
    void theFirstCallsCostReachesEveryFormatAndIsLeftOutWhenUnknown() {
        TimingResult measured = result(2.5).toBuilder().firstCallMillis(85.25).build();
        BenchmarkEntry e = ReportEntries.ok("pkg.K.run", Map.of(), "gpu-events", measured, null);
        assertEquals(85.25, e.summary().firstCall());
        assertTrue(JsonReports.toJson(ReportFixtures.run(e)).contains("\"firstCall\" : 85.25,\n"));
        assertTrue(CsvReports.benchmarksCsv(ReportFixtures.run(e)).matches("(?s).*,85\\.25," + SAMPLING_COLUMNS));
        String page = dev.sns.reports.html.HtmlReportFormat.render(ReportFixtures.run(e));
        assertTrue(page.contains("<div><dt>first call</dt><dd>85.25 ms</dd></div>"), page);
        BenchmarkEntry unknown = ReportEntries.ok("pkg.K.run", Map.of(), "gpu-events", result(2.5), null);
        assertNull(unknown.summary().firstCall());
        assertFalse(JsonReports.toJson(ReportFixtures.run(unknown)).contains("firstCall"));
        assertEquals("summary firstCall must not be negative, got -1.0", assertThrows(IllegalArgumentException.class,
                () -> BenchmarkEntry.Summary.builder().firstCall(-1.0).build()).getMessage());
    }

    @Test
    void aFieldNotSetIsNull() {
        BenchmarkEntry.Summary s = BenchmarkEntry.Summary.builder().median(1.0).build();
        assertEquals(1.0, s.median());
        assertNull(s.lower());
        assertNull(s.estimator());
        assertEquals(Map.of(), BenchmarkEntry.Clocks.builder().build().violationNanos());
    }

    @Test
    void theBuildersNameTheBadValue() {
        assertEquals("summary lower (2.0) > upper (1.0)", assertThrows(IllegalArgumentException.class,
                () -> BenchmarkEntry.Summary.builder().lower(2.0).upper(1.0).build()).getMessage());
        assertEquals("summary netLower (0.5) > netUpper (0.4)", assertThrows(IllegalArgumentException.class,
                () -> BenchmarkEntry.Summary.builder().netLower(0.5).netUpper(0.4).build()).getMessage());
        assertEquals("summary n must not be negative, got -1", assertThrows(IllegalArgumentException.class,
                () -> BenchmarkEntry.Summary.builder().n(-1).build()).getMessage());
        assertEquals("summary confidence must be in (0, 1) (0.95 is 95%), got 95.0",
                assertThrows(IllegalArgumentException.class,
                        () -> BenchmarkEntry.Summary.builder().confidence(95.0).build()).getMessage());
        assertEquals("summary intervalScope is empty: leave it null when not known", assertThrows(
                IllegalArgumentException.class, () -> BenchmarkEntry.Summary.builder().intervalScope("").build())
                .getMessage());
        assertEquals("summary repeatLower (1.0) without repeatUpper: give both bounds or neither", assertThrows(
                IllegalArgumentException.class, () -> BenchmarkEntry.Summary.builder().repeatLower(1.0).build())
                .getMessage());
        assertEquals("summary repeatLower (1.2) > repeatUpper (1.1)", assertThrows(IllegalArgumentException.class,
                () -> BenchmarkEntry.Summary.builder().repeatLower(1.2).repeatUpper(1.1).build()).getMessage());
        assertEquals("comparison baseline is missing", assertThrows(IllegalArgumentException.class,
                () -> ComparisonEntry.builder().candidate("a").build()).getMessage());
        assertEquals("comparison cycleLower (1.2) > cycleUpper (1.1)", assertThrows(IllegalArgumentException.class,
                () -> ComparisonEntry.builder().candidate("a").baseline("b").cycleLower(1.2).cycleUpper(1.1).build())
                .getMessage());
    }
}
