package dev.sns.reports.compare;

import dev.sns.reports.CsvReports;
import dev.sns.reports.compare.RunComparison.BenchmarkChange;
import dev.sns.reports.compare.RunComparison.RatioChange;
import dev.sns.reports.compare.RunComparison.RatioReading;
import dev.sns.reports.compare.RunComparison.TimeReading;
import java.util.ArrayList;
import java.util.List;

/**
 * The comparison as CSV, one row per benchmark ({@code kind} "benchmark", times in milliseconds per
 * call) and per comparison ({@code kind} "speedup", dimensionless). Numbers in Java's
 * locale-independent form, empty cells where there is no value.
 */
final class CsvComparisonWriter {
    /** The columns, documented in SCHEMA.md. */
    static final List<String> COLUMNS = List.of("kind", "id", "baseline", "change", "unit", "old_estimate",
            "old_lower", "old_upper", "old_tier", "old_verdict", "new_estimate", "new_lower", "new_upper", "new_tier",
            "new_verdict", "median_change", "reason");

    private CsvComparisonWriter() {}

    static String write(RunComparison c) {
        StringBuilder sb = new StringBuilder();
        row(sb, COLUMNS);
        c.benchmarks().forEach(b -> row(sb, benchmark(b)));
        c.comparisons().forEach(r -> row(sb, ratio(r)));
        return sb.toString();
    }

    private static List<String> benchmark(BenchmarkChange b) {
        List<String> cells = new ArrayList<>(List.of("benchmark", b.id(), "", b.change().name(), "ms"));
        time(cells, b.before());
        time(cells, b.after());
        cells.add(n(b.medianChange()));
        cells.add(b.reason());
        return cells;
    }

    private static List<String> ratio(RatioChange r) {
        List<String> cells = new ArrayList<>(List.of("speedup", r.candidate(), r.baseline(), r.change().name(), "ratio"));
        ratio(cells, r.before());
        ratio(cells, r.after());
        cells.add("");
        cells.add(r.reason());
        return cells;
    }

    private static void time(List<String> cells, TimeReading t) {
        if (t == null) {
            cells.addAll(List.of("", "", "", "", ""));
            return;
        }
        cells.addAll(List.of(n(t.medianMillis()), n(t.lowerMillis()), n(t.upperMillis()), s(t.tier()), ""));
    }

    private static void ratio(List<String> cells, RatioReading r) {
        if (r == null) {
            cells.addAll(List.of("", "", "", "", ""));
            return;
        }
        cells.addAll(List.of(n(r.speedup()), n(r.lower()), n(r.upper()), s(r.tier()), s(r.verdict())));
    }

    private static void row(StringBuilder sb, List<String> cells) {
        sb.append(CsvReports.line(cells));
    }

    private static String n(Double v) {
        return v == null ? "" : Double.toString(v);
    }

    private static String s(String v) {
        return v == null ? "" : v;
    }
}
