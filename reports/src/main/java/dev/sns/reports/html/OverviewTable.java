package dev.sns.reports.html;

import static dev.sns.reports.html.Html.escape;

import dev.sns.model.DisplayUnit;
import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.Figures;
import java.util.List;

/**
 * The page's first table: one row per benchmark with its tier, median, interval, sample counts and
 * throughput, linking to its card; a benchmark that was not measured gets its status and the first
 * line of its message instead.
 */
final class OverviewTable {
    private OverviewTable() {}

    static void append(StringBuilder out, List<BenchmarkEntry> benchmarks) {
        if (benchmarks.isEmpty()) {
            out.append("<p class=\"note\">No benchmark has finished yet.</p>\n");
            return;
        }
        out.append("<section id=\"overview\">\n<h2>Benchmarks</h2>\n<p class=\"note\">Median time per call with its ")
                .append("bootstrap interval; the tier says how far the number can be trusted (A: clocks locked and ")
                .append("verified, B: clocks floating, C: throttled or unstable, no verdict).</p>\n")
                .append("<table class=\"overview\">\n<tr><th>benchmark</th><th>tier</th><th>median</th>")
                .append("<th>interval</th><th>n</th><th>windows</th><th>forks</th><th>GB/s</th><th>TFLOP/s</th></tr>\n");
        java.util.Map<String, Integer> firstWithReason = new java.util.HashMap<>();
        for (int i = 0; i < benchmarks.size(); i++) {
            BenchmarkEntry b = benchmarks.get(i);
            Integer first = "ok".equals(b.status()) ? null : firstWithReason.putIfAbsent(b.status() + "\n" + b.message(), i);
            row(out, b, i, first);
        }
        out.append("</table>\n</section>\n");
    }

    /** {@code sameReasonAs}: the row of an earlier benchmark not measured for the same reason, or null. */
    private static void row(StringBuilder out, BenchmarkEntry b, int index, Integer sameReasonAs) {
        if (!"ok".equals(b.status()) || b.summary() == null) {
            int anchor = sameReasonAs == null ? index : sameReasonAs;
            out.append("<tr><td><a href=\"#nm").append(anchor).append("\"><code>").append(Html.breakable(b.id()))
                    .append("</code></a></td><td>").append(Cells.statusBadge(b)).append("</td><td colspan=\"7\">")
                    .append(sameReasonAs == null ? escape(firstLine(b.message())) : "the same reason as above")
                    .append("</td></tr>\n");
            return;
        }
        BenchmarkEntry.Summary s = b.summary();
        DisplayUnit unit = Cells.unitOf(b);
        out.append("<tr><td><a href=\"#b").append(index).append("\"><code>").append(Html.breakable(b.id()))
                .append("</code></a></td><td>").append(Cells.tierBadge(b.tier())).append("</td><td class=\"num\">")
                .append(Figures.time(s.median(), unit)).append("</td><td class=\"num\">")
                .append(Figures.intervalIn(s.lower(), s.upper(), unit))
                .append("</td><td class=\"num\">").append(Cells.str(s.n())).append("</td><td class=\"num\">")
                .append(Cells.str(s.windows())).append("</td><td class=\"num\">").append(Cells.str(s.forks()))
                .append("</td><td class=\"num\">").append(Cells.optional(s.gbPerSecond())).append("</td><td class=\"num\">")
                .append(Cells.optional(s.tflops())).append("</td></tr>\n");
    }

    /** The first line of a message, with " ..." when there are more. */
    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl) + " ...";
    }
}
