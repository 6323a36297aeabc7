package dev.sns.reports;

import dev.sns.reports.html.HtmlReportRenderer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * report.html: one self-contained page (inline CSS and SVG, nothing fetched) showing each
 * benchmark's samples, clocks, tier and numbers, and the comparisons' speedup intervals. The JMH
 * collector calls {@link #write} reflectively after every benchmark; {@code sns-reports.jar render}
 * calls it for a results.json.
 */
public final class HtmlReports {
    private HtmlReports() {}

    /** The page's text; the same report always gives the same text, whatever the default locale. */
    public static String render(RunReport report) {
        return HtmlReportRenderer.render(report);
    }

    /** Writes the page to {@code file} atomically (UTF-8): readers see the old page or the new one. */
    public static void write(RunReport report, Path file) throws IOException {
        AtomicFiles.write(file, render(report).getBytes(StandardCharsets.UTF_8));
    }
}
