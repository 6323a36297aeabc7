package dev.sns.reports.html;

import java.util.Locale;

/**
 * The range of a plot's axis, chosen so that the data's own bounds are drawn where they are and an
 * extreme bound cannot flatten (or break) the picture. The axis always holds the <em>core</em> values
 * (medians, speedups, thresholds, samples); interval bounds extend it by at most {@link #REACH}
 * times the core's scale (linear axes) or {@link #LOG_REACH} times beyond it (log axes). A bound
 * beyond that, infinite, or not positive on a log axis, is <em>clipped</em>: drawn on the axis' edge
 * and marked there (a triangle pointing outwards, class {@code clip}, its true value in the tooltip).
 *
 * @param lo the value at the bottom (or left) of the data area
 * @param hi the value at the top (or right); {@code hi > lo}, both finite (and positive when {@code log})
 * @param log whether the axis is logarithmic
 */
record AxisRange(double lo, double hi, boolean log) {
    /** A linear axis reaches this many times the core's scale beyond the core for a bound. */
    static final double REACH = 3.0;
    /** A log axis reaches this factor beyond the core for a bound (two decades). */
    static final double LOG_REACH = 100.0;
    /** Past this magnitude a value is treated as unbounded on a linear axis (keeps the mapping finite). */
    private static final double HUGE = 1e300;

    AxisRange {
        if (!(Double.isFinite(lo) && Double.isFinite(hi) && hi > lo) || (log && !(lo > 0))) {
            throw new IllegalArgumentException("axis range [" + lo + ", " + hi + "] must be finite and increasing"
                    + (log ? ", and positive on a log axis" : ""));
        }
    }

    /**
     * A linear axis holding every finite {@code core} value and every {@code bounds} value within
     * reach, padded by {@code pad} of its span on each side; {@code minSpan} the smallest span.
     * Returns null when there is no finite core value.
     */
    static AxisRange linear(double[] core, double[] bounds, double pad, double minSpan) {
        double cLo = Double.POSITIVE_INFINITY;
        double cHi = Double.NEGATIVE_INFINITY;
        for (double v : core) {
            if (Double.isFinite(v) && Math.abs(v) < HUGE) {
                cLo = Math.min(cLo, v);
                cHi = Math.max(cHi, v);
            }
        }
        if (cLo > cHi) {
            return null;
        }
        double scale = Math.max(cHi - cLo, Math.max(Math.abs(cLo), Math.abs(cHi)));
        double reachLo = cLo - REACH * scale;
        double reachHi = cHi + REACH * scale;
        double lo = cLo;
        double hi = cHi;
        for (double v : bounds) {
            if (Double.isFinite(v) && v >= reachLo && v <= reachHi) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        double span = hi - lo;
        double p = span > 0 ? span * pad : Math.max(Math.abs(hi) * 0.01, 1e-9);
        lo -= p;
        hi += p;
        if (hi - lo < minSpan) {
            double mid = (lo + hi) / 2;
            lo = mid - minSpan / 2;
            hi = mid + minSpan / 2;
        }
        return new AxisRange(lo, hi, false);
    }

    /**
     * A log axis holding every positive finite {@code core} value and every positive {@code bounds}
     * value within {@link #LOG_REACH} of the core, padded by {@code pad} of its span in log space.
     * Returns null when there is no positive finite core value.
     */
    static AxisRange logarithmic(double[] core, double[] bounds, double pad) {
        double cLo = Double.POSITIVE_INFINITY;
        double cHi = Double.NEGATIVE_INFINITY;
        for (double v : core) {
            if (Double.isFinite(v) && v > 0) {
                cLo = Math.min(cLo, v);
                cHi = Math.max(cHi, v);
            }
        }
        if (cLo > cHi) {
            return null;
        }
        double lo = cLo;
        double hi = cHi;
        for (double v : bounds) {
            if (Double.isFinite(v) && v > 0 && v >= cLo / LOG_REACH && v <= cHi * LOG_REACH) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        double span = Math.log(hi) - Math.log(lo);
        double p = span > 0 ? span * pad : 0.05;
        return new AxisRange(Math.exp(Math.log(lo) - p), Math.exp(Math.log(hi) + p), true);
    }

    /** Where {@code v} lies on the axis, 0 at {@link #lo} to 1 at {@link #hi}, clamped to [0, 1]; NaN stays NaN. */
    double fraction(double v) {
        if (Double.isNaN(v)) {
            return Double.NaN;
        }
        if (below(v)) {
            return 0.0;
        }
        if (above(v)) {
            return 1.0;
        }
        return log ? (Math.log(v) - Math.log(lo)) / (Math.log(hi) - Math.log(lo)) : (v - lo) / (hi - lo);
    }

    /** Whether {@code v} lies below the axis (on a log axis: also zero or negative). */
    boolean below(double v) {
        return v < lo || (log && !(v > 0));
    }

    /** Whether {@code v} lies above the axis. */
    boolean above(double v) {
        return v > hi;
    }

    /** Whether {@code v} is drawn on an edge instead of where it is. */
    boolean clipped(double v) {
        return below(v) || above(v);
    }

    /** A value for a tooltip or a note: 4 significant digits, an exponent only where the value is extreme. */
    static String label(double v) {
        if (!Double.isFinite(v)) {
            return Double.isNaN(v) ? "n/a" : (v > 0 ? "+inf" : "-inf");
        }
        double a = Math.abs(v);
        if (a != 0 && (a >= 1e7 || a < 1e-4)) {
            return String.format(Locale.ROOT, "%.3e", v);
        }
        return dev.sns.reports.Figures.sig(v);
    }

    /** A tick label: as {@link dev.sns.reports.Figures#compact} writes it, or "1e-12" where the value is extreme. */
    static String tick(double v) {
        double a = Math.abs(v);
        if (a != 0 && (a >= 1e7 || a < 1e-4)) {
            String s = String.format(Locale.ROOT, "%.3g", v).replaceAll("\\.?0+e", "e").replace("e+", "e");
            return s.replaceAll("e(-?)0+(\\d)", "e$1$2");
        }
        return dev.sns.reports.Figures.compact(v, 4);
    }

    /**
     * A clip mark: a triangle at ({@code x}, {@code y}) pointing outwards in {@code direction}
     * ('u' up, 'd' down, 'l' left, 'r' right), its tooltip naming the true value.
     */
    static void mark(Svg svg, double x, double y, char direction, String title) {
        double s = 4.5;
        String d = switch (direction) {
            case 'u' -> "M" + Svg.num(x) + ' ' + Svg.num(y - s) + "L" + Svg.num(x - s) + ' ' + Svg.num(y + s / 2) + "L"
                    + Svg.num(x + s) + ' ' + Svg.num(y + s / 2) + "Z";
            case 'd' -> "M" + Svg.num(x) + ' ' + Svg.num(y + s) + "L" + Svg.num(x - s) + ' ' + Svg.num(y - s / 2) + "L"
                    + Svg.num(x + s) + ' ' + Svg.num(y - s / 2) + "Z";
            case 'l' -> "M" + Svg.num(x - s) + ' ' + Svg.num(y) + "L" + Svg.num(x + s / 2) + ' ' + Svg.num(y - s) + "L"
                    + Svg.num(x + s / 2) + ' ' + Svg.num(y + s) + "Z";
            default -> "M" + Svg.num(x + s) + ' ' + Svg.num(y) + "L" + Svg.num(x - s / 2) + ' ' + Svg.num(y - s) + "L"
                    + Svg.num(x - s / 2) + ' ' + Svg.num(y + s) + "Z";
        };
        svg.path(d, "clip", title);
    }
}
