package dev.sns.reports.html;

import java.util.ArrayList;
import java.util.List;

/**
 * A small inline-SVG writer. Coordinates are user units of the viewBox, written with one decimal and
 * '.' whatever the locale; styling comes from CSS classes of the page.
 */
final class Svg {
    /** Sized for a typical plot (2-4 KB): grown from 16 characters, each plot copied itself nine times. */
    private final StringBuilder sb = new StringBuilder(4096);

    /** Opens an {@code <svg>} of {@code width} x {@code height} user units, scaled to the page width. */
    Svg(int width, int height, String cssClass, String ariaLabel) {
        sb.append("<svg class=\"").append(cssClass).append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
                .append("\" role=\"img\" aria-label=\"").append(Html.escape(ariaLabel)).append("\">\n");
    }

    Svg line(double x1, double y1, double x2, double y2, String cssClass) {
        sb.append("<line class=\"").append(cssClass).append("\" x1=\"").append(num(x1)).append("\" y1=\"")
                .append(num(y1)).append("\" x2=\"").append(num(x2)).append("\" y2=\"").append(num(y2)).append("\"/>\n");
        return this;
    }

    Svg rect(double x, double y, double w, double h, String cssClass) {
        sb.append("<rect class=\"").append(cssClass).append("\" x=\"").append(num(x)).append("\" y=\"").append(num(y))
                .append("\" width=\"").append(num(Math.max(0.0, w))).append("\" height=\"").append(num(Math.max(0.0, h)))
                .append("\"/>\n");
        return this;
    }

    Svg circle(double cx, double cy, double r, String cssClass) {
        sb.append("<circle class=\"").append(cssClass).append("\" cx=\"").append(num(cx)).append("\" cy=\"")
                .append(num(cy)).append("\" r=\"").append(num(r)).append("\"/>\n");
        return this;
    }

    /** A circle with a tooltip. */
    Svg circle(double cx, double cy, double r, String cssClass, String title) {
        sb.append("<circle class=\"").append(cssClass).append("\" cx=\"").append(num(cx)).append("\" cy=\"")
                .append(num(cy)).append("\" r=\"").append(num(r)).append("\"><title>").append(Html.escape(title))
                .append("</title></circle>\n");
        return this;
    }

    /** A path; {@code d} must already be SVG path syntax. */
    Svg path(String d, String cssClass) {
        sb.append("<path class=\"").append(cssClass).append("\" d=\"").append(d).append("\"/>\n");
        return this;
    }

    /** A path with a tooltip. */
    Svg path(String d, String cssClass, String title) {
        sb.append("<path class=\"").append(cssClass).append("\" d=\"").append(d).append("\"><title>")
                .append(Html.escape(title)).append("</title></path>\n");
        return this;
    }

    /** Text; {@code anchor} is start, middle or end. The text is escaped here. */
    Svg text(double x, double y, String text, String cssClass, String anchor) {
        sb.append("<text class=\"").append(cssClass).append("\" x=\"").append(num(x)).append("\" y=\"").append(num(y))
                .append("\" text-anchor=\"").append(anchor).append("\">").append(Html.escape(text)).append("</text>\n");
        return this;
    }

    /** Text with a tooltip carrying the full text (for labels shortened to fit). */
    Svg text(double x, double y, String text, String cssClass, String anchor, String title) {
        sb.append("<text class=\"").append(cssClass).append("\" x=\"").append(num(x)).append("\" y=\"").append(num(y))
                .append("\" text-anchor=\"").append(anchor).append("\"><title>").append(Html.escape(title))
                .append("</title>").append(Html.escape(text)).append("</text>\n");
        return this;
    }

    /** Markup written as given (definitions such as patterns). */
    Svg raw(String markup) {
        sb.append(markup);
        return this;
    }

    /** Closes the element and returns the markup. */
    String end() {
        return sb.append("</svg>\n").toString();
    }

    /** A coordinate with at most one decimal, locale-independent: 12, 12.5, -3.2. */
    static String num(double v) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException("SVG coordinate is " + v);
        }
        long tenths = Math.round(v * 10.0);
        long abs = Math.abs(tenths);
        String s = (abs / 10) + (abs % 10 == 0 ? "" : "." + (abs % 10));
        return tenths < 0 ? "-" + s : s;
    }

    /**
     * Round tick values covering [lo, hi] about {@code target} apart in count: multiples of 1, 2, 2.5
     * or 5 times a power of ten.
     */
    static List<Double> ticks(double lo, double hi, int target) {
        List<Double> out = new ArrayList<>();
        if (!(hi > lo) || target < 1) {
            return out;
        }
        double raw = (hi - lo) / target;
        double pow = Math.pow(10, Math.floor(Math.log10(raw)));
        double step = pow * 10;
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * pow >= raw) {
                step = m * pow;
                break;
            }
        }
        for (long k = (long) Math.ceil(lo / step); k * step <= hi + step * 1e-9; k++) {
            out.add(k * step);
        }
        return out;
    }
}
