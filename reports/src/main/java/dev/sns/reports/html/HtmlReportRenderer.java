package dev.sns.reports.html;

import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.RunReport;
import java.util.List;
import java.util.Map;

/**
 * Renders a {@link RunReport} as one self-contained HTML page and writes its frame: the head (style
 * sheet and Content-Security-Policy), the header, the failed and skipped benchmarks, a footer with
 * the fingerprint, options, seed and schema version, and the {@link PageScript}. The sections
 * between come from {@link OverviewTable}, {@link ComparisonSection} and one {@link BenchmarkCard}
 * (collapsed) per measured benchmark.
 */
final class HtmlReportRenderer {
    /** Forbids every fetch: the page must work from a file, offline, and never call out. No script (the history page). */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
    /** The run report's policy: the same, plus its one inline script, allowed by hash. */
    static final String CONTENT_SECURITY_POLICY_WITH_SCRIPT = CONTENT_SECURITY_POLICY + "; script-src "
            + PageScript.HASH_SOURCE;
    /**
     * Above this many measured benchmarks the page has no cards and no plots: each benchmark's
     * details open in its overview row, so that the page stays fast (5,000 benchmarks load in under
     * 3 s); the page says how to draw the full cards of chosen ones ({@code render --only REGEX}).
     */
    static final int PLOT_LIMIT = 500;

    /**
     * The length of the last page rendered: the next page's buffer starts about that large. A run rewrites
     * its growing report again and again; a buffer grown from 64 KB by doubling each time allocated about
     * three times the page (a 1.3 MB page of 400 benchmarks: 4 MB a rewrite) before the page itself.
     */
    private static volatile int lastLength;

    private final RunReport report;
    private final StringBuilder out = new StringBuilder(Math.max(64 * 1024, lastLength + lastLength / 8));

    private HtmlReportRenderer(RunReport report) {
        this.report = report;
    }

    /** The page for {@code report}; the same report always gives the same text. */
    static String render(RunReport report) {
        if (report == null) {
            throw new IllegalArgumentException("report is null");
        }
        return new HtmlReportRenderer(report).page();
    }

    private String page() {
        head();
        out.append("<body>\n");
        header();
        out.append("<main>\n");
        List<BenchmarkEntry> benchmarks = report.benchmarks();
        boolean large = benchmarks.stream().filter(b -> "ok".equals(b.status())).count() > PLOT_LIMIT;
        GroupSection.append(out, report.group(), benchmarks);
        OverviewTable.append(out, benchmarks, large);
        ComparisonSection.append(out, report.comparisons());
        DeviceHealthSection.append(out, report.deviceHealth(), report.devices());
        BenchmarkCard card = new BenchmarkCard(out, true);
        for (int i = 0; i < benchmarks.size() && !large; i++) {
            if ("ok".equals(benchmarks.get(i).status())) {
                int mark = out.length();
                try {
                    card.append(benchmarks.get(i), i);
                } catch (RuntimeException e) {
                    out.setLength(mark); // a card its data cannot draw (1e308 MHz, say) fails alone, said in its place
                    dataError(benchmarks.get(i), i, e);
                }
            }
        }
        notMeasured();
        out.append("</main>\n");
        footer();
        out.append("<script>").append(PageScript.JS).append("</script>\n</body>\n</html>\n");
        lastLength = Math.min(out.length(), 64 << 20); // a hint only: never more than 64 MB up front
        return out.toString();
    }

