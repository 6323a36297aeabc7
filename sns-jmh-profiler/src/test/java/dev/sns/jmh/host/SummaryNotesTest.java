package dev.sns.jmh.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.model.ClockEvidence;
import dev.sns.model.MeasurementTier;
import dev.sns.model.TimingResult;
import dev.sns.stats.Interval;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The notes below the sns summary: reasons of results not tier A, grouped when they differ only in numbers. */
class SummaryNotesTest {
    private static TimingResult result(String id, MeasurementTier tier, String timer, String... reasons) {
        return TimingResult.builder().name(id)
                .samplesMillis(new double[] {1.0, 2.0, 3.0, 4.0}).windowIds(new int[] {0, 0, 1, 1})
                .percentilesMillis(1.5, 2.5, 3.5).intervalMillis(new Interval(2.0, 3.0, 0.95))
                .tier(tier, List.of(reasons)).clocks(ClockEvidence.none("test", false)).timer(timer, 0.001)
                .build();
    }

    /** The CPU benchmark's reason as the analysis words it, with its own numbers. */
    private static String cpuReason(int iterations, double cv) {
        return String.format(Locale.ROOT, "no clock evidence (CPU benchmark): its %d iterations' spread is in its interval "
                + "(CV of iteration scores %.2f%%, in the interval)", iterations, cv);
    }

    @Test
    void fourHundredCpuBenchmarksWithTheSameReasonsSayThemInOneLine() {
        List<TimingResult> suite = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            suite.add(result("dev.sns.bench.Cpu.sum@avgt:n=" + i, MeasurementTier.B, "JMH avgt",
                    cpuReason(6 + i % 19, 0.5 + i * 0.03)));
        }
        List<String> lines = SummaryNotes.tierReasons(suite);
        assertEquals(List.of("sns: tier B, 400 CPU benchmarks: no clock evidence (CPU benchmark): their 6 to 24 "
                + "iterations' spread is in their interval (CV of iteration scores 0.50 to 12.47%, in the interval)"),
                lines);
    }

    @Test
    void tierAIsLeftOutTierCComesFirstAndALoneReasonNamesItsBenchmarkByItsShortId() {
        List<String> lines = SummaryNotes.tierReasons(List.of(
                result("dev.sns.bench.Gpu.clean@avgt", MeasurementTier.A, "cuda-events"),
                result("dev.sns.bench.Cpu.sum@avgt:n=1.5", MeasurementTier.B, "JMH avgt", cpuReason(6, 13.42)),
                result("dev.sns.bench.Cpu.sum@avgt:n=2.5", MeasurementTier.B, "JMH avgt", cpuReason(24, 0.58)),
                result("dev.sns.bench.Gpu.hot@avgt", MeasurementTier.C, "cuda-events", "throttled in 3 of 6 windows",
                        "clocks not locked"),
                result("dev.sns.bench.Gpu.free@avgt", MeasurementTier.B, "cuda-events", "clocks not locked")));
        assertEquals(List.of(
                "sns: tier C, Gpu.hot@avgt: throttled in 3 of 6 windows; clocks not locked",
                "sns: tier B, 2 CPU benchmarks: no clock evidence (CPU benchmark): their 6 to 24 iterations' spread is in "
                        + "their interval (CV of iteration scores 0.58 to 13.42%, in the interval)",
                "sns: tier B, Gpu.free@avgt: clocks not locked"), lines);
    }

    @Test
    void numbersInsideWordsAreTextAndAGroupOfBothKindsSaysBenchmarks() {
        List<String> lines = SummaryNotes.group("tier B", List.of(
                new SummaryNotes.Note("a.B.c@avgt", true, "sm_90 at 1500 MHz"),
                new SummaryNotes.Note("a.B.d@avgt", false, "sm_90 at 1500 MHz"),
                new SummaryNotes.Note("a.B.e@avgt", false, "sm_80 at 1500 MHz")));
        assertEquals(List.of("sns: tier B, 2 benchmarks: sm_90 at 1500 MHz", "sns: tier B, B.e@avgt: sm_80 at 1500 MHz"),
                lines);
    }

    @Test
    void manyKindsOfReasonsAreCappedWithTheRestCounted() {
        List<TimingResult> suite = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            suite.add(result("dev.sns.bench.Gpu.k" + i + "@avgt", MeasurementTier.B, "cuda-events",
                    "reason of kind " + Character.toString('a' + (i % 26)) + i % 26));
        }
        List<String> lines = SummaryNotes.tierReasons(suite);
        assertEquals(SummaryNotes.MAX_LINES, lines.size(), String.join("\n", lines));
        assertEquals("sns: and 15 more lines of results not tier A: their tierReasons are in results.json",
                lines.get(lines.size() - 1));
        assertTrue(lines.get(0).startsWith("sns: tier B, 2 GPU benchmarks: reason of kind a0"), lines.get(0));
    }

    @Test
    void aNetReadingWithinTheLaunchOverheadIsSaidAndAMeasurableOneIsNot() {
        TimingResult lost = TimingResult.builder().name("dev.sns.bench.Gpu.empty@avgt")
                .samplesMillis(new double[] {0.0014, 0.0015, 0.0015, 0.0016}).percentilesMillis(0.0014, 0.001464, 0.0016)
                .intervalMillis(new Interval(0.00144, 0.00149, 0.95)).tier(MeasurementTier.A, List.of())
                .clocks(ClockEvidence.none("test", false)).timer("cuda-events", 0.000001)
                .launchOverhead(0.00152, new Interval(0.0015, 0.00154, 0.95)).build();
        TimingResult clear = TimingResult.builder().name("dev.sns.bench.Gpu.spin@avgt")
                .samplesMillis(new double[] {0.01, 0.011, 0.011, 0.012}).percentilesMillis(0.01, 0.011, 0.012)
                .intervalMillis(new Interval(0.0105, 0.0115, 0.95)).tier(MeasurementTier.A, List.of())
                .clocks(ClockEvidence.none("test", false)).timer("cuda-events", 0.000001)
                .launchOverhead(0.00152, new Interval(0.0015, 0.00154, 0.95)).build();
        assertEquals(List.of("sns: net, Gpu.empty@avgt: not measurable net of launch overhead: read its raw median "
                + "(launch overhead 1.520 us)"), SummaryNotes.notNetMeasurable(List.of(lost, clear)));
    }

    @Test
    void theShortIdDropsThePackageOnly() {
        assertEquals("CpuSample_01_ArraySum.sum@avgt:n=65536",
                SummaryNotes.shortId("dev.sns.benchmarks.CpuSample_01_ArraySum.sum@avgt:n=65536"));
        assertEquals("Bench.m@avgt:x=1.5,y=a.b", SummaryNotes.shortId("p.Bench.m@avgt:x=1.5,y=a.b"));
        assertEquals("Bench.m", SummaryNotes.shortId("Bench.m"));
    }
}
