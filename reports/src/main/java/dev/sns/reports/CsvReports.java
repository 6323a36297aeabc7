package dev.sns.reports;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * results.csv (one row per benchmark) and comparisons.csv (one row per pair). RFC 4180 quoting,
 * '.' as the decimal point whatever the locale, empty cells for values not measured. The columns
 * are {@link #BENCHMARK_COLUMNS} and {@link #COMPARISON_COLUMNS}, documented in reports/SCHEMA.md.
 * The text only: {@link CsvReportFormat} writes the files.
 */
public final class CsvReports {
    /** Columns of results.csv; times in milliseconds per call. */
    public static final List<String> BENCHMARK_COLUMNS = List.of("id", "benchmark", "params", "status", "source",
            "median_ms", "lower_ms", "upper_ms", "confidence", "p10_ms", "p90_ms", "n", "windows", "forks", "inner_reps",
            "tier", "tier_reasons", "launch_overhead_ms", "net_median_ms", "net_lower_ms", "net_upper_ms",
            "gb_per_s", "tflops", "sm_clock_mean_mhz", "sm_clock_cv_percent", "throttle", "timer", "message");
    /** Columns of comparisons.csv. */
    public static final List<String> COMPARISON_COLUMNS = List.of("candidate", "baseline", "params", "speedup",
            "lower", "upper", "confidence", "cycle_lower", "cycle_upper", "tier", "verdict", "rounds", "design");

    private CsvReports() {}

    public static String benchmarksCsv(RunReport report) {
        StringBuilder sb = new StringBuilder();
        row(sb, new ArrayList<>(BENCHMARK_COLUMNS));
        for (BenchmarkEntry b : report.benchmarks()) {
            BenchmarkEntry.Summary s = b.summary();
            BenchmarkEntry.Clocks c = b.clocks();
            List<String> cells = new ArrayList<>();
            cells.add(b.id());
            cells.add(b.benchmark());
            cells.add(b.params().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(";")));
            cells.add(b.status());
            cells.add(str(b.source()));
            cells.add(s == null ? "" : n(s.median()));
            cells.add(s == null ? "" : n(s.lower()));
            cells.add(s == null ? "" : n(s.upper()));
            cells.add(s == null ? "" : n(s.confidence()));
            cells.add(s == null ? "" : n(s.p10()));
            cells.add(s == null ? "" : n(s.p90()));
            cells.add(s == null ? "" : str(s.n()));
            cells.add(s == null ? "" : str(s.windows()));
            cells.add(s == null ? "" : str(s.forks()));
            cells.add(s == null ? "" : str(s.innerReps()));
            cells.add(str(b.tier()));
            cells.add(String.join("; ", b.tierReasons()));
            cells.add(s == null ? "" : n(s.launchOverhead()));
            cells.add(s == null ? "" : n(s.netMedian()));
            cells.add(s == null ? "" : n(s.netLower()));
            cells.add(s == null ? "" : n(s.netUpper()));
            cells.add(s == null ? "" : n(s.gbPerSecond()));
            cells.add(s == null ? "" : n(s.tflops()));
            cells.add(c == null ? "" : n(c.smMeanMhz()));
            cells.add(c == null ? "" : n(c.smCvPercent()));
            cells.add(c == null ? "" : String.join("; ", c.throttleReasons()));
            cells.add(str(b.timer()));
            cells.add(b.message());
            row(sb, cells);
        }
        return sb.toString();
    }

    public static String comparisonsCsv(RunReport report) {
        StringBuilder sb = new StringBuilder();
        row(sb, new ArrayList<>(COMPARISON_COLUMNS));
        for (ComparisonEntry c : report.comparisons()) {
            row(sb, List.of(c.candidate(), c.baseline(),
                    c.params().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(";")),
                    n(c.speedup()), n(c.lower()), n(c.upper()), n(c.confidence()), n(c.cycleLower()), n(c.cycleUpper()),
                    str(c.tier()), str(c.verdict()), str(c.rounds()), str(c.design())));
        }
        return sb.toString();
    }

    private static void row(StringBuilder sb, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(quote(cells.get(i)));
        }
        sb.append('\n');
    }

    /** One cell, RFC 4180 quoted when it holds a comma, a quote or a line break. */
    public static String quote(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    private static String n(Double v) {
        return v == null ? "" : String.format(Locale.ROOT, "%s", v);
    }

    private static String str(Object o) {
        return o == null ? "" : o.toString();
    }
}
