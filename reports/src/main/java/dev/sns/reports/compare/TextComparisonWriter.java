package dev.sns.reports.compare;

import dev.sns.model.DisplayUnit;
import dev.sns.reports.compare.RunComparison.BenchmarkChange;
import dev.sns.reports.compare.RunComparison.RatioChange;
import java.util.Locale;

/** The comparison as plain text: the counts and the regressions first, a block per benchmark and per speedup, the counts again. */
final class TextComparisonWriter {
    private static final String INDENT = "               ";

    private TextComparisonWriter() {}

    static String write(RunComparison c) {
        StringBuilder sb = new StringBuilder();
        sb.append("sns compare: ").append(Readings.counts(c)).append('\n');
        String regressions = Readings.regressions(c, 20);
        if (regressions != null) {
            sb.append("  ").append(regressions).append('\n');
        }
        sb.append("  old: ").append(Readings.run(c.before())).append("\n  new: ")
                .append(Readings.run(c.after())).append('\n');
        for (String rule : Readings.rules(c)) {
            sb.append("  ").append(rule).append('\n');
        }
        if (!c.benchmarks().isEmpty()) {
            sb.append("\nbenchmarks (median per call [interval]):\n");
            c.benchmarks().forEach(b -> benchmark(sb, b));
        }
        if (!c.comparisons().isEmpty()) {
            sb.append("\nspeedups (baseline / candidate [interval]):\n");
            c.comparisons().forEach(r -> ratio(sb, r));
        }
        sb.append('\n').append(Readings.counts(c)).append('\n');
        return sb.toString();
    }

    private static void benchmark(StringBuilder sb, BenchmarkChange b) {
        head(sb, b.change(), b.id());
        DisplayUnit unit = Readings.unit(b);
        if (b.before() != null) {
            sb.append(INDENT).append("old ").append(Readings.time(b.before(), unit)).append('\n');
        }
        if (b.after() != null) {
            sb.append(INDENT).append("new ").append(Readings.time(b.after(), unit));
            String change = Readings.change(b.medianChange());
            sb.append(change.isEmpty() ? "" : "   median " + change).append('\n');
        }
        sb.append(INDENT).append(b.reason()).append('\n');
    }

    private static void ratio(StringBuilder sb, RatioChange r) {
        head(sb, r.change(), r.candidate() + " vs " + r.baseline());
        if (r.before() != null) {
            sb.append(INDENT).append("old ").append(Readings.ratio(r.before())).append('\n');
        }
        if (r.after() != null) {
            sb.append(INDENT).append("new ").append(Readings.ratio(r.after())).append('\n');
        }
        sb.append(INDENT).append(r.reason()).append('\n');
    }

    private static void head(StringBuilder sb, Change change, String what) {
        sb.append(String.format(Locale.ROOT, "  %-12s %s", change, what)).append('\n');
    }
}
