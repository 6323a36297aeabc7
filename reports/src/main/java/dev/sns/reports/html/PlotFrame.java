package dev.sns.reports.html;

import dev.sns.reports.Figures;

/**
 * What every plot of the page shares: a viewBox of {@code width} x {@code height} user units, the
 * data area inside it ({@code left} to {@code right}, {@code top} to {@code bottom}; labels go in
 * the margins), and the parts drawn around that area: the frame, horizontal grid lines with their
 * tick labels, the axis titles. Coordinates are SVG user units, y growing downwards.
 */
record PlotFrame(int width, int height, double left, double right, double top, double bottom) {
    /** Space between the data area and a tick label or title in the left margin. */
    static final double MARGIN_GAP = 6;

    PlotFrame {
        if (!(0 <= left && left < right && right <= width)) {
            throw new IllegalArgumentException("plot area left " + left + " .. right " + right
                    + " must lie inside the width " + width);
        }
        if (!(0 <= top && top < bottom && bottom <= height)) {
            throw new IllegalArgumentException("plot area top " + top + " .. bottom " + bottom
                    + " must lie inside the height " + height);
        }
    }

    /** A new SVG of this frame's size. */
    Svg open(String cssClass, String ariaLabel) {
        return new Svg(width, height, cssClass, ariaLabel);
    }

    /** Width of the data area. */
    double innerWidth() {
        return right - left;
    }

    /** The y of {@code v} on a linear axis from {@code lo} (at the bottom) to {@code hi} (at the top). */
    double y(double v, double lo, double hi) {
        return bottom - (v - lo) / (hi - lo) * (bottom - top);
    }

    /** The y of {@code v} on {@code axis} (a value beyond it on the axis' edge). */
    double y(double v, AxisRange axis) {
        return bottom - axis.fraction(v) * (bottom - top);
    }

    /** The x of {@code v} on {@code axis} (a value beyond it on the axis' edge). */
    double x(double v, AxisRange axis) {
        return left + axis.fraction(v) * (right - left);
    }

    /** A line across the data area at height {@code y}. */
    void across(Svg svg, double y, String cssClass) {
        svg.line(left, y, right, y, cssClass);
    }

    /**
     * The y axis of [{@code lo}, {@code hi}]: about {@code ticks} grid lines at round values, each
     * labelled in the left margin, and {@code title} (the unit) {@code titleRise} above the area.
     */
    void yAxis(Svg svg, double lo, double hi, int ticks, String title, double titleRise) {
        for (double t : Svg.ticks(lo, hi, ticks)) {
            across(svg, y(t, lo, hi), "grid");
            svg.text(left - MARGIN_GAP, y(t, lo, hi) + 4, Figures.compact(t, 6), "tick", "end");
        }
        svg.text(left - MARGIN_GAP, top - titleRise, title, "axis-label", "end");
    }

    /** The x axis title, centred under the data area, {@code fromBottom} above the foot of the plot. */
    void xTitle(Svg svg, String title, double fromBottom) {
        svg.text((left + right) / 2, height - fromBottom, title, "axis-label", "middle");
    }

    /** The frame around the data area; drawn last, so that it lies on top of the data. */
    void frame(Svg svg) {
        svg.rect(left, top, right - left, bottom - top, "frame");
    }
}
