package dev.sns.reports.compare;

import dev.sns.model.DisplayUnit;
import dev.sns.reports.compare.RunComparison.BenchmarkChange;
import dev.sns.reports.compare.RunComparison.RatioChange;

/**
 * The comparison as GitHub-flavoured Markdown: a table of benchmarks and one of speedups.
 * Benchmark ids go in code spans, with '|' escaped, so that no id can break a table or become HTML.
 */
final class MarkdownComparisonWriter {
    private MarkdownComparisonWriter() {}

    static String write(RunComparison c) {
        StringBuilder sb = new StringBuilder();
        sb.append("### sns compare\n\n").append(c.hasRegression() ? "**" + Readings.counts(c) + "**" : Readings.counts(c))
                .append("\n\n");
        String regressions = Readings.regressions(c, 20);
        if (regressions != null) {
            sb.append("- ").append(text(regressions)).append('\n');
        }
        sb.append("- old: ").append(text(Readings.run(c.before()))).append("\n- new: ")
                .append(text(Readings.run(c.after()))).append('\n');
        for (String rule : Readings.rules(c)) {
            sb.append("- ").append(text(rule)).append('\n');
        }
        if (!c.benchmarks().isEmpty()) {
            sb.append("\n#### Benchmarks (median per call [interval])\n\n")
                    .append("| change | benchmark | old | new | median | why |\n|---|---|---|---|---:|---|\n");
            c.benchmarks().forEach(b -> benchmark(sb, b));
        }
        if (!c.comparisons().isEmpty()) {
            sb.append("\n#### Speedups (baseline / candidate [interval])\n\n")
                    .append("| change | candidate | baseline | old | new | why |\n|---|---|---|---|---|---|\n");
            c.comparisons().forEach(r -> ratio(sb, r));
        }
        sb.append('\n').append(c.hasRegression() ? "**" + Readings.counts(c) + "**" : Readings.counts(c)).append('\n');
        return sb.toString();
    }

    private static void benchmark(StringBuilder sb, BenchmarkChange b) {
        DisplayUnit unit = Readings.unit(b);
        sb.append("| ").append(change(b.change())).append(" | ").append(code(b.id())).append(" | ")
                .append(text(Readings.time(b.before(), unit))).append(" | ").append(text(Readings.time(b.after(), unit)))
                .append(" | ").append(Readings.change(b.medianChange())).append(" | ").append(text(b.reason()))
                .append(" |\n");
    }

    private static void ratio(StringBuilder sb, RatioChange r) {
        sb.append("| ").append(change(r.change())).append(" | ").append(code(r.candidate())).append(" | ")
                .append(code(r.baseline())).append(" | ").append(text(Readings.ratio(r.before()))).append(" | ")
                .append(text(Readings.ratio(r.after()))).append(" | ").append(text(r.reason())).append(" |\n");
    }

    private static String change(Change c) {
        return c == Change.REGRESSION ? "**REGRESSION**" : c.name();
    }

    /** An id as a code span: no Markdown or HTML inside it is interpreted; '|' is escaped for the table. */
    static String code(String id) {
        String s = (id == null ? "" : id).replace("|", "\\|").replace("\n", " ");
        String fence = s.contains("`") ? "``" : "`";
        String pad = s.startsWith("`") || s.endsWith("`") ? " " : "";
        return fence + pad + s + pad + fence;
    }

    /** Free text in a table cell: {@code <} and {@code &} (HTML), the table bar, emphasis and code marks escaped. */
    static String text(String s) {
        StringBuilder sb = new StringBuilder();
        for (char ch : (s == null ? "" : s).toCharArray()) {
            switch (ch) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '|', '*', '`', '\\' -> sb.append('\\').append(ch);
                case '\n' -> sb.append(' ');
                default -> sb.append(ch);
            }
        }
        return sb.toString();
    }
}
