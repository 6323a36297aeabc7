package dev.sns.jmh;

import dev.sns.reports.RunReport;
import java.io.IOException;
import java.nio.file.Path;

/** Report formats beyond JSON and CSV, looked up so that the profiler works without them. */
final class ReportWriters {
    private ReportWriters() {}

    /** Writes report.html when the reports module has an HTML writer (it arrives with the HTML report). */
    static void writeHtml(RunReport report, Path dir) throws IOException {
        try {
            Class<?> c = Class.forName("dev.sns.reports.HtmlReports");
            c.getMethod("write", RunReport.class, Path.class).invoke(null, report, dir.resolve("report.html"));
        } catch (ClassNotFoundException e) {
            // no HTML writer in this build
        } catch (ReflectiveOperationException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            if (cause instanceof IOException io) {
                throw io;
            }
            throw new IOException("writing report.html: " + cause, cause);
        }
    }
}
