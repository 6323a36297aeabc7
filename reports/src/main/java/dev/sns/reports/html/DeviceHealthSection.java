package dev.sns.reports.html;

import static dev.sns.reports.html.Html.escape;

import dev.sns.reports.DeviceEntry;
import dev.sns.reports.DeviceHealthEntry;
import dev.sns.reports.Figures;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The device-health table of a run on several GPUs: each benchmark on each GPU against the first,
 * its speedup interval, what it says, and both sides' clocks and throttles beside it; above it, each
 * GPU the table names as slower than a sibling. Nothing when the report has no such entry.
 */
final class DeviceHealthSection {
    private DeviceHealthSection() {}

    static void append(StringBuilder out, List<DeviceHealthEntry> health, List<DeviceEntry> devices) {
        if (health.isEmpty()) {
            return;
        }
        out.append("<section id=\"device-health\">\n<h2>Device health</h2>\n<p class=\"note\">Each benchmark on each ")
                .append("GPU against the same benchmark on the run's first GPU, measured in rounds of one fork per GPU and ")
                .append("paired by round. Speedup = the first GPU's median / this GPU's median: below 1 this GPU is ")
                .append("slower. A GPU is named when the whole interval lies beyond the slower threshold (either way); ")
                .append("tier C gives no verdict, and the throttle evidence says why.</p>\n");
        Map<Integer, Integer> named = new LinkedHashMap<>();
        for (DeviceHealthEntry h : health) {
            if (h.suspect() != null) {
                named.merge(h.suspect(), 1, Integer::sum);
            }
        }
        if (named.isEmpty()) {
            out.append("<p>No GPU is slower than its sibling beyond the threshold.</p>\n");
        } else {
            out.append("<ul class=\"suspects\">\n");
            named.forEach((d, n) -> out.append("<li class=\"vt-slower\">GPU ").append(escape(label(d, devices)))
                    .append(": named in ").append(n).append(" of ").append(health.size()).append(" comparison")
                    .append(health.size() == 1 ? "" : "s").append("</li>\n"));
            out.append("</ul>\n");
        }
        out.append("<table class=\"pairs\">\n<tr><th>benchmark</th><th>GPU</th><th>vs</th><th>speedup</th>")
                .append("<th>interval</th><th>tier</th><th>finding</th><th>SM MHz (GPU / first)</th>")
                .append("<th>throttles (GPU / first)</th><th>other clock events</th></tr>\n");
        for (DeviceHealthEntry h : health) {
            DeviceHealthEntry.Evidence e = h.deviceEvidence();
            DeviceHealthEntry.Evidence r = h.referenceEvidence();
            String cls = "ok".equals(h.finding()) ? "parity" : "noVerdict".equals(h.finding()) ? "none" : "slower";
            out.append("<tr><td><code>").append(Html.breakable(h.id())).append("</code></td><td>").append(h.device())
                    .append("</td><td>").append(h.reference()).append("</td><td class=\"num\">")
                    .append(Figures.sig(h.speedup().speedup())).append("</td><td class=\"num\">[")
                    .append(Figures.sig(h.speedup().lower())).append(", ").append(Figures.sig(h.speedup().upper()))
                    .append("]</td><td>").append(Cells.tierBadge(h.speedup().tier())).append("</td><td class=\"verdict vt-")
                    .append(cls).append("\">").append(escape(finding(h))).append("</td><td class=\"num\">")
                    .append(mhz(e.smMeanMhz())).append(" / ").append(mhz(r.smMeanMhz())).append("</td><td>")
                    .append(escape(list(e.throttleReasons()))).append(" / ").append(escape(list(r.throttleReasons())))
                    .append("</td><td>").append(escape(list(e.metadataReasons()))).append("</td></tr>\n");
        }
        out.append("</table>\n</section>\n");
    }

    private static String finding(DeviceHealthEntry h) {
        return switch (h.finding()) {
            case "slower" -> "GPU " + h.device() + " slower";
            case "referenceSlower" -> "GPU " + h.reference() + " slower";
            case "noVerdict" -> "no verdict (tier C on GPU " + h.suspect() + ")";
            default -> "ok";
        };
    }

    private static String label(int index, List<DeviceEntry> devices) {
        for (DeviceEntry d : devices) {
            if (d.index() != null && d.index() == index) {
                return index + " (" + d.name() + (d.uuid() == null || d.uuid().isEmpty() ? "" : ", " + d.uuid()) + ")";
            }
        }
        return Integer.toString(index);
    }

    private static String mhz(Double v) {
        return v == null ? "n/a" : String.format(Locale.ROOT, "%.0f", v);
    }

    private static String list(List<String> reasons) {
        return reasons.isEmpty() ? "none" : String.join(", ", reasons);
    }
}
