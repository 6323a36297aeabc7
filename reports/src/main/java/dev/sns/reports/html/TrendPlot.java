package dev.sns.reports.html;

import dev.sns.model.DisplayUnit;
import dev.sns.reports.Figures;
import dev.sns.reports.changes.ChangePoint;
import dev.sns.reports.changes.Segment;
import dev.sns.reports.changes.SeriesChanges;
import dev.sns.reports.changes.SeriesReading;
import dev.sns.reports.changes.Space;
import dev.sns.reports.history.HistoryPoint;

/**
 * One benchmark's history as a trend: each run's median (a dot coloured by its tier, the run, commit,
 * start and interval on hover) inside the band of the runs' own intervals, each segment's median as
 * a line, and each change point as a dashed vertical line labelled with its change. Runs are evenly
 * spaced in run order; the y axis is the reading's unit (time, or cycles where clocks floated).
 */
final class TrendPlot {
    private static final PlotFrame FRAME = new PlotFrame(1000, 230, 80, 975, 30, 190);

    private TrendPlot() {}

    /** The plot, or null when the series has no run to draw. */
    /** Board marks the page styles (a ring colour each); more boards reuse them in turn. */
    static final int BOARD_MARKS = 6;

    static String render(SeriesChanges c, String id) {
        SeriesReading r = c.reading();
        int n = r.values().length;
        if (n == 0) {
            return null;
        }
        boolean cycles = r.space() == Space.CYCLES;
        double scale;
        String unitLabel;
        if (cycles) {
            scale = 1.0;
            unitLabel = "cycles";
        } else {
            DisplayUnit u = DisplayUnit.forMillis(Math.abs(r.values()[n - 1]));
            scale = u.fromMillis(1.0);
            unitLabel = u.label();
        }
        double[] medians = new double[n];
        double[] bounds = new double[2 * n];
        for (int i = 0; i < n; i++) {
            medians[i] = r.values()[i] * scale;
            bounds[2 * i] = r.lower(i) * scale;
            bounds[2 * i + 1] = r.upper(i) * scale;
        }
        AxisRange axis = AxisRange.linear(medians, bounds, 0.08, 0.0);
        if (axis == null) {
            return null;
        }
        Svg svg = FRAME.open("plot trend", "history of " + id);
        FRAME.yAxis(svg, axis.lo(), axis.hi(), 4, unitLabel, 12);
        band(svg, axis, bounds, n, unitLabel);
        for (Segment s : c.segments()) {
            double y = FRAME.y(s.median() * scale, axis);
            svg.line(x(s.from(), n) - step(n) / 2, y, x(s.to() - 1, n) + step(n) / 2, y, "median");
        }
        for (ChangePoint p : c.changes()) {
            double xc = x(p.index(), n) - step(n) / 2;
            svg.line(xc, FRAME.top(), xc, FRAME.bottom(), "ci-line " + (p.slower() ? "cp-slower" : "cp-faster"));
            svg.text(xc + 3, FRAME.top() - 4, Figures.signedPercent(p.change()) + " at run " + p.run().runId(),
                    p.slower() ? "vt-slower" : "vt-faster", "start", "change point: " + Figures.signedPercent(p.change())
                            + " from run " + p.run().runId() + " (commit " + p.run().shortCommit() + "), p = "
                            + Figures.compact(p.pValue(), 3));
        }
        java.util.Map<String, Integer> boards = new java.util.LinkedHashMap<>();
        r.points().forEach(p -> boards.putIfAbsent(p.board(), boards.size()));
        boolean marked = boards.size() > 1;
        for (int i = 0; i < n; i++) {
            HistoryPoint p = r.points().get(i);
            double v = r.values()[i] * scale;
            String title = "run " + p.runId() + " · commit " + p.shortCommit() + (p.gitBranch().isEmpty() ? ""
                    : " (" + p.gitBranch() + ")") + " · " + p.createdAt() + " · " + Figures.compact(v, 4) + " ["
                    + AxisRange.label(r.lower(i) * scale) + ", " + AxisRange.label(r.upper(i) * scale) + "] " + unitLabel
                    + " · tier " + p.tier() + (p.board().isEmpty() ? "" : " · board " + p.board())
                    + (marked ? " (its offset from the fleet taken out)" : "");
            svg.circle(x(i, n), FRAME.y(v, axis), n > 200 ? 1.6 : 3, "pt tier-" + ("A".equals(p.tier()) ? "A" : "B")
                    + (marked ? " board-" + (boards.get(p.board()) % BOARD_MARKS) : ""), title);
        }
        labels(svg, r, n);
        FRAME.frame(svg);
        FRAME.xTitle(svg, "run, oldest to newest (" + n + " runs read); " + unitLabel + " per call", 4);
        return svg.end();
    }

    /**
     * The band of the runs' own intervals: each run's lower and upper bound as recorded (asymmetric
     * intervals drawn as they are), a bound beyond the axis drawn on its edge with a clip mark.
     */
    private static void band(Svg svg, AxisRange axis, double[] bounds, int n, String unitLabel) {
        StringBuilder band = new StringBuilder();
        for (int i = 0; i < n; i++) {
            band.append(i == 0 ? 'M' : 'L').append(Svg.num(x(i, n))).append(' ')
                    .append(Svg.num(FRAME.y(bounds[2 * i + 1], axis)));
        }
        for (int i = n - 1; i >= 0; i--) {
            band.append('L').append(Svg.num(x(i, n))).append(' ').append(Svg.num(FRAME.y(bounds[2 * i], axis)));
        }
        svg.path(band.append('Z').toString(), "ci");
        for (int i = 0; i < n; i++) {
            if (axis.clipped(bounds[2 * i + 1])) {
                AxisRange.mark(svg, x(i, n), FRAME.top(), 'u', "upper bound " + AxisRange.label(bounds[2 * i + 1]) + " "
                        + unitLabel + ", beyond the axis");
            }
            if (axis.clipped(bounds[2 * i])) {
                AxisRange.mark(svg, x(i, n), FRAME.bottom(), 'd', "lower bound " + AxisRange.label(bounds[2 * i]) + " "
                        + unitLabel + ", beyond the axis");
            }
        }
    }

    /** Run ids under the axis: the first, the last and each change point's. */
    private static void labels(Svg svg, SeriesReading r, int n) {
        java.util.TreeSet<Integer> at = new java.util.TreeSet<>(java.util.List.of(0, n - 1));
        double lastX = Double.NEGATIVE_INFINITY;
        for (int i : at) {
            double xi = x(i, n);
            if (xi - lastX > 60) {
                svg.text(xi, FRAME.bottom() + 14, "run " + r.points().get(i).runId(), "tick", "middle");
                lastX = xi;
            }
        }
    }

    private static double step(int n) {
        return FRAME.innerWidth() / n;
    }

    private static double x(int i, int n) {
        return FRAME.left() + (i + 0.5) * step(n);
    }
}
