package dev.sns.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.model.ClockEvidence;
import dev.sns.model.DevicePeaks;
import dev.sns.model.MeasurementTier;
import dev.sns.model.Precision;
import dev.sns.model.TimingResult;
import dev.sns.reports.html.HtmlReportFormat;
import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.Interval;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A share of peak above 100% (work off the timed stream, a tier C result: GpuSample_12's ownStream read
 * 792392.7% of peak bandwidth) is no reading: the card says how far above and why, never a percentage;
 * results.json keeps the ratio, its meaning says so. A share at or under the peak reads as before.
 */
class PeakShareTest {
    /** 1 ms a call: 8e9 bytes and 4e12 FLOP declared are 8000 GB/s and 4000 TFLOP/s, against peaks of 4000 GB/s and 50 TFLOP/s. */
    private static BenchmarkEntry entry(double bytes, double flops) {
        TimingResult r = TimingResult.builder().name("k")
                .samplesMillis(new double[] {0.9, 1.0, 1.1}).windowIds(new int[] {0, 1, 2})
                .percentilesMillis(0.9, 1.0, 1.1).intervalMillis(new Interval(0.95, 1.05, 0.95))
                .tier(MeasurementTier.C, List.of("work off the timed stream")).clocks(ClockEvidence.none("t", false))
                .bootstrap(new BootstrapSettings(0.95, 500, 1L)).estimator("est").timer("fake", 0.001)
                .work(flops, bytes).peaks(new DevicePeaks(4e12, 50e12, Precision.BF16_TENSOR, "basis")).build();
        return ReportEntries.ok("pkg.Streams.ownStream", Map.of(), "gpu-events", r, null);
    }

    @Test
    void aShareAboveThePeakIsNoReadingOnTheCard() {
        BenchmarkEntry e = entry(8e9, 4e12);
        assertEquals(2.0, e.summary().bandwidthShare(), 1e-12);
        assertEquals(80.0, e.summary().flopsShare(), 1e-12);
        String html = HtmlReportFormat.render(ReportFixtures.run(e));
        assertTrue(html.contains("2.00x the peak: not a reading (the timed region saw less work than declared: work off "
                + "the timed stream, data served from a cache, or bytes or FLOP declared above what ran); the peak is "
                + "4000 GB/s"), html);
        assertTrue(html.contains("80.0x the bf16-tensor peak: not a reading ("), html);
        assertTrue(!html.contains("200%") && !html.contains("8000%"), "no share above 100% on the page");
    }

    @Test
    void aShareUnderThePeakReadsAsAPercentage() {
        String html = HtmlReportFormat.render(ReportFixtures.run(entry(2e9, 1e10)));
        assertTrue(html.contains("50% of 4000 GB/s"), html);
        assertTrue(html.contains("20% of 50.00 TFLOP/s (bf16-tensor)"), html);
        assertTrue(!html.contains("not a reading"), html);
    }
}
