package dev.sns.reports.html;

import dev.sns.model.DisplayUnit;
import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.Figures;

/**
 * The small pieces the page's tables and cards are filled with: tier and status badges, a number or
 * "n/a", a confidence as a percentage, and the unit a benchmark's times are shown in. Every text
 * from the report is escaped here or by the caller.
 */
final class Cells {
    private Cells() {}

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
        return "<span class=\"badge " + cls + "\">tier " + Html.escape(tier) + "</span>";
    }

    static String statusBadge(BenchmarkEntry b) {
        String cls = "failed".equals(b.status()) ? "st-failed" : "st-skipped";
        return "<span class=\"badge " + cls + "\">" + Html.escape(b.status()) + "</span>";
    }

    /** A confidence level as a percentage: 0.95 gives "95%". */
    static String confidence(double c) {
        return Figures.compact(c * 100.0, 3) + "%";
    }

    /** {@code v} with {@link Figures#DIGITS} significant digits, or an empty cell. */
    static String optional(Double v) {
        return v == null ? "" : Figures.sig(v);
    }

    /** {@code o} as text, or "n/a". */
    static String str(Object o) {
        return o == null ? "n/a" : o.toString();
    }
}
