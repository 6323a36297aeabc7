package dev.sns.reports.cli;

import dev.sns.reports.JsonReports;
import dev.sns.reports.ReportFormatException;
import dev.sns.reports.RunReport;
import dev.sns.reports.compare.RunComparator;
import dev.sns.reports.compare.RunComparison;
import dev.sns.reports.compare.RunComparisonFormat;
import dev.sns.reports.html.HtmlReportFormat;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code java -jar sns-reports.jar render|compare ...}: see {@link #USAGE}. {@link #run} is the
 * program; {@link #main} only adds {@code System.exit}.
 */
public final class ReportsCli {
    /** Success, and no regression. */
    public static final int OK = 0;
    /** {@code compare} found a regression. */
    public static final int REGRESSION = 1;
    /** A usage error, or a file that could not be read or written. */
    public static final int ERROR = 2;

    static final String USAGE = """
            usage: java -jar sns-reports.jar <command> [options]

            commands:
              render <results.json> [-o <report.html>]
                  Writes the HTML report of a results.json (default: report.html beside it).

              compare <old.json> <new.json> [--format text|markdown|csv|json] [--threshold 5%]
                  Pairs the two runs' benchmarks by id and their comparisons by candidate and baseline,
                  and judges each by its intervals, never by point estimates:
                  - speedups (dimensionless) always: a regression when the new speedup interval lies
                    entirely below the old one; refused when either run is tier C;
                  - absolute times only when the two fingerprints match exactly and both runs are
                    tier A, otherwise it says why not: a regression when the new interval's lower
                    bound is above the old upper bound by more than the threshold (default 5%;
                    write 5% or 0.05), an improvement the same the other way.
                  Benchmarks in one run only are listed as added or removed; failed or skipped ones
                  as not measured (neither counts as a regression).

              help, --help, -h
                  This text.

            Results go to standard output; progress and errors to standard error.
            exit codes: 0 success and no regression, 1 a regression, 2 a usage error or a bad file.
            """;

    private static final Set<String> RENDER_OPTIONS = Set.of("--output");
    private static final Set<String> COMPARE_OPTIONS = Set.of("--format", "--threshold");

    private ReportsCli() {}

    public static void main(String[] args) {
        int code = run(args, System.out, System.err);
        System.out.flush();
        System.exit(code);
    }

    /**
     * Runs one command.
     *
     * @return {@link #OK}, {@link #REGRESSION} or {@link #ERROR}
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0) {
            err.print(USAGE);
            return ERROR;
        }
        List<String> rest = new ArrayList<>(Arrays.asList(args).subList(1, args.length));
        if (isHelp(args[0]) || rest.stream().anyMatch(ReportsCli::isHelp)) {
            out.print(USAGE);
            return OK;
        }
        try {
            return switch (args[0]) {
                case "render" -> render(CommandLine.parse(rest, RENDER_OPTIONS, Map.of("-o", "--output")), err);
                case "compare" -> compare(CommandLine.parse(rest, COMPARE_OPTIONS, Map.of()), out, err);
                default -> throw new UsageException("unknown command '" + args[0] + "' (commands: render, compare)");
            };
        } catch (UsageException e) {
            err.println("sns-reports: " + e.getMessage());
            err.println("Run with --help for usage.");
            return ERROR;
        } catch (ReportFormatException e) {
            err.println("sns-reports: " + e.getMessage());
            return ERROR;
        }
    }

    private static boolean isHelp(String a) {
        return a.equals("--help") || a.equals("-h") || a.equals("help");
    }

    private static int render(CommandLine cl, PrintStream err) throws UsageException, ReportFormatException {
        if (cl.positionals().size() != 1) {
            throw new UsageException("render takes one results.json, got " + cl.positionals().size() + " files");
        }
        Path in = Paths.get(cl.positionals().get(0));
        Path target = Paths.get(cl.option("--output", in.resolveSibling(HtmlReportFormat.FILE).toString()));
        RunReport report = JsonReports.read(in);
        try {
            HtmlReportFormat.writePage(report, target);
            err.println("sns-reports: wrote " + target + " (" + report.benchmarks().size() + " benchmarks, "
                    + String.format(Locale.ROOT, "%.0f KiB", Files.size(target) / 1024.0) + ")");
            return OK;
        } catch (IOException e) {
            err.println("sns-reports: cannot write " + target + ": " + e);
            return ERROR;
        }
    }

    private static int compare(CommandLine cl, PrintStream out, PrintStream err)
            throws UsageException, ReportFormatException {
        if (cl.positionals().size() != 2) {
            throw new UsageException("compare takes two results.json files (old, then new), got "
                    + cl.positionals().size());
        }
        RunComparisonFormat format = format(cl.option("--format", "text"));
        double threshold = threshold(cl.option("--threshold", null));
        RunReport[] runs = readBoth(cl.positionals().get(0), cl.positionals().get(1), err);
        if (runs == null) {
            return ERROR;
        }
        RunComparison c = RunComparator.compare(runs[0], cl.positionals().get(0), runs[1], cl.positionals().get(1),
                threshold);
        out.print(format.format(c));
        out.flush();
        if (c.hasRegression()) {
            err.println("sns-reports: regression found (exit " + REGRESSION + ")");
            return REGRESSION;
        }
        return OK;
    }

    /** Both runs, or null after saying on {@code err} what is wrong with each file that cannot be read. */
    private static RunReport[] readBoth(String oldFile, String newFile, PrintStream err) {
        RunReport[] runs = new RunReport[2];
        boolean ok = true;
        String[] files = {oldFile, newFile};
        for (int i = 0; i < 2; i++) {
            try {
                runs[i] = JsonReports.read(Paths.get(files[i]));
            } catch (ReportFormatException e) {
                err.println("sns-reports: " + e.getMessage());
                ok = false;
            }
        }
        return ok ? runs : null;
    }

    private static RunComparisonFormat format(String name) throws UsageException {
        try {
            return RunComparisonFormat.parse(name);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--format: " + e.getMessage());
        }
    }

    /** "5%" or "0.05" as the fraction 0.05; the default when {@code text} is null. */
    static double threshold(String text) throws UsageException {
        if (text == null) {
            return RunComparator.DEFAULT_THRESHOLD;
        }
        String t = text.trim();
        boolean percent = t.endsWith("%");
        double v;
        try {
            v = Double.parseDouble(percent ? t.substring(0, t.length() - 1) : t);
        } catch (NumberFormatException e) {
            throw new UsageException("--threshold '" + text + "' is not a number (write 5% or 0.05)");
        }
        double fraction = percent ? v / 100.0 : v;
        if (!percent && v >= 1.0) {
            throw new UsageException("--threshold " + text + " would be " + (v * 100) + "%; write " + text
                    + "% for percent, or a fraction such as 0.05");
        }
        if (!(fraction >= 0.0 && fraction < 1.0)) {
            throw new UsageException("--threshold " + text + " is out of range: it must be at least 0% and below 100%");
        }
        return fraction;
    }
}
