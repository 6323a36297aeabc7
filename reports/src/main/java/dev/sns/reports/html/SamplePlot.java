package dev.sns.reports.html;

import dev.sns.model.DisplayUnit;
import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.Figures;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * The samples of one benchmark in time order: one dot per sample coloured by fork, windows as
 * alternating bands with their own median drawn across them (so drift between windows and forks
 * shows), and horizontal lines at the median and the interval bounds.
 *
 * <p>The y axis spans the central 99% of the samples (all of them below {@link #ALL_SAMPLES_BELOW});
 * samples beyond it are drawn as triangles on the edge and counted in a note, so one outlier cannot
 * flatten the picture. Above {@link #MAX_POINTS} samples, an even subsample is drawn, and said.
 *
 * <p>Longer than the other classes here (about 330 lines) on purpose: every part of the picture
 * (bands, dots, edge triangles, window medians, fork lines, labels) reads the same scale, y range and
 * subsample, so splitting it would pass that state around; what does not depend on it lives in
 * {@link WindowSegment} and {@link PlotFrame}.
 */
final class SamplePlot {
    /** Most dots drawn per benchmark: keeps a page of many large benchmarks a few MB at most. */
    static final int MAX_POINTS = 4000;
    /** Below this many samples the y axis covers every sample. */
    static final int ALL_SAMPLES_BELOW = 200;
    /** Fraction cut from each tail when choosing the y range of a large sample. */
    private static final double TAIL = 0.005;
    /** Past this many windows, the bands and window labels would be noise: only fork lines remain. */
    private static final int MAX_BANDS = 600;
    /** Colours in the page's CSS (classes f0..f7); forks beyond reuse them in order. */
    static final int FORK_COLOURS = 8;

    private static final PlotFrame FRAME = new PlotFrame(1000, 300, 70, 850, 26, 262);

    /** The drawn plot, the forks seen (for the legend) and what the reader should know about it. */
    record Figure(String svg, List<Integer> forks, List<String> notes) {}

    private final double[] values;
    private final int[] windows;
    private final int[] forks;
    private final DisplayUnit unit;
    private final Double median;
    private final Double lower;
    private final Double upper;
    private double lo;
    private double hi;
    private AxisRange axis;

    private SamplePlot(double[] values, int[] windows, int[] forks, DisplayUnit unit, BenchmarkEntry.Summary s) {
        this.values = values;
        this.windows = windows;
        this.forks = forks;
        this.unit = unit;
        this.median = s == null ? null : scale(s.median(), unit);
        this.lower = s == null ? null : scale(s.lower(), unit);
        this.upper = s == null ? null : scale(s.upper(), unit);
    }

    /** The plot of {@code b}'s samples in {@code unit}, or null when it has fewer than one sample. */
    static Figure render(BenchmarkEntry b, DisplayUnit unit) {
        BenchmarkEntry.Samples s = b.samples();
        if (s == null || s.millis() == null || s.millis().isEmpty()) {
            return null;
        }
        int n = s.millis().size();
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            Double ms = s.millis().get(i);
            v[i] = ms == null ? Double.NaN : unit.fromMillis(ms);
        }
        SamplePlot p = new SamplePlot(v, ids(s.window(), n), ids(s.fork(), n), unit, b.summary());
        return p.draw(b.id());
    }

    private Figure draw(String id) {
        List<String> notes = new ArrayList<>();
        chooseRange();
        List<WindowSegment> segments = WindowSegment.split(values, windows, forks);
        Svg svg = FRAME.open("plot samples", "samples of " + id + " in time order");
        if (segments.size() <= MAX_BANDS) {
            bands(svg, segments);
        }
        yAxis(svg);
        intervalLines(svg);
        int stride = stride(values.length);
        int clipped = dots(svg, stride);
        windowMedians(svg, segments);
        forkSeparators(svg, segments);
        xAxis(svg, segments);
        FRAME.frame(svg);
        if (stride > 1) {
            notes.add("showing every " + ordinal(stride) + " sample (" + count(values.length, stride) + " of "
                    + values.length + "); the window medians and the lines use all samples");
        }
        if (clipped > 0) {
            notes.add(clipped + " sample" + (clipped == 1 ? "" : "s") + " beyond the axis, drawn as triangles on its"
                    + " edge (the axis spans the central 99%)");
        }
        return new Figure(svg.end(), forksSeen(), notes);
    }

    /**
     * The y axis holds the samples (their central 99% from {@link #ALL_SAMPLES_BELOW} on) and the
     * median; the interval's bounds extend it within {@link AxisRange#REACH}, and a bound beyond is
     * drawn on the edge with a clip mark.
     */
    private void chooseRange() {
        double[] sorted = Arrays.stream(values).filter(Double::isFinite).sorted().toArray();
        double[] core;
        if (sorted.length == 0) {
            core = median == null ? new double[] {0, 1} : new double[] {median};
        } else {
            double tail = sorted.length < ALL_SAMPLES_BELOW ? 0.0 : TAIL;
            core = new double[] {sorted[(int) Math.floor(tail * (sorted.length - 1))],
                sorted[(int) Math.ceil((1.0 - tail) * (sorted.length - 1))], median == null ? Double.NaN : median};
        }
        double[] bounds = {lower == null ? Double.NaN : lower, upper == null ? Double.NaN : upper};
        axis = AxisRange.linear(core, bounds, 0.08, 0.0);
        if (axis == null) {
            axis = new AxisRange(0, 1, false);
        }
        lo = axis.lo();
        hi = axis.hi();
    }

    private void bands(Svg svg, List<WindowSegment> segments) {
        for (int k = 1; k < segments.size(); k += 2) {
            WindowSegment s = segments.get(k);
            svg.rect(x(s.start()) - halfStep(), FRAME.top(), x(s.end() - 1) - x(s.start()) + 2 * halfStep(),
                    FRAME.bottom() - FRAME.top(), "band");
        }
    }

    private void yAxis(Svg svg) {
        FRAME.yAxis(svg, lo, hi, 5, unit.label() + " per call", 10);
    }

    private void intervalLines(Svg svg) {
        List<Label> labels = new ArrayList<>();
        if (lower != null && upper != null && !lower.isNaN() && !upper.isNaN()) {
            svg.rect(FRAME.left(), y(upper), FRAME.innerWidth(), y(lower) - y(upper), "ci");
            FRAME.across(svg, y(upper), "ci-line");
            FRAME.across(svg, y(lower), "ci-line");
            labels.add(new Label(y(upper), "upper " + AxisRange.label(upper), "ci-label"));
            labels.add(new Label(y(lower), "lower " + AxisRange.label(lower), "ci-label"));
            if (axis.clipped(upper)) {
                AxisRange.mark(svg, FRAME.right() - 6, y(upper), upper > hi ? 'u' : 'd', "upper bound "
                        + AxisRange.label(upper) + " " + unit.label() + ", beyond the axis");
            }
            if (axis.clipped(lower)) {
                AxisRange.mark(svg, FRAME.right() - 6, y(lower), lower < lo ? 'd' : 'u', "lower bound "
                        + AxisRange.label(lower) + " " + unit.label() + ", beyond the axis");
            }
        }
        if (median != null && Double.isFinite(median)) {
            FRAME.across(svg, y(median), "median");
            labels.add(new Label(y(median), "median " + Figures.sig(median), "median-label"));
        }
        for (Label l : spread(labels)) {
            svg.text(FRAME.right() + 8, l.y() + 4, l.text(), l.cssClass(), "start");
        }
    }

    /** Draws the dots, one path per fork; returns how many samples fell outside the y range. */
    private int dots(Svg svg, int stride) {
        int clipped = 0;
        for (int fork : forksSeen()) {
            StringBuilder d = new StringBuilder();
            StringBuilder edge = new StringBuilder();
            for (int i = 0; i < values.length; i += stride) {
                if (forks[i] != fork || !Double.isFinite(values[i])) {
                    continue;
                }
                if (values[i] > hi || values[i] < lo) {
                    triangle(edge, x(i), values[i] > hi);
                    clipped++;
                } else {
                    d.append('M').append(Svg.num(x(i))).append(' ').append(Svg.num(y(values[i]))).append("h0");
                }
            }
            String colour = "f" + Math.floorMod(fork, FORK_COLOURS);
            if (d.length() > 0) {
                svg.path(d.toString(), "dots " + colour + " " + dotSize(values.length / stride));
            }
            if (edge.length() > 0) {
                svg.path(edge.toString(), "edge " + colour);
            }
        }
        return clipped;
    }

    private static void triangle(StringBuilder d, double x, boolean top) {
        double tip = top ? FRAME.top() + 1 : FRAME.bottom() - 1;
        double base = top ? FRAME.top() + 8 : FRAME.bottom() - 8;
        d.append('M').append(Svg.num(x)).append(' ').append(Svg.num(tip)).append('L').append(Svg.num(x - 3.5))
                .append(' ').append(Svg.num(base)).append('L').append(Svg.num(x + 3.5)).append(' ')
                .append(Svg.num(base)).append('Z');
    }

    private static String dotSize(int drawn) {
        if (drawn <= 300) {
            return "dot-l";
        }
        return drawn <= 1500 ? "dot-m" : "dot-s";
    }

    private void windowMedians(Svg svg, List<WindowSegment> segments) {
        StringBuilder d = new StringBuilder();
        for (WindowSegment s : segments) {
            if (Double.isFinite(s.median()) && s.median() >= lo && s.median() <= hi) {
                double xa = x(s.start()) - halfStep();
                double xb = x(s.end() - 1) + halfStep();
                d.append('M').append(Svg.num(xa)).append(' ').append(Svg.num(y(s.median()))).append('H')
                        .append(Svg.num(xb));
            }
        }
        if (d.length() > 0) {
            svg.path(d.toString(), "wmed");
        }
    }

    private void forkSeparators(Svg svg, List<WindowSegment> segments) {
        double lastLabelEnd = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < segments.size(); k++) {
            WindowSegment s = segments.get(k);
            boolean newFork = k == 0 || segments.get(k - 1).fork() != s.fork();
            if (!newFork) {
                continue;
            }
            double xs = x(s.start()) - halfStep();
            if (k > 0) {
                svg.line(xs, FRAME.top() - 4, xs, FRAME.bottom(), "fork-sep");
            }
            if (xs + 2 >= lastLabelEnd) {
                svg.text(xs + 3, FRAME.top() - 6, "fork " + s.fork(), "fork-label f" + Math.floorMod(s.fork(), FORK_COLOURS),
                        "start");
                lastLabelEnd = xs + 50;
            }
        }
    }

    private void xAxis(Svg svg, List<WindowSegment> segments) {
        if (segments.size() <= MAX_BANDS) {
            for (WindowSegment s : segments) {
                double xa = x(s.start()) - halfStep();
                double xb = x(s.end() - 1) + halfStep();
                if (xb - xa >= 22) {
                    svg.text((xa + xb) / 2, FRAME.bottom() + 13, "w" + s.window(), "wlabel", "middle");
                }
            }
        }
        FRAME.xTitle(svg, "sample, in time order (" + values.length + " samples in " + segments.size() + " window"
                + (segments.size() == 1 ? "" : "s") + ")", 4);
    }

    private List<Integer> forksSeen() {
        TreeSet<Integer> seen = new TreeSet<>();
        for (int f : forks) {
            seen.add(f);
        }
        return new ArrayList<>(seen);
    }

    private double x(int i) {
        return FRAME.left() + (i + 0.5) * FRAME.innerWidth() / values.length;
    }

    private double halfStep() {
        return 0.5 * FRAME.innerWidth() / values.length;
    }

    private double y(double v) {
        return FRAME.y(v, axis);
    }

    /** 1 up to {@link #MAX_POINTS} samples, else the step that draws at most that many. */
    static int stride(int n) {
        return n <= MAX_POINTS ? 1 : (n + MAX_POINTS - 1) / MAX_POINTS;
    }

    private static int count(int n, int stride) {
        return (n + stride - 1) / stride;
    }

    private static String ordinal(int k) {
        int mod100 = k % 100;
        String suffix = mod100 >= 11 && mod100 <= 13 ? "th" : switch (k % 10) {
            case 1 -> "st";
            case 2 -> "nd";
            case 3 -> "rd";
            default -> "th";
        };
        return k + suffix;
    }

    private static int[] ids(List<Integer> ids, int n) {
        int[] out = new int[n];
        if (ids != null) {
            for (int i = 0; i < Math.min(n, ids.size()); i++) {
                Integer id = ids.get(i);
                out[i] = id == null ? 0 : id;
            }
        }
        return out;
    }

    private static Double scale(Double millis, DisplayUnit unit) {
        return millis == null ? null : unit.fromMillis(millis);
    }

    /** A label beside a horizontal line. */
    record Label(double y, String text, String cssClass) {}

    /** Moves labels apart vertically so that none overlaps the next (12 units apart), keeping their order. */
    static List<Label> spread(List<Label> labels) {
        List<Label> sorted = new ArrayList<>(labels);
        sorted.sort((a, b) -> Double.compare(a.y(), b.y()));
        double gap = 12;
        List<Label> out = new ArrayList<>();
        double prev = Double.NEGATIVE_INFINITY;
        for (Label l : sorted) {
            double y = Math.max(l.y(), prev + gap);
            out.add(new Label(y, l.text(), l.cssClass()));
            prev = y;
        }
        // pushed down past the bottom: shift the whole stack up
        double overflow = out.isEmpty() ? 0 : out.get(out.size() - 1).y() - (FRAME.bottom() + 4);
        if (overflow > 0) {
            List<Label> shifted = new ArrayList<>();
            for (Label l : out) {
                shifted.add(new Label(l.y() - overflow, l.text(), l.cssClass()));
            }
            return shifted;
        }
        return out;
    }
}
