package dev.sns.reports;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Writes {@link ReportFixtures#realistic()} in every report format (results.json, the CSV files,
 * report.html) into a directory, for looking at the page in a browser (a manual check, not a test):
 * {@code java -cp <test classpath> dev.sns.reports.RealisticReportMain /tmp/sns-demo}.
 */
public final class RealisticReportMain {
    private RealisticReportMain() {}

    public static void main(String[] args) throws IOException {
        Path dir = Paths.get(args.length > 0 ? args[0] : "target/realistic-report");
        RunReport report = ReportFixtures.realistic();
        ReportFormats.writeAll(report, dir, ReportFormats.all());
        System.err.println("wrote " + dir.toAbsolutePath().resolve("report.html"));
    }
}
