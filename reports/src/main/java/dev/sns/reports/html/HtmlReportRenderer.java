package dev.sns.reports.html;

import dev.sns.model.DisplayUnit;
import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.ComparisonEntry;
import dev.sns.reports.Figures;
import dev.sns.reports.RunReport;
import java.util.List;
import java.util.Map;

/**
 * Renders a {@link RunReport} as one self-contained HTML page: header, overview table, comparisons
 * (forest plot and table), one section per measured benchmark, the failed and skipped ones, and a
 * footer with the fingerprint, options, seed and schema version.
 */
final class HtmlReportRenderer {
    /** Forbids every fetch: the page must work from a file, offline, and never call out. */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

    private final RunReport report;
    private final StringBuilder out = new StringBuilder(64 * 1024);

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
        overview();
        comparisons();
        List<BenchmarkEntry> benchmarks = report.benchmarks();
        for (int i = 0; i < benchmarks.size(); i++) {
            if ("ok".equals(benchmarks.get(i).status())) {
                benchmark(benchmarks.get(i), i);
            }
        }
        notMeasured();
        out.append("</main>\n");
        footer();
        out.append("</body>\n</html>\n");
        return out.toString();
    }

    private void head() {
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"").append(CONTENT_SECURITY_POLICY)
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

    private void overview() {
        if (report.benchmarks().isEmpty()) {
            out.append("<p class=\"note\">No benchmark has finished yet.</p>\n");
            return;
        }
        out.append("<section id=\"overview\">\n<h2>Benchmarks</h2>\n<p class=\"note\">Median time per call with its ")
                .append("bootstrap interval; the tier says how far the number can be trusted (A: clocks locked and ")
                .append("verified, B: clocks floating, C: throttled or unstable, no verdict).</p>\n")
                .append("<table class=\"overview\">\n<tr><th>benchmark</th><th>tier</th><th>median</th>")
                .append("<th>interval</th><th>n</th><th>windows</th><th>forks</th><th>GB/s</th><th>TFLOP/s</th></tr>\n");
        List<BenchmarkEntry> benchmarks = report.benchmarks();
        for (int i = 0; i < benchmarks.size(); i++) {
            overviewRow(benchmarks.get(i), i);
        }
        out.append("</table>\n</section>\n");
    }

    private void overviewRow(BenchmarkEntry b, int index) {
        if (!"ok".equals(b.status()) || b.summary() == null) {
            out.append("<tr><td><a href=\"#nm").append(index).append("\"><code>").append(Html.breakable(b.id()))
                    .append("</code></a></td><td>").append(statusBadge(b)).append("</td><td colspan=\"7\">")
                    .append(esc(firstLine(b.message()))).append("</td></tr>\n");
            return;
        }
        BenchmarkEntry.Summary s = b.summary();
        DisplayUnit unit = unitOf(b);
        out.append("<tr><td><a href=\"#b").append(index).append("\"><code>").append(Html.breakable(b.id()))
                .append("</code></a></td><td>").append(tierBadge(b.tier())).append("</td><td class=\"num\">")
                .append(Figures.time(s.median(), unit)).append("</td><td class=\"num\">")
                .append(Figures.interval(s.lower(), s.upper(), unit)).append(' ').append(unit.label())
                .append("</td><td class=\"num\">").append(str(s.n())).append("</td><td class=\"num\">")
                .append(str(s.windows())).append("</td><td class=\"num\">").append(str(s.forks()))
                .append("</td><td class=\"num\">").append(optional(s.gbPerSecond())).append("</td><td class=\"num\">")
                .append(optional(s.tflops())).append("</td></tr>\n");
    }

    private void comparisons() {
        List<ComparisonEntry> cs = report.comparisons();
        if (cs.isEmpty()) {
            return;
        }
        out.append("<section id=\"comparisons\">\n<h2>Comparisons</h2>\n<p class=\"note\">Speedup = baseline median ")
                .append("/ candidate median, both measured in this run; above 1 the candidate is faster. Each bar is ")
                .append("the speedup's interval; the verdict reads its bounds, never the dot: FASTER when the whole ")
                .append("bar lies right of the faster line, SLOWER when it lies left of the slower line, PARITY ")
                .append("otherwise, and no verdict at tier C.</p>\n<figure>\n").append(ForestPlot.render(cs))
                .append("<figcaption class=\"legend\">")
                .append("<span><i class=\"sw-bar v-faster\"></i>FASTER</span>")
                .append("<span><i class=\"sw-bar v-slower\"></i>SLOWER</span>")
                .append("<span><i class=\"sw-bar v-parity\"></i>PARITY</span>")
                .append("<span><i class=\"sw-bar v-none\"></i>NO_VERDICT (tier C)</span>")
                .append("<span><i class=\"sw sw-pt\"></i>speedup (point estimate)</span>")
                .append("</figcaption>\n</figure>\n")
                .append("<table class=\"pairs\">\n<tr><th>candidate</th><th>baseline</th><th>speedup</th>")
                .append("<th>interval</th><th>in SM cycles</th><th>tier</th><th>verdict</th><th>design</th></tr>\n");
        for (ComparisonEntry c : cs) {
            comparisonRow(c);
        }
        out.append("</table>\n</section>\n");
    }

    private void comparisonRow(ComparisonEntry c) {
        String verdict = c.verdict() == null ? "NO_VERDICT" : c.verdict();
        out.append("<tr><td><code>").append(Html.breakable(c.candidate())).append("</code></td><td><code>")
                .append(Html.breakable(c.baseline())).append("</code></td><td class=\"num\">").append(Figures.sig(c.speedup()))
                .append("</td><td class=\"num\">[").append(Figures.sig(c.lower())).append(", ")
                .append(Figures.sig(c.upper())).append("]").append(c.confidence() == null ? ""
                        : " " + confidence(c.confidence())).append("</td><td class=\"num\">")
                .append(c.cycleLower() == null || c.cycleUpper() == null ? "n/a"
                        : "[" + Figures.sig(c.cycleLower()) + ", " + Figures.sig(c.cycleUpper()) + "]")
                .append("</td><td>").append(tierBadge(c.tier())).append("</td><td class=\"verdict vt-")
                .append(ForestPlot.verdictClass(verdict)).append("\">").append(esc(verdict)).append("</td><td>")
                .append(esc(c.design())).append(c.rounds() == null || c.rounds() == 0 ? ""
                        : ", " + c.rounds() + " rounds").append("</td></tr>\n");
    }

    private void benchmark(BenchmarkEntry b, int index) {
        DisplayUnit unit = unitOf(b);
        out.append("<section class=\"bench\" id=\"b").append(index).append("\">\n<div class=\"bench-head\">")
                .append(tierBadge(b.tier())).append("<h3><code>").append(Html.breakable(b.id())).append("</code></h3></div>\n");
        reasons(b.tierReasons());
        numbers(b, unit);
        samples(b, unit);
        clocks(b);
        out.append("</section>\n");
    }

    private void reasons(List<String> reasons) {
        if (reasons.isEmpty()) {
            return;
        }
        out.append("<ul class=\"reasons\">\n");
        for (String r : reasons) {
            out.append("<li>").append(esc(r)).append("</li>\n");
        }
        out.append("</ul>\n");
    }

    private void numbers(BenchmarkEntry b, DisplayUnit unit) {
        BenchmarkEntry.Summary s = b.summary();
        out.append("<dl class=\"numbers\">\n");
        if (s != null) {
            keyNumber("median per call", Figures.time(s.median(), unit));
            keyNumber(s.confidence() == null ? "interval" : confidence(s.confidence()) + " interval",
                    Figures.interval(s.lower(), s.upper(), unit) + " " + unit.label());
            number("p10 .. p90", Figures.scaled(s.p10(), unit) + " .. " + Figures.time(s.p90(), unit));
            number("samples (n)", str(s.n()));
            number("windows / forks", str(s.windows()) + " / " + str(s.forks()));
            number("inner reps (calls per sample)", str(s.innerReps()));
            number("warm-up calls", s.warmupCalls() == null ? "n/a" : Long.toString(s.warmupCalls()));
            number("timer step", Figures.time(s.timerStep()));
            if (s.launchOverhead() != null) {
                number("launch overhead", Figures.time(s.launchOverhead(), unit) + " "
                        + Figures.interval(s.launchOverheadLower(), s.launchOverheadUpper(), unit));
            }
            if (s.netMedian() != null) {
                keyNumber("net of launch overhead", Figures.time(s.netMedian(), unit) + " "
                        + Figures.interval(s.netLower(), s.netUpper(), unit));
            }
            if (s.gbPerSecond() != null) {
                keyNumber("GB/s", Figures.sig(s.gbPerSecond()));
            }
            if (s.tflops() != null) {
                keyNumber("TFLOP/s", Figures.sig(s.tflops()));
            }
        }
        number("timer", str(b.timer()));
        number("source", str(b.source()));
        if (s != null && s.estimator() != null) {
            number("estimator", s.estimator());
        }
        if (b.bootstrap() != null) {
            number("bootstrap", str(b.bootstrap().resamples()) + " resamples, seed " + str(b.bootstrap().seed()));
        }
        if (!b.params().isEmpty()) {
            StringBuilder p = new StringBuilder();
            b.params().forEach((k, v) -> p.append(p.length() == 0 ? "" : ", ").append(k).append('=').append(v));
            number("params", p.toString());
        }
        out.append("</dl>\n");
    }

    private void samples(BenchmarkEntry b, DisplayUnit unit) {
        SamplePlot.Figure f = SamplePlot.render(b, unit);
        if (f == null) {
            out.append("<p class=\"note\">No samples recorded.</p>\n");
            return;
        }
        out.append("<figure>\n").append(f.svg()).append("<figcaption class=\"legend\">");
        for (int fork : f.forks()) {
            out.append("<span><i class=\"sw f").append(Math.floorMod(fork, SamplePlot.FORK_COLOURS)).append("\"></i>fork ")
                    .append(fork).append("</span>");
        }
        out.append("<span><i class=\"sw-line sw-wmed\"></i>window median (bands alternate by window)</span>")
                .append("<span><i class=\"sw-line\"></i>median</span>")
                .append("<span><i class=\"sw-line sw-ci\"></i>interval bounds</span>");
        for (String note : f.notes()) {
            out.append("<br>").append(esc(note));
        }
        out.append("</figcaption>\n</figure>\n");
    }

    private void clocks(BenchmarkEntry b) {
        BenchmarkEntry.Clocks c = b.clocks();
        if (c == null) {
            return;
        }
        String svg = ClockPlot.render(c, b.id());
        out.append("<figure>\n");
        if (svg != null) {
            out.append(svg);
        }
        out.append("<figcaption>").append(clockCaption(c)).append("</figcaption>\n</figure>\n");
    }

    private static String clockCaption(BenchmarkEntry.Clocks c) {
        StringBuilder sb = new StringBuilder();
        if (c.smMhz() == null || c.smMhz().isEmpty()) {
            sb.append("No SM clock readings (").append(esc(c.source())).append("): no clock evidence, so no tier A.");
        } else {
            sb.append("SM clock: mean ").append(Figures.compact(c.smMeanMhz(), 4)).append(" MHz, CV ")
                    .append(Figures.compact(c.smCvPercent(), 3)).append("%, range ").append(Figures.compact(c.smRangeMhz(), 4))
                    .append(" MHz; source ").append(esc(c.source())).append('.');
        }
        sb.append(" Clocks ").append(Boolean.TRUE.equals(c.locked()) ? "locked by the policy and verified by readback"
                : "not locked").append('.');
        List<String> throttles = c.throttleReasons() == null ? List.of() : c.throttleReasons();
        sb.append(throttles.isEmpty() ? " No hardware throttle." : " <b class=\"vt-slower\">Throttled: "
                + esc(String.join(", ", throttles)) + "</b>.");
        if (c.metadataReasons() != null && !c.metadataReasons().isEmpty()) {
            sb.append(" Recorded, not counted as throttles: ").append(esc(String.join(", ", c.metadataReasons())))
                    .append('.');
        }
        if (!c.violationNanos().isEmpty()) {
            sb.append(" Throttle counters advanced by: ");
            boolean first = true;
            for (Map.Entry<String, Long> e : c.violationNanos().entrySet()) {
                sb.append(first ? "" : ", ").append(esc(e.getKey())).append(' ').append(e.getValue()).append(" ns");
                if (e.getValue() >= 1_000_000L) {
                    sb.append(" (").append(Figures.time(e.getValue() / 1e6)).append(')');
                }
                first = false;
            }
            sb.append('.');
        }
        return sb.toString();
    }

    private void notMeasured() {
        List<BenchmarkEntry> benchmarks = report.benchmarks();
        if (benchmarks.stream().allMatch(b -> "ok".equals(b.status()))) {
            return;
        }
        out.append("<section id=\"not-measured\">\n<h2>Not measured</h2>\n");
        for (int i = 0; i < benchmarks.size(); i++) {
            BenchmarkEntry b = benchmarks.get(i);
            if (!"ok".equals(b.status())) {
                out.append("<div id=\"nm").append(i).append("\"><p>").append(statusBadge(b)).append(" <code>")
                        .append(Html.breakable(b.id())).append("</code></p>\n<div class=\"msg\">")
                        .append(b.message().isEmpty() ? "(no message)" : esc(b.message())).append("</div></div>\n");
            }
        }
        out.append("</section>\n");
    }

    private void footer() {
        out.append("<footer>\n<div class=\"cols\">\n<div><h2>Environment</h2>\n");
        table(report.fingerprint(), "no fingerprint recorded");
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
        if (entries.isEmpty()) {
            out.append("<p class=\"note\">").append(ifEmpty).append("</p>\n");
            return;
        }
        out.append("<table>\n");
        entries.forEach(this::row);
        out.append("</table>\n");
    }

    private void row(String key, String value) {
        out.append("<tr><td>").append(esc(key)).append("</td><td><code>").append(esc(value)).append("</code></td></tr>\n");
    }

    private void keyNumber(String name, String value) {
        out.append("<div class=\"key\"><dt>").append(esc(name)).append("</dt><dd>").append(esc(value))
                .append("</dd></div>\n");
    }

    private void number(String name, String value) {
        out.append("<div><dt>").append(esc(name)).append("</dt><dd>").append(esc(value)).append("</dd></div>\n");
    }

    /** The unit that suits the benchmark's median (its first sample when there is no median). */
    static DisplayUnit unitOf(BenchmarkEntry b) {
        if (b.summary() != null && b.summary().median() != null) {
            return DisplayUnit.forMillis(b.summary().median());
        }
        if (b.samples() != null && b.samples().millis() != null && !b.samples().millis().isEmpty()
                && b.samples().millis().get(0) != null) {
            return DisplayUnit.forMillis(b.samples().millis().get(0));
        }
        return DisplayUnit.MS;
    }

    static String tierBadge(String tier) {
        if (tier == null) {
            return "<span class=\"badge st-skipped\">no tier</span>";
        }
        String cls = switch (tier) {
            case "A", "B", "C" -> "tier-" + tier;
            default -> "st-skipped";
        };
        return "<span class=\"badge " + cls + "\">tier " + esc(tier) + "</span>";
    }

    private static String statusBadge(BenchmarkEntry b) {
        String cls = "failed".equals(b.status()) ? "st-failed" : "st-skipped";
        return "<span class=\"badge " + cls + "\">" + esc(b.status()) + "</span>";
    }

    private static String confidence(double c) {
        return Figures.compact(c * 100.0, 3) + "%";
    }

    private static String optional(Double v) {
        return v == null ? "" : Figures.sig(v);
    }

    private String gpuName() {
        String g = report.fingerprint().get("gpuName");
        return g == null ? "" : g;
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl) + " ...";
    }

    private static String plural(long n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }

    private static String str(Object o) {
        return o == null ? "n/a" : o.toString();
    }

    private static boolean empty(String s) {
        return s == null || s.isEmpty();
    }

    private static String esc(String s) {
        return Html.escape(s);
    }
}
