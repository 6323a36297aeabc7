package dev.sns.reports.html;

import static dev.sns.reports.html.Html.escape;

import dev.sns.model.DisplayUnit;
import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.Figures;
import dev.sns.reports.HtmlLabel;
import dev.sns.reports.ResultField;
import dev.sns.reports.ResultFields;
import dev.sns.reports.ResultScope;
import java.util.List;
import java.util.Map;

/**
 * One measured benchmark's card: its tier and the reasons for it, its key numbers (median and
 * interval in the unit that suits the median, samples, launch overhead, throughput, timer,
 * bootstrap, share of the device's peak), the {@link SamplePlot} of its samples with a legend, its
 * {@link EnergySection} beside its time when energy was asked for, its
 * {@link KernelSection} when a kernel pass was taken, and the {@link ClockPlot} of its SM clock with a
 * caption on locking and throttling.
 */
final class BenchmarkCard {
    private final StringBuilder out;
    private final boolean plots;

    /** @param plots whether to draw the sample and clock plots */
    BenchmarkCard(StringBuilder out, boolean plots) {
        this.out = out;
        this.plots = plots;
    }

    /**
     * Appends the card of measured benchmark {@code b}, the {@code index}th of the report (its
     * anchor), collapsed: a {@code <details>} whose summary is the tier, the id and the median.
     */
    void append(BenchmarkEntry b, int index) {
        DisplayUnit unit = Cells.unitOf(b);
        BenchmarkEntry.Summary s = b.summary();
        out.append("<details class=\"card\"><summary>").append(Cells.tierBadge(b.tier())).append(" <h3><code>")
                .append(Html.breakable(b.id())).append("</code></h3>")
                .append(s == null ? "" : " <span class=\"note\">" + Figures.time(s.median(), unit) + " "
                        + Figures.interval(s.lower(), s.upper(), unit) + "</span>")
                .append("</summary>\n<section class=\"bench\" id=\"b").append(index).append("\">\n");
        reasons(b.tierReasons());
        numbers(b, unit);
        boolean gpu = onGpu(b);
        if (gpu || measured(b.energy())) {
            contained(() -> EnergySection.append(out, b), "energy");
        }
        if (plots) {
            contained(() -> samples(b, unit), "samples");
            if (gpu || (b.kernels() != null && b.kernels().unavailable().isEmpty())) {
                contained(() -> KernelSection.append(out, b, unit), "kernel table");
            }
            if (gpu) {
                contained(() -> clocks(b), "SM clock");
            }
        }
        out.append("</section>\n</details>\n");
    }

    /**
     * Whether {@code b} was timed on a GPU (its samples are GPU events): a CPU benchmark's card leaves
     * out what only a GPU has (the SM clock and its throttles, the kernel table, energy not measured).
     */
    static boolean onGpu(BenchmarkEntry b) {
        return "gpu-events".equals(b.source());
    }

    private static boolean measured(BenchmarkEntry.Energy e) {
        return e != null && e.unavailable() == null;
    }

    /**
     * A large page's details of one benchmark, in its overview row: the card's facts as one
     * paragraph (one element, not a grid of forty), no plots. A page of 5,000 benchmarks must load
     * in seconds.
     */
    static String facts(BenchmarkEntry b, DisplayUnit unit) {
        BenchmarkEntry.Summary s = b.summary();
        StringBuilder p = new StringBuilder();
        if (!b.tierReasons().isEmpty()) {
            p.append("Tier ").append(b.tier()).append(": ").append(String.join("; ", b.tierReasons())).append(". ");
        }
        if (s != null) {
            p.append("p10 .. p90 ").append(Figures.scaled(s.p10(), unit)).append(" .. ").append(Figures.time(s.p90(), unit))
                    .append("; inner reps ").append(Cells.str(s.innerReps()));
            if (s.netMedian() != null) {
                p.append("; net of launch overhead ").append(Figures.time(s.netMedian(), unit));
            }
            p.append(". ");
        }
        BenchmarkEntry.Clocks c = b.clocks();
        if (c != null && c.smMeanMhz() != null) {
            p.append("SM clock mean ").append(Figures.compact(c.smMeanMhz(), 4)).append(" MHz, CV ")
                    .append(Figures.compact(c.smCvPercent(), 3)).append("%")
                    .append(c.throttleReasons() == null || c.throttleReasons().isEmpty() ? ""
                            : ", throttled: " + String.join(", ", c.throttleReasons())).append(". ");
        }
        p.append("Timer: ").append(Cells.str(b.timer())).append(" (").append(Cells.str(b.source())).append(").");
        return "<p>" + escape(p.toString()) + "</p>";
    }

