package dev.sns.reports.html;

import static dev.sns.reports.html.Html.escape;

import dev.sns.reports.ComparisonEntry;
import dev.sns.reports.Figures;
import java.util.List;

/**
 * The comparisons: how to read a speedup, the {@link ForestPlot} of their intervals with its legend,
 * and a table with each pair's speedup, interval (also in SM cycles, and net of the launch overheads
 * when the report has it), tier, verdict (with the reading it was made on) and design.
 * Nothing when the report has no comparisons.
 */
final class ComparisonSection {
    private ComparisonSection() {}

    static void append(StringBuilder out, List<ComparisonEntry> cs) {
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
                .append("<div class=\"wide\"><table class=\"pairs fixed\">\n<tr><th class=\"w-name\">candidate</th>")
                .append("<th class=\"w-name\">baseline</th><th class=\"num w-num\">speedup</th>")
                .append("<th class=\"num w-int\">interval</th><th class=\"num w-int\">in SM cycles</th>")
                .append(net(cs) ? "<th class=\"num w-int\">net of launch overhead</th>" : "")
                .append("<th class=\"w-tier\">tier</th><th class=\"w-verdict\">verdict</th><th>design</th></tr>\n");
        java.util.Map<String, Integer> notes = new java.util.LinkedHashMap<>();
        for (ComparisonEntry c : cs) {
            row(out, c, net(cs), notes);
        }
        out.append("</table></div>\n");
        footnotes(out, notes);
        energy(out, cs);
        out.append("</section>\n");
    }

    /**
     * The energy ratios beside the speedups, where pairs measured energy: baseline joules per call /
     * candidate's (above 1 the candidate uses less), interval, above idle, verdict against its margin.
     */
    private static void energy(StringBuilder out, List<ComparisonEntry> cs) {
        if (cs.stream().noneMatch(c -> c.energy() != null)) {
            return;
        }
        out.append("<p class=\"note\">Energy ratio = baseline joules per call / candidate joules per call, both ")
                .append("from energy windows of this run; above 1 the candidate uses less energy. LESS_ENERGY or ")
                .append("MORE_ENERGY when the whole interval clears the margin, PARITY otherwise.</p>\n")
                .append("<table class=\"pairs\">\n<tr><th>candidate</th><th>baseline</th><th>speedup</th>")
                .append("<th>energy ratio</th><th>interval</th><th>above idle</th><th>energy verdict</th><th>design</th>")
                .append("</tr>\n");
        for (ComparisonEntry c : cs) {
            ComparisonEntry.EnergyRatio e = c.energy();
            if (e == null) {
                continue;
            }
            out.append("<tr><td><code>").append(Html.breakable(c.candidate())).append("</code></td><td><code>")
                    .append(Html.breakable(c.baseline())).append("</code></td><td class=\"num\">")
                    .append(Figures.sig(c.speedup())).append("</td>");
            if (e.unavailable() != null) {
                out.append("<td colspan=\"5\">").append(escape("no energy ratio: " + e.unavailable())).append("</td>");
            } else {
                String vc = e.verdict().equals("LESS_ENERGY") ? "faster" : e.verdict().equals("MORE_ENERGY") ? "slower"
                        : e.verdict().equals("PARITY") ? "parity" : "none";
                out.append("<td class=\"num\">").append(Figures.sig(e.ratio())).append("</td><td class=\"num\">[")
                        .append(Figures.sig(e.lower())).append(", ").append(Figures.sig(e.upper())).append("]</td>")
                        .append("<td class=\"num\">").append(e.aboveIdleRatio() == null ? "n/a" : Figures.sig(
                                e.aboveIdleRatio()) + " [" + Figures.sig(e.aboveIdleLower()) + ", "
                                + Figures.sig(e.aboveIdleUpper()) + "]").append("</td><td class=\"verdict vt-").append(vc)
                        .append("\">").append(escape(e.verdict())).append(" <span class=\"note\">margin ")
                        .append(Figures.percent(e.margin())).append("</span></td><td>").append(escape(e.design()))
                        .append("</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</table>\n");
    }

    /** Whether any comparison has a net speedup or a verdict basis (older reports have neither). */
    private static boolean net(List<ComparisonEntry> cs) {
        return cs.stream().anyMatch(c -> c.netSpeedup() != null || c.verdictOn() != null);
    }

    /**
     * "1.149 [1.148, 1.150]", or a short "n/a" whose reason is its title and a numbered note under the
     * table (a reason is a sentence: in the cell it squeezed the names to a few letters a line).
     */
    private static String netCell(ComparisonEntry c, java.util.Map<String, Integer> notes) {
        if (c.netSpeedup() == null) {
            String why = c.netUnavailable() == null ? "" : c.netUnavailable().strip();
            if (why.isEmpty()) {
                return "n/a";
            }
            int n = notes.computeIfAbsent(why, k -> notes.size() + 1);
            return "<span title=\"" + escape(why) + "\">n/a <sup><a href=\"#cmp-note" + n + "\">" + n + "</a></sup></span>";
        }
        return escape(Figures.sig(c.netSpeedup()) + " [" + Figures.sig(c.netLower()) + ", " + Figures.sig(c.netUpper()) + "]");
    }

    /** Each reason a cell gave as "n/a", once, numbered as the cells point to it. */
    private static void footnotes(StringBuilder out, java.util.Map<String, Integer> notes) {
        if (notes.isEmpty()) {
            return;
        }
        out.append("<ol class=\"notes\">");
        notes.forEach((why, n) -> out.append("<li id=\"cmp-note").append(n).append("\" value=\"").append(n)
                .append("\">no net speedup: ").append(escape(why)).append("</li>"));
        out.append("</ol>\n");
    }

    private static void row(StringBuilder out, ComparisonEntry c, boolean net, java.util.Map<String, Integer> notes) {
        String verdict = c.verdict() == null ? "NO_VERDICT" : c.verdict();
        out.append("<tr><td><code>").append(Html.breakable(c.candidate())).append("</code></td><td><code>")
                .append(Html.breakable(c.baseline())).append("</code></td><td class=\"num\">").append(Figures.sig(c.speedup()))
                .append("</td><td class=\"num\">[").append(Figures.sig(c.lower())).append(", ")
                .append(Figures.sig(c.upper())).append("]").append(c.confidence() == null ? ""
                        : " " + Cells.confidence(c.confidence()))
                .append(c.minDetectableChange() == null ? "" : " <span class=\"note\">sees "
                        + Figures.percent(c.minDetectableChange()) + "</span>").append("</td><td class=\"num\">")
                .append(c.cycleLower() == null || c.cycleUpper() == null ? "n/a"
                        : "[" + Figures.sig(c.cycleLower()) + ", " + Figures.sig(c.cycleUpper()) + "]")
                .append(net ? "</td><td class=\"num\">" + netCell(c, notes) : "")
                .append("</td><td>").append(Cells.tierBadge(c.tier())).append("</td><td class=\"verdict vt-")
                .append(ForestPlot.verdictClass(verdict)).append("\">").append(escape(verdict))
                .append(c.verdictOn() == null ? "" : " <span class=\"note\">on " + escape(c.verdictOn()) + "</span>")
                .append("</td><td>")
                .append(escape(c.design())).append(c.rounds() == null || c.rounds() == 0 ? ""
                        : ", " + c.rounds() + " rounds").append("</td></tr>\n");
    }
}
