package dev.sns.reports.html;

import dev.sns.reports.AtomicFiles;
import dev.sns.reports.ReportFormat;
import dev.sns.reports.RunReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * report.html: one self-contained page (inline CSS and SVG, nothing fetched) showing each
 * benchmark's samples, clocks, tier and numbers, and the comparisons' speedup intervals. The JMH
 * collector writes it through {@link dev.sns.reports.ReportFormats}; {@code sns-reports.jar render}
 * calls {@link #writePage} for a results.json.
 */
public final class HtmlReportFormat implements ReportFormat {
    /** The file {@link #write} creates. */
    public static final String FILE = "report.html";

    /** For {@link java.util.ServiceLoader}; {@link dev.sns.reports.ReportFormats#byName} gives the shared instance. */
    public HtmlReportFormat() {}

    /** The page's text; the same report always gives the same text, whatever the default locale. */
    public static String render(RunReport report) {
        return HtmlReportRenderer.render(report);
    }

    /** Writes the page to {@code file}, any name, atomically (UTF-8): readers see the old page or the new one. */
    public static void writePage(RunReport report, Path file) throws IOException {
        AtomicFiles.write(file, render(report).getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String name() {
        return "html";
    }

    @Override
    public String description() {
        return FILE + ": one self-contained page of samples, clocks, tiers and speedup intervals";
    }

    @Override
    public List<String> fileNames() {
        return List.of(FILE);
    }

    @Override
    public void write(RunReport report, Path dir) throws IOException {
        writePage(report, dir.resolve(FILE));
    }
}