    /** Draws one plot; a value the plot cannot place (non-finite, absurd) leaves a note instead, never a failed page. */
    private void contained(Runnable plot, String what) {
        int mark = out.length();
        try {
            plot.run();
        } catch (IllegalArgumentException | ArithmeticException e) {
            out.setLength(mark);
            out.append("<p class=\"note\">The ").append(what).append(" plot could not be drawn: ")
                    .append(escape(e.getMessage())).append(" (a data error in the report).</p>\n");
        }
    }

    private void reasons(List<String> reasons) {
        if (reasons.isEmpty()) {
            return;
        }
        out.append("<ul class=\"reasons\">\n");
        for (String r : reasons) {
            out.append("<li>").append(escape(r)).append("</li>\n");
        }
        out.append("</ul>\n");
    }

    /** The card's lines: every benchmark field with a card line in the table of result fields, in its order. */
    private void numbers(BenchmarkEntry b, DisplayUnit unit) {
        out.append("<dl class=\"numbers\">\n");
        lines(out, ResultFields.cardLines(ResultScope.BENCHMARK), b, unit);
        out.append("</dl>\n");
    }

    /** Appends the lines of {@code fields} that {@code b} has, each a term and its value, key numbers emphasized. */
    static void lines(StringBuilder out, List<ResultField> fields, BenchmarkEntry b, DisplayUnit unit) {
        for (ResultField f : fields) {
            HtmlLabel.Text t = f.html().line().of(b, unit);
            if (t != null) {
                out.append(f.html().key() ? "<div class=\"key\"><dt>" : "<div><dt>").append(escape(t.label()))
                        .append("</dt><dd>").append(escape(t.value())).append("</dd></div>\n");
            }
        }
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
            out.append("<br>").append(escape(note));
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
            sb.append("No SM clock readings (").append(escape(c.source())).append("): no clock evidence, so no tier A.");
        } else {
            sb.append("SM clock: mean ").append(Figures.compact(c.smMeanMhz(), 4)).append(" MHz, CV ")
                    .append(Figures.compact(c.smCvPercent(), 3)).append("%, range ").append(Figures.compact(c.smRangeMhz(), 4))
                    .append(" MHz; source ").append(escape(c.source())).append('.');
        }
        sb.append(" Clocks ").append(Boolean.TRUE.equals(c.locked()) ? "locked by the policy and verified by readback"
                : "not locked").append('.');
        List<String> throttles = c.throttleReasons() == null ? List.of() : c.throttleReasons();
        sb.append(throttles.isEmpty() ? " No hardware throttle." : " <b class=\"vt-slower\">Throttled: "
                + escape(String.join(", ", throttles)) + "</b>.");
        if (c.metadataReasons() != null && !c.metadataReasons().isEmpty()) {
            sb.append(" Recorded, not counted as throttles: ").append(escape(String.join(", ", c.metadataReasons())))
                    .append('.');
        }
        if (!c.violationNanos().isEmpty()) {
            sb.append(" Throttle counters advanced by: ");
            boolean first = true;
            for (Map.Entry<String, Long> e : c.violationNanos().entrySet()) {
                sb.append(first ? "" : ", ").append(escape(e.getKey())).append(' ').append(e.getValue()).append(" ns");
                if (e.getValue() >= 1_000_000L) {
                    sb.append(" (").append(Figures.time(e.getValue() / 1e6)).append(')');
                }
                first = false;
            }
            sb.append('.');
        }
        return sb.toString();
    }

}
