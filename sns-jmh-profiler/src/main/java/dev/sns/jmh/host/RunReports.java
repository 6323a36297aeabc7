package dev.sns.jmh.host;

import dev.sns.jmh.link.ProfilerOptions;
import dev.sns.model.BuildInfo;
import dev.sns.options.TimingOptions;
import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.ComparisonEntry;
import dev.sns.reports.ReportFormat;
import dev.sns.reports.ReportFormats;
import dev.sns.reports.RunReport;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The run's report as it grows, written in every chosen format after each change (atomically: a
 * crash keeps everything finished before it).
 */
final class RunReports {
    private final Path dir;
    private final List<ReportFormat> formats;
    private final PrintStream out;
    private RunReport report;

    RunReports(ProfilerOptions o, Map<String, String> fingerprint, PrintStream out) {
        this.dir = Paths.get(o.out());
        this.formats = o.formats();
        this.out = out;
        this.report = RunReport.start(BuildInfo.snsVersion(), Instant.now().toString(), fingerprint, o.describe(),
                TimingOptions.hex(o.timing().bootstrap().seed()));
    }

    RunReport report() {
        return report;
    }

    /** Adds (or replaces) a benchmark's entry and rewrites the files. */
    void benchmark(BenchmarkEntry entry) {
        report = report.withBenchmark(entry);
        write();
    }

    /** The environment a fork measured in (its JVM and GPU); written with the next change. */
    void fingerprint(Map<String, String> fingerprint) {
        report = report.withFingerprint(fingerprint);
    }

    /** Adds a comparison; the files are rewritten with the next benchmark (or by {@link #write()}). */
    void comparison(ComparisonEntry entry) {
        report = report.withComparison(entry);
    }

    /** Writes every chosen format; a format that fails is named, the others are still written. */
    void write() {
        try {
            ReportFormats.writeAll(report, dir, formats);
        } catch (IOException e) {
            out.println("sns: could not write the reports to " + dir.toAbsolutePath() + ": " + e.getMessage());
        }
    }

    /** The directory the reports go to, as the user will find it. */
    Path dir() {
        return dir.toAbsolutePath();
    }
}
