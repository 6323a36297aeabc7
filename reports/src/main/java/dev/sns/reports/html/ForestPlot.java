package dev.sns.reports.html;

import dev.sns.reports.ComparisonEntry;
import dev.sns.reports.Figures;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * A forest plot of speedup intervals: one row per comparison, a dot at the speedup and a bar from
 * the interval's lower to its upper bound, coloured by verdict (FASTER green, SLOWER red, PARITY
 * grey, NO_VERDICT hatched and outlined). Vertical lines mark 1.0 and the verdict thresholds (the
 * entries' own, else 0.95 and 1.2). The axis is logarithmic, so 2x faster and 2x slower are
 * equally far from 1.
 */
final class ForestPlot {
    /** sns's default verdict thresholds, for entries written without theirs. */
    static final double DEFAULT_FASTER = 1.2;
    static final double DEFAULT_SLOWER = 0.95;
    /** Candidate tick values of the log axis; those in range and not crowded are drawn. */
    private static final double[] TICKS = {0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 0.67, 0.8, 0.9, 0.95, 1.0, 1.05,
        1.1, 1.2, 1.25, 1.5, 2, 3, 4, 5, 10, 20, 50, 100, 200, 500, 1000};

    /** Height of one row (two label lines and the bar), user units. */
    private static final double ROW = 38;

    private final List<ComparisonEntry> rows;
    /** The bars' area: labels to its left, numbers and verdicts to its right, one row per comparison. */
    private final PlotFrame frame;
    private double lo;
    private double hi;
    private AxisRange axis;

    private ForestPlot(List<ComparisonEntry> rows) {
        this.rows = rows;
        double top = 34; // room for the reference lines' labels
        double bottom = top + ROW * rows.size();
        this.frame = new PlotFrame(1000, (int) Math.ceil(bottom + 44), 372, 750, top, bottom); // 44: ticks, title
    }

    /** The forest plot of {@code comparisons}, or null when there are none. */
    static String render(List<ComparisonEntry> comparisons) {
        return comparisons.isEmpty() ? null : new ForestPlot(comparisons).draw();
    }

    private String draw() {
        chooseRange();
        Svg svg = frame.open("plot forest", "forest plot of speedup intervals");
        svg.raw("<defs><pattern id=\"sns-hatch\" patternUnits=\"userSpaceOnUse\" width=\"6\" height=\"6\" "
                + "patternTransform=\"rotate(45)\"><line class=\"hatch\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\"/>"
                + "</pattern></defs>\n");
        for (int r = 0; r < rows.size(); r++) {
            if (r % 2 == 1) {
                svg.rect(0, frame.top() + r * ROW, frame.width(), ROW, "band");
            }
        }
        referenceLines(svg);
        axis(svg);
        String prefix = ForestLabels.commonPrefix(rows);
        for (int r = 0; r < rows.size(); r++) {
            row(svg, rows.get(r), frame.top() + (r + 0.5) * ROW, prefix);
        }
        return svg.end();
    }

    /**
     * The log axis holds 1, every speedup and threshold; the bounds extend it up to
     * {@link AxisRange#LOG_REACH} beyond those. A bound past that (or zero, negative, infinite) is
     * drawn at the edge with a clip mark: an interval of [1e-308, 1.7e308] still renders, and says so.
     */
    private void chooseRange() {
        List<Double> core = new ArrayList<>(List.of(1.0));
        List<Double> bounds = new ArrayList<>();
        for (ComparisonEntry c : rows) {
            for (Double d : new Double[] {c.speedup(), faster(c), slower(c)}) {
                if (d != null) {
                    core.add(d);
                }
            }
            for (Double d : new Double[] {c.lower(), c.upper()}) {
                if (d != null) {
                    bounds.add(d);
                }
            }
        }
        axis = AxisRange.logarithmic(core.stream().mapToDouble(Double::doubleValue).toArray(),
                bounds.stream().mapToDouble(Double::doubleValue).toArray(), 0.06);
        lo = axis.lo();
        hi = axis.hi();
    }

    private void referenceLines(Svg svg) {
        TreeSet<Double> slower = new TreeSet<>();
        TreeSet<Double> faster = new TreeSet<>();
        for (ComparisonEntry c : rows) {
            slower.add(slower(c));
            faster.add(faster(c));
        }
        reference(svg, 1.0, "ref-one");
        svg.text(x(1.0), frame.top() - 10, "1", "ref-label", "middle");
        for (double s : slower) {
            reference(svg, s, "ref-slower");
            svg.text(x(s) - 4, frame.top() - 10, Figures.compact(s, 4) + " slower", "ref-label slower-t", "end");
        }
        for (double f : faster) {
            reference(svg, f, "ref-faster");
            svg.text(x(f) + 4, frame.top() - 10, Figures.compact(f, 4) + " faster", "ref-label faster-t", "start");
        }
    }

    /** A vertical line at speedup {@code v}, from just above the rows to the axis. */
    private void reference(Svg svg, double v, String cssClass) {
        svg.line(x(v), frame.top() - 6, x(v), frame.bottom(), cssClass);
    }

    private void axis(Svg svg) {
        double bottom = frame.bottom();
        frame.across(svg, bottom, "axis");
        double lastX = Double.NEGATIVE_INFINITY;
        for (double t : ticks()) {
            svg.line(x(t), bottom, x(t), bottom + 4, "axis");
            svg.text(x(t), bottom + 16, AxisRange.tick(t), "tick", "middle");
            lastX = x(t);
        }
        if (lastX == Double.NEGATIVE_INFINITY) {
            svg.text(frame.left(), bottom + 16, AxisRange.tick(lo), "tick", "start");
        }
        frame.xTitle(svg, "speedup = baseline median / candidate median (log scale; above 1 the candidate is faster)",
                8);
    }

    /** Tick values in range, at least 34 units apart, 1 always among them. */
    private List<Double> ticks() {
        List<Double> out = new ArrayList<>();
        double last = Double.NEGATIVE_INFINITY;
        TreeSet<Double> candidates = new TreeSet<>();
        for (double t : TICKS) {
            candidates.add(t);
        }
        for (int k = -300; k <= 300; k++) {
            candidates.add(Double.parseDouble("1e" + k));
        }
        for (double t : candidates) {
            if (t < lo || t > hi) {
                continue;
            }
            boolean one = t == 1.0;
            if (x(t) - last >= 34 || one) {
                if (one && !out.isEmpty() && x(1.0) - last < 34) {
                    out.remove(out.size() - 1);
                }
                out.add(t);
                last = x(t);
            }
        }
        return out;
    }

    private void row(Svg svg, ComparisonEntry c, double cy, String prefix) {
        String full = c.candidate() + " vs " + c.baseline();
        String[] lines = ForestLabels.lines(c, prefix);
        svg.text(8, cy - 3, lines[0], "row-label", "start", full);
        svg.text(8, cy + 11, lines[1], "row-label", "start", full);
        String verdict = c.verdict() == null ? "NO_VERDICT" : c.verdict();
        if (c.lower() != null && c.upper() != null && !(c.lower().isNaN() || c.upper().isNaN())) {
            String cls = "bar v-" + verdictClass(verdict);
            double xl = x(c.lower());
            double xu = x(c.upper());
            svg.rect(xl, cy - 6, Math.max(xu - xl, 1.5), 12, cls);
            if (axis.clipped(c.lower())) {
                AxisRange.mark(svg, frame.left(), cy, 'l', "lower bound " + AxisRange.label(c.lower())
                        + ", beyond the axis");
            }
            if (axis.clipped(c.upper())) {
                AxisRange.mark(svg, frame.right(), cy, 'r', "upper bound " + AxisRange.label(c.upper())
                        + ", beyond the axis");
            }
        }
        if (c.speedup() != null && c.speedup() > 0 && Double.isFinite(c.speedup())) {
            svg.circle(x(c.speedup()), cy, 4, "pt");
        }
        svg.text(frame.right() + 12, cy + 4, figure(c.speedup()) + " [" + figure(c.lower()) + ", "
                + figure(c.upper()) + "]", "row-num", "start");
        svg.text(frame.width() - 6, cy + 4, verdict, "row-verdict vt-" + verdictClass(verdict), "end");
    }

    /** The CSS suffix of a verdict: faster, slower, parity or none. */
    static String verdictClass(String verdict) {
        if (verdict == null) {
            return "none";
        }
        return switch (verdict) {
            case "FASTER" -> "faster";
            case "SLOWER" -> "slower";
            case "PARITY" -> "parity";
            default -> "none";
        };
    }

    /** The x of {@code v}; a value beyond the axis (or not positive) on its edge. */
    private double x(double v) {
        return frame.x(v, axis);
    }

    private static String figure(Double v) {
        return v == null ? "n/a" : AxisRange.label(v);
    }

    private static double faster(ComparisonEntry c) {
        return c.fasterThreshold() == null ? DEFAULT_FASTER : c.fasterThreshold();
    }

    private static double slower(ComparisonEntry c) {
        return c.slowerThreshold() == null ? DEFAULT_SLOWER : c.slowerThreshold();
    }
}
