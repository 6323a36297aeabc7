package dev.sns.reports.html;

import static dev.sns.reports.html.Html.escape;

import dev.sns.reports.AtomicFiles;
import dev.sns.reports.Figures;
import dev.sns.reports.changes.ChangePoint;
import dev.sns.reports.changes.BoardChanges;
import dev.sns.reports.changes.SeriesChanges;
import dev.sns.reports.history.BenchmarkSeries;
import dev.sns.reports.history.HistoryPoint;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * The history report (history.html): one self-contained page (inline CSS and SVG, no script, a
 * Content-Security-Policy forbidding every fetch) with an overview of every benchmark series and,
 * per series, its {@link TrendPlot}. The same analyses always give the same bytes.
 */
public final class HistoryPage {
    /** The file {@code history report} writes by default. */
    public static final String FILE = "history.html";

    private static final String CSS_EXTRA = """
            svg .pt.tier-A { fill: var(--a); }
            svg .pt.tier-B { fill: var(--b); }
            svg .cp-slower { stroke: var(--slower); stroke-width: 1.5; }
            svg .cp-faster { stroke: var(--faster); stroke-width: 1.5; }
            table.overview td:first-child { max-width: 560px; }
            .sw-bar.ci { background: #0969da; opacity: .2; }
            svg .pt.board-0 { stroke: #6f42c1; stroke-width: 1.6; }
            svg .pt.board-1 { stroke: #0969da; stroke-width: 1.6; }
            svg .pt.board-2 { stroke: #cf222e; stroke-width: 1.6; }
            svg .pt.board-3 { stroke: #1a7f37; stroke-width: 1.6; }
            svg .pt.board-4 { stroke: #9a6700; stroke-width: 1.6; }
            svg .pt.board-5 { stroke: #57606a; stroke-width: 1.6; }
            tr.outside td { background: #fff1f0; }
            """;

    private HistoryPage() {}

    /** The page for {@code analyses} (one per benchmark and fingerprint) of the history at {@code location}. */
    public static String render(String location, List<SeriesChanges> analyses) {
        return render(location, analyses, List.of());
    }

