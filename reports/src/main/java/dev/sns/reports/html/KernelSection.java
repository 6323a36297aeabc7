package dev.sns.reports.html;

import static dev.sns.reports.html.Html.escape;

import dev.sns.model.DisplayUnit;
import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.Figures;
import java.util.Locale;

/**
 * A benchmark's kernel table from its kernel pass: one stacked bar of the call's event time, a
 * segment per kernel (its launches per call x median duration) and the rest, launches and gaps,
 * in grey; then a table of the kernels (name, grid, block, launches per call, median duration with
 * its interval, share of the call) and the call's kernel time against its event time. A pass that
 * could not record gets one line saying why.
 */
final class KernelSection {
    private static final int WIDTH = 1000;
    private static final int HEIGHT = 26;

    private KernelSection() {}

    static void append(StringBuilder out, BenchmarkEntry b, DisplayUnit unit) {
        BenchmarkEntry.Kernels k = b.kernels();
        if (k == null) {
            return;
        }
        if (!k.unavailable().isEmpty()) {
            out.append("<p class=\"note\">No kernel table: ").append(escape(k.unavailable())).append("</p>\n");
            return;
        }
        out.append("<figure>\n").append(bar(k, b.id())).append("<figcaption class=\"legend\">");
        for (int i = 0; i < k.rows().size(); i++) {
            out.append("<span><i class=\"sw f").append(i % SamplePlot.FORK_COLOURS).append("\"></i>")
                    .append(escape(shortName(k.rows().get(i).name()))).append("</span>");
        }
        out.append("<span><i class=\"sw-bar v-parity\"></i>launches and gaps</span></figcaption>\n</figure>\n");
        out.append("<table class=\"kernels\">\n<tr><th>kernel</th><th>grid</th><th>block</th><th>per call</th>")
                .append("<th>median</th><th>interval</th><th>share of call</th><th>duration from</th></tr>\n");
        for (BenchmarkEntry.KernelRow r : k.rows()) {
            out.append("<tr><td><code title=\"").append(escape(r.symbol())).append("\">").append(Html.breakable(r.name()))
                    .append("</code></td><td class=\"num\">").append(escape(r.grid())).append("</td><td class=\"num\">")
                    .append(escape(r.block())).append("</td><td class=\"num\">").append(Figures.compact(r.countPerCall(), 4))
                    .append("</td><td class=\"num\">").append(Figures.time(r.median(), unit)).append("</td><td class=\"num\">")
                    .append(Figures.interval(r.lower(), r.upper(), unit)).append("</td><td class=\"num\">")
                    .append(r.shareOfCall() == null ? "n/a" : Figures.percent(r.shareOfCall())).append("</td><td>")
                    .append(r.durationSource() == null ? "n/a" : escape(source(r.durationSource()))).append("</td></tr>\n");
        }
        out.append("</table>\n<p class=\"note\">").append(escape(caption(k, unit))).append("</p>\n");
        if (k.durationNote() != null) {
            out.append("<p class=\"note\">Kernel durations from the kernel records: ").append(escape(k.durationNote()))
                    .append("</p>\n");
        }
    }

    /** Where a row's duration came from, in words: ncu's metric through CUPTI's range profiler, or the records. */
    static String source(String durationSource) {
        return switch (durationSource) {
            case "gpu__time_duration.sum" -> "range profiler (ncu's gpu__time_duration.sum)";
            case "activity" -> "kernel records";
            default -> durationSource;
        };
    }

    /** "Kernel time of a call 10.0 us [9.99, 10.01] of 11.5 us event time (net 10.05 us): 13.0% launches and gaps; 50 calls recorded." */
    static String caption(BenchmarkEntry.Kernels k, DisplayUnit unit) {
        StringBuilder sb = new StringBuilder("Kernel time of a call (CUPTI, ").append(k.calls())
                .append(" calls recorded apart from the samples) ").append(Figures.time(k.kernelMedian(), unit)).append(' ')
                .append(Figures.interval(k.kernelLower(), k.kernelUpper(), unit)).append(" of ")
                .append(Figures.time(k.eventMedian(), unit)).append(" event time");
        if (k.netEventMedian() != null) {
            sb.append(" (net of launch overhead ").append(Figures.time(k.netEventMedian(), unit)).append(')');
        }
        if (k.launchAndGapShare() != null) {
            sb.append(": ").append(Figures.percent(k.launchAndGapShare())).append(" launches and gaps");
        }
        sb.append('.');
        if (k.unattributed() != null && k.unattributed() > 0) {
            sb.append(' ').append(k.unattributed()).append(" record(s) fell outside every call and are left out.");
        }
        if (k.dropped() != null && k.dropped() > 0) {
            sb.append(' ').append(k.dropped()).append(" record(s) were dropped by the recorder.");
        }
        return sb.toString();
    }

    /** The stacked bar: the event time is the whole width; a kernel time longer than it fills it. */
    static String bar(BenchmarkEntry.Kernels k, String id) {
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg class=\"plot\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">",
                WIDTH, HEIGHT, escape("kernels of one call of " + id)));
        svg.append(String.format(Locale.ROOT, "<rect x=\"0\" y=\"2\" width=\"%d\" height=\"%d\" class=\"band\">"
                + "<title>launches and gaps</title></rect>", WIDTH, HEIGHT - 4));
        double x = 0;
        for (int i = 0; i < k.rows().size(); i++) {
            Double share = k.rows().get(i).shareOfCall();
            if (share == null) {
                continue;
            }
            double w = Math.max(0, Math.min(WIDTH - x, share * WIDTH));
            svg.append(String.format(Locale.ROOT, "<rect x=\"%s\" y=\"2\" width=\"%s\" height=\"%d\" class=\"f%d\">"
                            + "<title>%s: %s of the call</title></rect>", Svg.num(x), Svg.num(w), HEIGHT - 4,
                    i % SamplePlot.FORK_COLOURS, escape(k.rows().get(i).name()), Figures.percent(share)));
            x += w;
        }
        svg.append(String.format(Locale.ROOT, "<rect x=\"0\" y=\"2\" width=\"%d\" height=\"%d\" class=\"frame\"/>",
                WIDTH, HEIGHT - 4));
        svg.append("</svg>\n");
        return svg.toString();
    }

    /** The name without its parameter list, for the legend. */
    private static String shortName(String name) {
        int p = name.indexOf('(');
        return p > 0 ? name.substring(0, p) : name;
    }
}