    private void head() {
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"").append(CONTENT_SECURITY_POLICY_WITH_SCRIPT)
                .append("\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"generator\" content=\"sns ").append(esc(report.snsVersion())).append("\">\n")
                .append("<title>sns report").append(gpuName().isEmpty() ? "" : ": " + esc(gpuName()))
                .append(empty(report.createdAt()) ? "" : ", " + esc(report.createdAt())).append("</title>\n")
                .append("<style>\n").append(Styles.CSS).append("</style>\n</head>\n");
    }

    private void header() {
        long failed = report.benchmarks().stream().filter(b -> !"ok".equals(b.status())).count();
        out.append("<header>\n<h1>sns report</h1>\n<p class=\"sub\">")
                .append(gpuName().isEmpty() ? "no GPU in the fingerprint" : esc(gpuName()))
                .append(empty(report.createdAt()) ? "" : " &middot; run started " + esc(report.createdAt()))
                .append(" &middot; sns ").append(empty(report.snsVersion()) ? "(version unknown)" : esc(report.snsVersion()))
                .append(" &middot; ").append(plural(report.benchmarks().size(), "benchmark"))
                .append(failed == 0 ? "" : " (" + failed + " not measured)")
                .append(" &middot; ").append(plural(report.comparisons().size(), "comparison"))
                .append("</p>\n</header>\n");
    }

    private void dataError(BenchmarkEntry b, int index, RuntimeException e) {
        out.append("<section class=\"bench\" id=\"b").append(index).append("\">\n<div class=\"bench-head\">")
                .append(Cells.tierBadge(b.tier())).append("<h3><code>").append(Html.breakable(b.id()))
                .append("</code></h3></div>\n<div class=\"msg\">This benchmark's data could not be drawn (")
                .append(esc(e.getClass().getSimpleName() + ": " + e.getMessage()))
                .append("): a value in it is out of any plausible range. Its numbers are in results.json.</div>\n")
                .append("</section>\n");
    }

    /**
     * The benchmarks that were not measured, each reason said once: benchmarks that share their status
     * and message (400 GPU methods skipped for want of a GPU) are listed together under it.
     */
    private void notMeasured() {
        List<BenchmarkEntry> benchmarks = report.benchmarks();
        if (benchmarks.stream().allMatch(b -> "ok".equals(b.status()))) {
            return;
        }
        Map<String, List<Integer>> groups = new java.util.LinkedHashMap<>();
        for (int i = 0; i < benchmarks.size(); i++) {
            BenchmarkEntry b = benchmarks.get(i);
            if (!"ok".equals(b.status())) {
                groups.computeIfAbsent(b.status() + "\n" + b.message(), k -> new java.util.ArrayList<>()).add(i);
            }
        }
        out.append("<section id=\"not-measured\">\n<h2>Not measured</h2>\n");
        for (List<Integer> group : groups.values()) {
            BenchmarkEntry first = benchmarks.get(group.get(0));
            out.append("<div id=\"nm").append(group.get(0)).append("\"><p>").append(Cells.statusBadge(first));
            if (group.size() == 1) {
                out.append(" <code>").append(Html.breakable(first.id())).append("</code>");
            } else {
                out.append(" ").append(group.size()).append(" benchmarks, one reason:</p>\n<ul class=\"nm-list\">");
                for (int i : group) {
                    out.append("<li id=\"nm").append(i).append("-item\"><code>").append(Html.breakable(benchmarks.get(i).id()))
                            .append("</code></li>");
                }
                out.append("</ul>\n<p>");
            }
            out.append("</p>\n<div class=\"msg\">").append(first.message().isEmpty() ? "(no message)" : esc(first.message()))
                    .append("</div></div>\n");
        }
        out.append("</section>\n");
    }

    private void footer() {
        out.append("<footer>\n<div class=\"cols\">\n<div><h2>Environment</h2>\n");
        table(report.fingerprint(), "no fingerprint recorded");
        for (dev.sns.reports.DeviceEntry d : report.devices()) {
            out.append("<h2>GPU ").append(d.index()).append("</h2>\n<table>\n");
            row("name", d.name());
            row("uuid", d.uuid());
            row("pci bus id", d.pciBusId());
            d.fingerprint().forEach(this::row);
            out.append("</table>\n");
        }
        out.append("</div>\n<div><h2>Options</h2>\n");
        table(report.options(), "no options recorded");
        out.append("</div>\n<div><h2>Run</h2>\n<table>\n");
        row("bootstrap seed", report.seed());
        row("schema", report.schema() + " version " + report.schemaVersion());
        row("written by", "sns " + (empty(report.snsVersion()) ? "(version unknown)" : report.snsVersion()));
        row("run started", report.createdAt());
        out.append("</table>\n</div>\n</div>\n<p class=\"note\">Times per call; clocks in MHz; throttle counters in ns. ")
                .append("Absolute times compare across runs only when the environments match exactly and both are ")
                .append("tier A; speedups compare anywhere.</p>\n</footer>\n");
    }

    private void table(Map<String, String> entries, String ifEmpty) {
        if (entries.values().stream().allMatch(HtmlReportRenderer::absent)) {
            out.append("<p class=\"note\">").append(ifEmpty).append("</p>\n");
            return;
        }
        out.append("<table>\n");
        entries.forEach(this::row);
        out.append("</table>\n");
    }

    /**
     * Whether an environment value says nothing: blank, or the -1 and NaN that stand for "not known";
     * such a field is left out of the page (results.json keeps it as recorded).
     */
    static boolean absent(String value) {
        if (value == null || value.isBlank()) {
            return true;
        }
        String v = value.strip();
        return v.equals("-1") || v.equals("-1.0") || v.equalsIgnoreCase("NaN") || v.equals("null") || v.equals("n/a");
    }

    private void row(String key, String value) {
        if (absent(value)) {
            return;
        }
        out.append("<tr><td>").append(esc(key)).append("</td><td><code>").append(esc(value)).append("</code></td></tr>\n");
    }

    private String gpuName() {
        String g = report.fingerprint().get("gpuName");
        return g == null ? "" : g;
    }

    private static String plural(long n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }

    private static boolean empty(String s) {
        return s == null || s.isEmpty();
    }

    private static String esc(String s) {
        return Html.escape(s);
    }
}
