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

    private static final int W = 1000;
    private static final int H = 140;
    private static final double X0 = 70;
    private static final double X1 = 850;
    private static final double Y0 = 24;
    private static final double Y1 = 114;

    private final List<Double> mhz;
    private double lo;
    private double hi;

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
        Svg svg = new Svg(W, H, "plot clocks", "SM clock of " + id);
        for (double t : Svg.ticks(lo, hi, 3)) {
            svg.line(X0, y(t), X1, y(t), "grid");
            svg.text(X0 - 6, y(t) + 4, Figures.compact(t, 6), "tick", "end");
        }
        svg.text(X0 - 6, Y0 - 12, "MHz", "axis-label", "end");
        if (meanMhz != null && meanMhz >= lo && meanMhz <= hi) {
            svg.line(X0, y(meanMhz), X1, y(meanMhz), "median");
            svg.text(X1 + 8, y(meanMhz) + 4, "mean " + Figures.compact(meanMhz, 4) + " MHz", "median-label", "start");
        }
        svg.path(trace(), "clock");
        svg.rect(X0, Y0, X1 - X0, Y1 - Y0, "frame");
        svg.text((X0 + X1) / 2, H - 6, "SM clock reading, in the order taken (" + mhz.size() + " readings)",
                "axis-label", "middle");
        return svg.end();
    }

    private void chooseRange() {
        lo = Double.POSITIVE_INFINITY;
        hi = Double.NEGATIVE_INFINITY;
        for (double d : mhz) {
            lo = Math.min(lo, d);
            hi = Math.max(hi, d);
        }
        double mid = (lo + hi) / 2;
        double half = Math.max((hi - lo) * 0.55, MIN_SPAN_MHZ / 2);
        lo = mid - half;
        hi = mid + half;
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
        double step = (X1 - X0) / n;
        for (int i = 0; i < n; i++) {
            double xa = X0 + i * step;
            d.append(i == 0 ? 'M' : 'L').append(Svg.num(xa)).append(' ').append(Svg.num(y(mhz.get(i))))
                    .append('H').append(Svg.num(xa + step));
        }
        return d.toString();
    }

    private String envelope() {
        StringBuilder d = new StringBuilder();
        int n = mhz.size();
        double step = (X1 - X0) / MAX_STEPS;
        for (int b = 0; b < MAX_STEPS; b++) {
            int from = (int) ((long) b * n / MAX_STEPS);
            int to = (int) ((long) (b + 1) * n / MAX_STEPS);
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (int i = from; i < to; i++) {
                min = Math.min(min, mhz.get(i));
                max = Math.max(max, mhz.get(i));
            }
            double xa = X0 + b * step;
            d.append(b == 0 ? 'M' : 'L').append(Svg.num(xa)).append(' ').append(Svg.num(y(max))).append('V')
                    .append(Svg.num(y(min))).append('H').append(Svg.num(xa + step));
        }
        return d.toString();
    }

    private double y(double v) {
        return Y1 - (v - lo) / (hi - lo) * (Y1 - Y0);
    }
}
