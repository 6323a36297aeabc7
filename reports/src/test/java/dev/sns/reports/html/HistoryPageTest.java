package dev.sns.reports.html;

import static dev.sns.reports.html.HtmlReportFormatTest.count;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.reports.changes.ChangeDetector;
import dev.sns.reports.changes.ChangeSettings;
import dev.sns.reports.changes.SeriesChanges;
import dev.sns.reports.history.BenchmarkSeries;
import dev.sns.reports.history.HistoryPoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** history.html: self-contained and script-free, one trend per series with its change points, tiers and hovers. */
class HistoryPageTest {
    private static BenchmarkSeries series(String id, int n, int stepAt, String tier) {
        List<HistoryPoint> points = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double m = (i >= stepAt ? 1.06 : 1.0) * (1 + 0.004 * Math.sin(i * 1.7));
            points.add(new HistoryPoint(i + 1, "2025-01-01T00:00:" + (10 + i) + "Z", "c0ffee" + i, "main", i == 3,
                    "g", "ok", i == 5 ? "C" : tier, m, m * 0.999, m * 1.001, 0.95, 100, null, true));
        }
        return new BenchmarkSeries(id, "0", "fp0123456789abcd", Map.of("gpuName", "NVIDIA H200"), points);
    }

    @Test
    void eachSeriesHasATrendWithItsChangePointAndNothingIsFetched() {
        SeriesChanges step = ChangeDetector.analyze(series("x.Step.run<b>", 40, 25, "A"), ChangeSettings.DEFAULTS);
        SeriesChanges flat = ChangeDetector.analyze(series("x.Flat.run", 40, 99, "B"), ChangeSettings.DEFAULTS);
        String html = HistoryPage.render("team <db>", List.of(step, flat));
        assertTrue(html.contains("Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
                + "img-src data:\">"));
        for (String banned : new String[] {"<script", "http:", "https:", "src=", "<link", "@import"}) {
            assertFalse(html.contains(banned), banned);
        }
        assertEquals(2, count(html, "<svg class=\"plot trend\""));
        assertEquals(1, step.changes().size());
        assertTrue(html.contains(">+6.0% at run 26<") || html.contains(">+5.9% at run 26<")
                || html.contains(">+6.1% at run 26<"), "the change point's label");
        assertTrue(html.contains("class=\"ci-line cp-slower\""));
        assertEquals(78, count(html, "<circle class=\"pt tier-"), "39 runs per series (tier C left out)");
        assertTrue(html.contains("<title>run 4 · commit c0ffee3+ (main) · 2025-01-01T00:00:13Z · "), "hover: run, commit");
        assertTrue(html.contains("x.<wbr>Step.<wbr>run&lt;b&gt;") && !html.contains("run<b>"), "escaped");
        assertTrue(html.contains("team &lt;db&gt;"));
        assertTrue(html.contains("1 runs left out (tier C, failed or skipped)"));
        assertTrue(html.endsWith("</html>\n"));
        assertEquals(html, HistoryPage.render("team <db>", List.of(step, flat)), "the same analyses, the same bytes");
    }
}
