package dev.sns.reports.html;

import static dev.sns.reports.html.Html.escape;

import dev.sns.model.DisplayUnit;
import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.Figures;
import java.util.List;

/**
 * The page's first table: one row per benchmark with its tier, median, interval, sample counts and
 * throughput, linking to its card; a benchmark that was not measured gets its status and the first
 * line of its message instead. Each row carries its sort keys ({@code data-name}, {@code data-tier},
 * {@code data-ms}, ...) and the filter above the table (shown by the {@link PageScript}) selects by
 * name and tier.
 */
final class OverviewTable {
    private OverviewTable() {}

    /**
     * The overview; {@code inline} (a large page) puts each measured benchmark's details in its row,
     * collapsed, instead of in a card of its own.
     */
    static void append(StringBuilder out, List<BenchmarkEntry> benchmarks, boolean inline) {
        if (benchmarks.isEmpty()) {
            out.append("<p class=\"note\">No benchmark has finished yet.</p>\n");
            return;
        }
        out.append("<section id=\"overview\">\n<h2>Benchmarks</h2>\n<p class=\"note\">Median time per call with its ")
                .append("bootstrap interval; the tier says how far the number can be trusted (A: clocks locked and ")
                .append("verified, B: clocks floating, C: throttled or unstable, no verdict). Click a column to sort; a ")
                .append("benchmark's name opens its details.</p>\n")
                .append("<div id=\"controls\" class=\"controls\" hidden><input id=\"q\" type=\"search\" ")
                .append("placeholder=\"filter by name (regular expression)\" aria-label=\"filter by name\">");
        for (String[] t : new String[][] {{"A", "tier A"}, {"B", "tier B"}, {"C", "tier C"}, {"failed", "failed"},
            {"skipped", "skipped"}}) {
            out.append("<label><input type=\"checkbox\" value=\"").append(t[0]).append("\" checked> ").append(t[1])
                    .append("</label>");
        }
        out.append("<span id=\"shown\" class=\"note\"></span></div>\n")
                .append("<table class=\"overview\" id=\"ov\">\n<thead><tr><th data-key=\"name\">benchmark</th>")
                .append("<th data-key=\"tier\">tier</th><th class=\"num\" data-key=\"ms\" data-num>median</th>")
                .append("<th class=\"num\">interval</th><th class=\"num\" data-key=\"n\" data-num>n</th>")
                .append("<th class=\"num\">windows</th><th class=\"num\">forks</th>")
                .append("<th class=\"num\" data-key=\"gbps\" data-num>GB/s</th>")
                .append("<th class=\"num\" data-key=\"tflops\" data-num>TFLOP/s</th></tr></thead>\n<tbody>\n");
        java.util.Map<String, Integer> firstWithReason = new java.util.HashMap<>();
        for (java.util.Map.Entry<String, List<Integer>> group : byDevice(benchmarks).entrySet()) {
            if (!group.getKey().isEmpty()) {
                out.append("<tr class=\"group\"><th colspan=\"9\">").append(escape(group.getKey())).append("</th></tr>\n");
            }
            List<Integer> skipped = new java.util.ArrayList<>();
            for (int pass = 0; pass < 2; pass++) { // measured rows first, then the failed; the skipped last, in one row
                for (int i : group.getValue()) {
                    BenchmarkEntry b = benchmarks.get(i);
                    boolean measured = "ok".equals(b.status()) && b.summary() != null;
                    if (pass == 0 && measured) {
                        row(out, b, i, inline, null);
                    } else if (pass == 1 && !measured && "skipped".equals(b.status())) {
                        skipped.add(i);
                    } else if (pass == 1 && !measured) {
                        row(out, b, i, inline, firstWithReason.putIfAbsent(b.status() + "\n" + b.message(), i));
                    }
                }
            }
            if (skipped.size() == 1) {
                int i = skipped.get(0);
                BenchmarkEntry b = benchmarks.get(i);
                row(out, b, i, inline, firstWithReason.putIfAbsent(b.status() + "\n" + b.message(), i));
            } else if (!skipped.isEmpty()) {
                skippedRow(out, benchmarks, skipped);
            }
        }
        out.append("</tbody>\n</table>\n");
        if (inline) {
            out.append("<p class=\"note\">With more than ").append(HtmlReportRenderer.PLOT_LIMIT).append(" measured ")
                    .append("benchmarks each one's details open in its row and the plots are left out, to keep the ")
                    .append("page fast: <code>java -jar sns-reports.jar render results.json --only REGEX</code> draws ")
                    .append("the full cards of the benchmarks you pick.</p>\n");
        }
        out.append("</section>\n");
    }

