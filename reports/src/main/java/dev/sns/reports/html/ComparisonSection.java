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
                .append("<table class=\"pairs\">\n<tr><th>candidate</th><th>baseline</th><th>speedup</th>")
                .append("<th>interval</th><th>in SM cycles</th>").append(net(cs) ? "<th>net of launch overhead</th>" : "")
                .append("<th>tier</th><th>verdict</th><th>design</th></tr>\n");
        for (ComparisonEntry c : cs) {
            row(out, c, net(cs));
        }
        out.append("</table>\n</section>\n");
    }

    /** Whether any comparison has a net speedup or a verdict basis (older reports have neither). */
    private static boolean net(List<ComparisonEntry> cs) {
        return cs.stream().anyMatch(c -> c.netSpeedup() != null || c.verdictOn() != null);
    }

    /** "1.149 [1.148, 1.150]", or why there is none. */
    private static String netCell(ComparisonEntry c) {
        if (c.netSpeedup() == null) {
            return "n/a" + (c.netUnavailable() == null || c.netUnavailable().isEmpty() ? "" : ": " + c.netUnavailable());
        }
        return Figures.sig(c.netSpeedup()) + " [" + Figures.sig(c.netLower()) + ", " + Figures.sig(c.netUpper()) + "]";
    }

    private static void row(StringBuilder out, ComparisonEntry c, boolean net) {
        String verdict = c.verdict() == null ? "NO_VERDICT" : c.verdict();
        out.append("<tr><td><code>").append(Html.breakable(c.candidate())).append("</code></td><td><code>")
                .append(Html.breakable(c.baseline())).append("</code></td><td class=\"num\">").append(Figures.sig(c.speedup()))
                .append("</td><td class=\"num\">[").append(Figures.sig(c.lower())).append(", ")
                .append(Figures.sig(c.upper())).append("]").append(c.confidence() == null ? ""
                        : " " + Cells.confidence(c.confidence())).append("</td><td class=\"num\">")
                .append(c.cycleLower() == null || c.cycleUpper() == null ? "n/a"
                        : "[" + Figures.sig(c.cycleLower()) + ", " + Figures.sig(c.cycleUpper()) + "]")
                .append(net ? "</td><td class=\"num\">" + escape(netCell(c)) : "")
                .append("</td><td>").append(Cells.tierBadge(c.tier())).append("</td><td class=\"verdict vt-")
                .append(ForestPlot.verdictClass(verdict)).append("\">").append(escape(verdict))
                .append(c.verdictOn() == null ? "" : " <span class=\"note\">on " + escape(c.verdictOn()) + "</span>")
                .append("</td><td>")
                .append(escape(c.design())).append(c.rounds() == null || c.rounds() == 0 ? ""
                        : ", " + c.rounds() + " rounds").append("</td></tr>\n");
    }
}
