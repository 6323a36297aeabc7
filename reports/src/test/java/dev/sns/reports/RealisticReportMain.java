package dev.sns.reports;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Writes {@link ReportFixtures#realistic()} as results.json and report.html into a directory, for
 * looking at the page in a browser (a manual check, not a test):
 * {@code java -cp <test classpath> dev.sns.reports.RealisticReportMain /tmp/sns-demo}.
 */
public final class RealisticReportMain {
    private RealisticReportMain() {}

    public static void main(String[] args) throws IOException {
        Path dir = Paths.get(args.length > 0 ? args[0] : "target/realistic-report");
        RunReport report = ReportFixtures.realistic();
        JsonReports.write(report, dir.resolve("results.json"));
        CsvReports.write(report, dir);
        HtmlReports.write(report, dir.resolve("report.html"));
        System.err.println("wrote " + dir.toAbsolutePath().resolve("report.html"));
    }
}