    /**
     * The rows grouped by the GPU they were measured on, devices in index order, benchmarks without a
     * device last ("no GPU"), each group in report order; one unnamed group when no entry has a device.
     */
    static java.util.Map<String, List<Integer>> byDevice(List<BenchmarkEntry> benchmarks) {
        java.util.TreeMap<Integer, List<Integer>> gpu = new java.util.TreeMap<>();
        java.util.Map<Integer, String> names = new java.util.HashMap<>();
        List<Integer> none = new java.util.ArrayList<>();
        for (int i = 0; i < benchmarks.size(); i++) {
            BenchmarkEntry.Device d = benchmarks.get(i).device();
            if (d == null || d.index() == null) {
                none.add(i);
            } else {
                gpu.computeIfAbsent(d.index(), k -> new java.util.ArrayList<>()).add(i);
                names.putIfAbsent(d.index(), "GPU " + d.index() + " \u00b7 " + d.name()
                        + (d.uuid() == null || d.uuid().isEmpty() ? "" : " \u00b7 " + d.uuid())
                        + (d.pciBusId() == null || d.pciBusId().isEmpty() ? "" : " \u00b7 " + d.pciBusId()));
            }
        }
        java.util.Map<String, List<Integer>> out = new java.util.LinkedHashMap<>();
        gpu.forEach((k, v) -> out.put(names.get(k), v));
        if (!none.isEmpty()) {
            out.put(gpu.isEmpty() ? "" : "no GPU", none);
        }
        return out;
    }

    /** {@code sameReasonAs}: the row of an earlier benchmark not measured for the same reason, or null. */
    private static void row(StringBuilder out, BenchmarkEntry b, int index, boolean inline, Integer sameReasonAs) {
        if (!"ok".equals(b.status()) || b.summary() == null) {
            int anchor = sameReasonAs == null ? index : sameReasonAs;
            out.append("<tr data-name=\"").append(escape(b.id())).append("\" data-tier=\"").append(escape(b.status()))
                    .append("\" data-ms=\"\" data-n=\"\" data-gbps=\"\" data-tflops=\"\">")
                    .append("<td><a href=\"#nm").append(anchor).append("\"><code>").append(escape(b.id()))
                    .append("</code></a></td><td>").append(Cells.statusBadge(b)).append("</td><td colspan=\"7\">")
                    .append(sameReasonAs == null ? escape(firstLine(b.message())) : "the same reason as above")
                    .append("</td></tr>\n");
            return;
        }
        BenchmarkEntry.Summary s = b.summary();
        DisplayUnit unit = Cells.unitOf(b);
        out.append("<tr data-name=\"").append(escape(b.id())).append("\" data-tier=\"").append(escape(b.tier()))
                .append("\" data-ms=\"").append(data(s.median())).append("\" data-n=\"").append(s.n() == null ? "" : s.n())
                .append("\" data-gbps=\"").append(data(s.gbPerSecond())).append("\" data-tflops=\"")
                .append(data(s.tflops())).append("\">")
                .append(inline ? "<td><details class=\"row\" id=\"b" + index + "\"><summary>" + escape(b.id())
                        + "</summary>" + BenchmarkCard.facts(b, unit) + "</details></td><td>"
                        : "<td><a href=\"#b" + index + "\"><code>" + escape(b.id()) + "</code></a></td><td>")
                .append(Cells.tierBadge(b.tier())).append("</td><td class=\"num\">")
                .append(Figures.time(s.median(), unit)).append("</td><td class=\"num\">")
                .append(Figures.intervalIn(s.lower(), s.upper(), unit))
                .append("</td><td class=\"num\">").append(Cells.str(s.n())).append("</td><td class=\"num\">")
                .append(Cells.str(s.windows())).append("</td><td class=\"num\">").append(Cells.str(s.forks()))
                .append("</td><td class=\"num\">").append(Cells.optional(s.gbPerSecond())).append("</td><td class=\"num\">")
                .append(Cells.optional(s.tflops())).append("</td></tr>\n");
    }

    /**
     * The skipped benchmarks of a group in one row after the measured ones (a report of 400 measured
     * and 400 skipped opens on measured rows): how many, the first reason (with how many reasons there
     * are), and a link to the list under "Not measured".
     */
    private static void skippedRow(StringBuilder out, List<BenchmarkEntry> benchmarks, List<Integer> skipped) {
        BenchmarkEntry first = benchmarks.get(skipped.get(0));
        long reasons = skipped.stream().map(i -> benchmarks.get(i).message()).distinct().count();
        out.append("<tr class=\"nm-summary\" data-name=\"~skipped\" data-tier=\"skipped\" data-ms=\"\" data-n=\"\" ")
                .append("data-gbps=\"\" data-tflops=\"\"><td><a href=\"#nm").append(skipped.get(0)).append("\">")
                .append(skipped.size()).append(" benchmarks skipped</a></td><td>").append(Cells.statusBadge(first))
                .append("</td><td colspan=\"7\">").append(escape(firstLine(first.message())))
                .append(reasons == 1 ? "" : " (and " + (reasons - 1) + " other reason" + (reasons == 2 ? "" : "s") + ")")
                .append(" <a href=\"#not-measured\">each one listed under Not measured</a></td></tr>\n");
    }

    /** A number for sorting: Java's form, "" when absent or not finite. */
    private static String data(Double v) {
        return v == null || !Double.isFinite(v) ? "" : Double.toString(v);
    }

    /** The first line of a message, with " ..." when there are more. */
    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl) + " ...";
    }
}
