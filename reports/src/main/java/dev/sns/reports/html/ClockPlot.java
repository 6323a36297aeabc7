package dev.sns.reports.html;

import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.Figures;
import java.util.ArrayList;
import java.util.List;

/**
 * The SM clock readings of one benchmark, in MHz, in the order they were taken. A locked clock is a
 * flat line; a floating or throttled one is not. The y axis spans at least {@link #MIN_SPAN_MHZ} so
 * that a steady clock does not look noisy.
 */
final class ClockPlot {
    /** Smallest y span: the tier A bound is 30 MHz, so a steady clock must look steady at this scale. */
    static final double MIN_SPAN_MHZ = 60.0;
    /** Most steps drawn: about one per user unit of the plot's width. */
    static final int MAX_STEPS = 800;

    private static final PlotFrame FRAME = new PlotFrame(1000, 140, 70, 850, 24, 114);

    private final List<Double> mhz;
    private double lo;
    private double hi;
    private AxisRange axis;

    private ClockPlot(List<Double> mhz) {
        this.mhz = mhz;
    }

    /** The SM clock trace of {@code clocks}, or null when there are no readings. */
    static String render(BenchmarkEntry.Clocks clocks, String id) {
        if (clocks == null || clocks.smMhz() == null) {
            return null;
        }
        List<Double> readings = new ArrayList<>();
        for (Double d : clocks.smMhz()) {
            if (d != null && Double.isFinite(d)) {
                readings.add(d);
            }
        }
        return readings.isEmpty() ? null : new ClockPlot(readings).draw(id, clocks.smMeanMhz());
    }

    private String draw(String id, Double meanMhz) {
        chooseRange();
        Svg svg = FRAME.open("plot clocks", "SM clock of " + id);
        FRAME.yAxis(svg, lo, hi, 3, "MHz", 12);
        if (meanMhz != null && meanMhz >= lo && meanMhz <= hi) {
            FRAME.across(svg, y(meanMhz), "median");
            svg.text(FRAME.right() + 8, y(meanMhz) + 4, "mean " + Figures.compact(meanMhz, 4) + " MHz", "median-label",
                    "start");
        }
        svg.path(trace(), "clock");
        clipMarks(svg);
        FRAME.frame(svg);
        FRAME.xTitle(svg, "SM clock reading, in the order taken (" + mhz.size() + " readings)", 6);
        return svg.end();
    }

    private void chooseRange() {
        axis = AxisRange.linear(mhz.stream().mapToDouble(Double::doubleValue).toArray(), new double[0], 0.05,
                MIN_SPAN_MHZ);
        if (axis == null) {
            axis = new AxisRange(0, MIN_SPAN_MHZ, false);
        }
        lo = axis.lo();
        hi = axis.hi();
    }

    /**
     * A step line: each reading holds until the next, so a single odd reading stays visible. Past
     * {@link #MAX_STEPS} readings, each step spans a bucket of readings from its lowest to its highest,
     * so a dip stays visible however many readings share a pixel.
     */
    private String trace() {
        int n = mhz.size();
        if (n > MAX_STEPS) {
            return envelope();
        }
        StringBuilder d = new StringBuilder();
        double step = FRAME.innerWidth() / n;
        for (int i = 0; i < n; i++) {
            double xa = FRAME.left() + i * step;
            d.append(i == 0 ? 'M' : 'L').append(Svg.num(xa)).append(' ').append(Svg.num(y(mhz.get(i))))
                    .append('H').append(Svg.num(xa + step));
        }
        return d.toString();
    }

    private String envelope() {
        StringBuilder d = new StringBuilder();
        int n = mhz.size();
        double step = FRAME.innerWidth() / MAX_STEPS;
        for (int b = 0; b < MAX_STEPS; b++) {
            int from = (int) ((long) b * n / MAX_STEPS);
            int to = (int) ((long) (b + 1) * n / MAX_STEPS);
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (int i = from; i < to; i++) {
                min = Math.min(min, mhz.get(i));
                max = Math.max(max, mhz.get(i));
            }
            double xa = FRAME.left() + b * step;
            d.append(b == 0 ? 'M' : 'L').append(Svg.num(xa)).append(' ').append(Svg.num(y(max))).append('V')
                    .append(Svg.num(y(min))).append('H').append(Svg.num(xa + step));
        }
        return d.toString();
    }

    /** A clip mark on the edge for each reading beyond the axis, naming it (the trace holds the edge there). */
    private void clipMarks(Svg svg) {
        int n = mhz.size();
        double step = FRAME.innerWidth() / Math.min(n, MAX_STEPS);
        for (int i = 0; i < n; i++) {
            double v = mhz.get(i);
            if (axis.clipped(v)) {
                int slot = n > MAX_STEPS ? (int) ((long) i * MAX_STEPS / n) : i;
                boolean up = axis.above(v);
                AxisRange.mark(svg, FRAME.left() + (slot + 0.5) * step, up ? FRAME.top() : FRAME.bottom(), up ? 'u' : 'd',
                        "reading " + AxisRange.label(v) + " MHz, beyond the axis");
            }
        }
    }

    private double y(double v) {
        return FRAME.y(v, axis);
    }
}
