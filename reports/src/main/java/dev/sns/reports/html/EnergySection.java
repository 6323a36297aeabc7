package dev.sns.reports.html;

import static dev.sns.reports.html.Html.escape;

import dev.sns.reports.BenchmarkEntry;
import dev.sns.model.DisplayUnit;
import dev.sns.reports.ResultFields;
import dev.sns.reports.ResultScope;
import java.util.List;
import java.util.Locale;

/**
 * A benchmark's energy, beside its time on its card: joules per call (the board total, and above idle
 * power) and mean power with their intervals, idle power, joules per declared flop and byte, the
 * windows and the temperature range they were taken in, the power sensor against the counter, and
 * the power trace: each energy window's mean power over the run, idle windows dashed, windows that
 * started hotter than steady in red. One line where energy was asked for and not measured; nothing
 * where it was not asked for. Its styles ride inside its SVG, so pages without energy are unchanged.
 */
final class EnergySection {
    private static final PlotFrame FRAME = new PlotFrame(1000, 150, 70, 850, 24, 120);
    private static final String STYLE = "<style>.pw{fill:none;stroke:#bf3989;stroke-width:2}"
            + ".pw-idle{fill:none;stroke:#8c959f;stroke-width:2;stroke-dasharray:4 3}"
            + ".pw-hot{fill:none;stroke:#cf222e;stroke-width:3}</style>";

    private EnergySection() {}

    static void append(StringBuilder out, BenchmarkEntry b) {
        BenchmarkEntry.Energy e = b.energy();
        if (e == null) {
            return;
        }
        if (e.unavailable() != null) {
            out.append("<p class=\"note\">Energy: not measured: ").append(escape(e.unavailable())).append("</p>\n");
            return;
        }
        out.append("<dl class=\"numbers\">\n");
        BenchmarkCard.lines(out, ResultFields.cardLines(ResultScope.ENERGY), b, DisplayUnit.MS);
        out.append("</dl>\n");
        String svg = trace(e.trace(), b.id());
        if (svg != null) {
            out.append("<figure>\n").append(svg).append("<figcaption>Power trace: each energy window's mean board ")
                    .append("power, in the order taken (idle windows dashed; red: started hotter than steady).")
                    .append("</figcaption>\n</figure>\n");
        }
    }

    static String trace(List<BenchmarkEntry.EnergyPoint> points, String id) {
        if (points == null || points.isEmpty()) {
            return null;
        }
        double total = 0;
        double[] watts = new double[points.size()];
        for (int i = 0; i < watts.length; i++) {
            total += points.get(i).seconds();
            watts[i] = points.get(i).watts() == null ? Double.NaN : points.get(i).watts();
        }
        AxisRange axis = AxisRange.linear(watts, new double[0], 0.1, 10);
        if (axis == null || !(total > 0)) {
            return null;
        }
        if (axis.lo() < 0 && java.util.Arrays.stream(watts).filter(Double::isFinite).allMatch(w -> w >= 0)) {
            axis = new AxisRange(0, axis.hi(), false);
        }
        double lo = axis.lo();
        double hi = axis.hi();
        Svg svg = FRAME.open("plot power", "power trace of " + id).raw(STYLE);
        FRAME.yAxis(svg, lo, hi, 3, "W", 12);
        double t = 0;
        for (BenchmarkEntry.EnergyPoint p : points) {
            double x0 = FRAME.left() + t / total * FRAME.innerWidth();
            t += p.seconds();
            double x1 = FRAME.left() + t / total * FRAME.innerWidth();
            if (p.watts() == null || p.watts().isNaN()) {
                continue;
            }
            double y = FRAME.y(p.watts(), axis);
            String cls = Boolean.TRUE.equals(p.idle()) ? "pw-idle" : Boolean.TRUE.equals(p.hot()) ? "pw-hot" : "pw";
            svg.path("M" + Svg.num(x0) + ' ' + Svg.num(y) + 'H' + Svg.num(x1), cls, String.format(Locale.ROOT,
                    "%.1f W over %.3f s%s", p.watts(), p.seconds(), p.startC() == null ? ""
                            : String.format(Locale.ROOT, ", %.0f to %.0f C", p.startC(), p.endC())));
        }
        FRAME.frame(svg);
        FRAME.xTitle(svg, String.format(Locale.ROOT, "energy windows in the order taken (%.1f s in all)", total), 6);
        return svg.end();
    }
}