    /**
     * The page with a boards section: each board's offset from the fleet per series, in time and
     * energy, with intervals, and the boards outside the fleet's spread named.
     *
     * @param location the history
     * @param analyses one per benchmark and fingerprint
     * @param boards the same series read with their boards apart (empty: no boards section)
     * @return the page
     */
    public static String render(String location, List<SeriesChanges> analyses, List<BoardChanges> boards) {
        StringBuilder out = new StringBuilder(64 * 1024);
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"")
                .append(HtmlReportRenderer.CONTENT_SECURITY_POLICY).append("\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>sns history: ").append(escape(location)).append("</title>\n<style>\n")
                .append(Styles.CSS).append(CSS_EXTRA).append("</style>\n</head>\n<body>\n<header>\n<h1>sns history</h1>\n")
                .append("<p class=\"sub\">").append(escape(location)).append(" &middot; ").append(analyses.size())
                .append(" series (benchmark x environment) &middot; ")
                .append(analyses.stream().mapToInt(a -> a.changes().size()).sum())
                .append(" change points</p>\n</header>\n<main>\n");
        overview(out, analyses);
        boards(out, boards);
        for (int i = 0; i < analyses.size(); i++) {
            card(out, analyses.get(i), i);
        }
        out.append("</main>\n<footer>\n<p class=\"note\">Each dot is one run's median, coloured by its tier (A green, "
                + "B amber; tier C, failed and skipped runs are left out); the band is the runs' own intervals; lines "
                + "are segment medians; dashed verticals are change points (E-divisive means with a permutation test, "
                + "kept only beyond the series' own noise). Hover a dot for its run, commit and interval.</p>\n"
                + "</footer>\n</body>\n</html>\n");
        return out.toString();
    }

    /** Writes the page to {@code file} atomically (UTF-8). */
    public static void write(String location, List<SeriesChanges> analyses, Path file) throws IOException {
        write(location, analyses, List.of(), file);
    }

    /** Writes the page with its boards section to {@code file} atomically (UTF-8). */
    public static void write(String location, List<SeriesChanges> analyses, List<BoardChanges> boards, Path file)
            throws IOException {
        AtomicFiles.write(file, render(location, analyses, boards).getBytes(StandardCharsets.UTF_8));
    }

    /** The boards section: the series on more than one board, each board's offset in time and energy. */
    private static void boards(StringBuilder out, List<BoardChanges> boards) {
        List<BoardChanges> several = boards.stream().filter(b -> b.time().severalBoards()).toList();
        if (several.isEmpty()) {
            return;
        }
        java.util.List<String> outside = new java.util.ArrayList<>();
        out.append("<section id=\"boards\">\n<h2>Boards</h2>\n<p class=\"note\">Each board's offset from the fleet "
                + "(the mean board) in the series that ran on more than one board, fitted within the change points' "
                + "segments, with 95% intervals; spread: the between-board standard deviation. The trend plots below "
                + "ring each run by its board and draw it with its board's offset taken out.</p>\n"
                + "<table class=\"overview\">\n<tr><th>benchmark</th><th>board</th><th>runs</th><th>time offset</th>"
                + "<th>time spread</th><th>energy offset</th><th>energy spread</th></tr>\n");
        for (BoardChanges b : several) {
            for (dev.sns.reports.changes.BoardOffsets.Offset o : b.time().boards()) {
                dev.sns.reports.changes.BoardOffsets.Offset e = b.energy().of(o.board());
                boolean out1 = o.outside() || e != null && e.outside();
                if (out1) {
                    outside.add(o.board() + " in " + b.series().benchmarkId());
                }
                out.append("<tr").append(out1 ? " class=\"outside\"" : "").append("><td><code>")
                        .append(Html.breakable(b.series().benchmarkId())).append("</code></td><td><code>")
                        .append(escape(o.board().isEmpty() ? "(not recorded)" : o.board())).append("</code></td>")
                        .append("<td class=\"num\">").append(o.runs()).append("</td><td class=\"num\">")
                        .append(escape(o.words())).append("</td><td class=\"num\">").append(spread(b.time().spread()))
                        .append("</td><td class=\"num\">").append(e == null ? "n/a" : escape(e.words()))
                        .append("</td><td class=\"num\">").append(e == null ? "n/a" : spread(b.energy().spread()))
                        .append("</td></tr>\n");
            }
        }
        out.append("</table>\n<p class=\"note\">").append(outside.isEmpty() ? "No board outside the fleet's spread."
                : "Outside the fleet's spread: " + escape(String.join("; ", outside)) + ".").append("</p>\n</section>\n");
    }

    private static String spread(double log) {
        return Double.isFinite(log) ? String.format(java.util.Locale.ROOT, "%.2f%%", (Math.exp(log) - 1) * 100) : "n/a";
    }

    private static void overview(StringBuilder out, List<SeriesChanges> analyses) {
        if (analyses.isEmpty()) {
            out.append("<p class=\"note\">The history has no benchmark yet.</p>\n");
            return;
        }
        out.append("<section id=\"overview\">\n<h2>Series</h2>\n<table class=\"overview\">\n<tr><th>benchmark</th>")
                .append("<th>environment</th><th>runs</th><th>latest tier</th><th>latest median</th>")
                .append("<th>change points</th><th>latest change</th></tr>\n");
        for (int i = 0; i < analyses.size(); i++) {
            SeriesChanges a = analyses.get(i);
            BenchmarkSeries s = a.reading().series();
            HistoryPoint last = s.points().isEmpty() ? null : s.points().get(s.points().size() - 1);
            List<ChangePoint> cps = a.changes();
            ChangePoint latest = cps.isEmpty() ? null : cps.get(cps.size() - 1);
            out.append("<tr><td><a href=\"#h").append(i).append("\"><code>").append(Html.breakable(s.benchmarkId()))
                    .append("</code></a></td><td>").append(escape(s.gpuName().isEmpty() ? "no GPU" : s.gpuName()))
                    .append(" <span class=\"note\">").append(escape(s.fingerprint())).append("</span></td><td class=\"num\">")
                    .append(s.points().size()).append("</td><td>").append(Cells.tierBadge(last == null ? null : last.tier()))
                    .append("</td><td class=\"num\">").append(last == null ? "n/a" : Figures.time(last.medianMillis()))
                    .append("</td><td class=\"num\">").append(cps.size()).append("</td><td>")
                    .append(latest == null ? "" : "<span class=\"verdict " + (latest.slower() ? "vt-slower" : "vt-faster")
                            + "\">" + Figures.signedPercent(latest.change()) + "</span> at run " + latest.run().runId()
                            + " (" + escape(latest.run().shortCommit()) + ")")
                    .append("</td></tr>\n");
        }
        out.append("</table>\n</section>\n");
    }

    private static void card(StringBuilder out, SeriesChanges a, int index) {
        BenchmarkSeries s = a.reading().series();
        HistoryPoint last = s.points().isEmpty() ? null : s.points().get(s.points().size() - 1);
        out.append("<section class=\"bench\" id=\"h").append(index).append("\">\n<div class=\"bench-head\">")
                .append(Cells.tierBadge(last == null ? null : last.tier())).append("<h3><code>")
                .append(Html.breakable(s.benchmarkId())).append("</code></h3></div>\n<p class=\"note\">")
                .append(escape(s.gpuName().isEmpty() ? "no GPU" : s.gpuName())).append(" (fingerprint ")
                .append(escape(s.fingerprint())).append("), ").append(s.points().size()).append(" runs; read in ")
                .append(escape(a.reading().why())).append(a.reading().leftOut() > 0 ? "; " + a.reading().leftOut()
                        + " runs left out (tier C, failed or skipped)" : "").append(".</p>\n");
        String svg;
        try {
            svg = TrendPlot.render(a, s.benchmarkId());
        } catch (IllegalArgumentException e) {
            svg = null;
        }
        if (svg == null) {
            out.append("<p class=\"note\">No measured run to draw.</p>\n");
        } else {
            out.append("<figure>\n").append(svg).append("<figcaption class=\"legend\">")
                    .append("<span><i class=\"sw tier-A\"></i>tier A run</span><span><i class=\"sw tier-B\"></i>tier B run"
                            + "</span><span><i class=\"sw-line\"></i>segment median</span><span><i class=\"sw-bar ci\">"
                            + "</i>runs' own intervals</span>")
                    .append("</figcaption>\n</figure>\n");
        }
        if (!a.changes().isEmpty()) {
            out.append("<ul class=\"reasons\">\n");
            for (ChangePoint p : a.changes()) {
                out.append("<li><b class=\"").append(p.slower() ? "vt-slower\">slower " : "vt-faster\">faster ")
                        .append(Figures.signedPercent(p.change())).append("</b> from run ").append(p.run().runId())
                        .append(" (commit <code>").append(escape(p.run().shortCommit())).append("</code>, ")
                        .append(escape(p.run().createdAt())).append("), p = ").append(Figures.compact(p.pValue(), 3))
                        .append(", ").append(Figures.compact(p.sigmas(), 3)).append(" standard errors</li>\n");
            }
            out.append("</ul>\n");
        }
        out.append("</section>\n");
    }
}
