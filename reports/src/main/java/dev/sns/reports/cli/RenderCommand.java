package dev.sns.reports.cli;

import dev.sns.reports.JsonReports;
import dev.sns.reports.ReportFormatException;
import dev.sns.reports.RunReport;
import dev.sns.reports.html.HtmlReportFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code render <results.json> [-o report.html]}: the HTML report of a results.json, again. */
@Command(name = "render", description = "Writes the HTML report of a results.json (default: report.html beside it).",
        customSynopsis = "java -jar sns-reports.jar render <results.json> [-o <report.html>] [--only <regex>]")
final class RenderCommand extends SnsCommand {
    @Parameters(arity = "0..*", paramLabel = "<results.json>", description = "the run's results.json")
    List<String> files = List.of();

    @Option(names = {"-o", "--output"}, paramLabel = "<report.html>", description = "where the page goes")
    String output;

    @Option(names = "--only", paramLabel = "<regex>", description = "only the benchmarks whose id matches (a Java "
            + "regular expression, found anywhere in the id), and the comparisons between them: a small page with every "
            + "plot, for a few benchmarks of a large run")
    String only;

    RenderCommand(Io io) {
        super(io);
    }

    /** {@code report} with only the benchmarks whose id {@code pattern} finds, and the comparisons among them. */
    static RunReport only(RunReport report, java.util.regex.Pattern pattern) {
        List<dev.sns.reports.BenchmarkEntry> kept = report.benchmarks().stream()
                .filter(b -> pattern.matcher(b.id()).find()).toList();
        java.util.Set<String> ids = new java.util.HashSet<>();
        kept.forEach(b -> ids.add(b.id()));
        return new RunReport(report.schema(), report.schemaVersion(), report.snsVersion(), report.createdAt(),
                report.fingerprint(), report.options(), report.seed(), kept, report.comparisons().stream()
                .filter(c -> ids.contains(c.candidate()) || ids.contains(c.baseline())).toList());
    }

    @Override
    public Integer call() throws UsageException, ReportFormatException {
        if (files.size() != 1) {
            throw new UsageException("render takes one results.json, got " + files.size() + " files");
        }
        Path in = Paths.get(files.get(0));
        Path target = Paths.get(output != null ? output : in.resolveSibling(HtmlReportFormat.FILE).toString());
        java.util.regex.Pattern pattern = null;
        if (only != null) {
            try {
                pattern = java.util.regex.Pattern.compile(only);
            } catch (java.util.regex.PatternSyntaxException e) {
                throw new UsageException("--only '" + only + "' is not a regular expression: " + e.getDescription());
            }
        }
        RunReport report = JsonReports.read(in);
        if (pattern != null) {
            report = only(report, pattern);
            if (report.benchmarks().isEmpty()) {
                io.say("no benchmark in " + in + " matches --only '" + only + "'");
                return ReportsCli.ERROR;
            }
        }
        try {
            HtmlReportFormat.writePage(report, target);
            io.say("wrote " + target + " (" + report.benchmarks().size() + " benchmarks, "
                    + String.format(Locale.ROOT, "%.0f KiB", Files.size(target) / 1024.0) + ")");
            return ReportsCli.OK;
        } catch (IOException e) {
            io.say("cannot write " + target + ": " + e);
            return ReportsCli.ERROR;
        }
    }
}
