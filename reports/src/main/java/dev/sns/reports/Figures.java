package dev.sns.reports;

import dev.sns.model.DisplayUnit;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import org.apiguardian.api.API;

/**
 * Numbers as people read them, the same in every locale: '.' as the decimal point, no grouping, no
 * exponent, a fixed number of significant digits. Times are milliseconds per call on the way in
 * and get the unit that suits their size on the way out: a {@link DisplayUnit}, sns-runtime's one
 * time-unit helper (this class has no unit table of its own).
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public final class Figures {
    /** Significant digits of a time or ratio in text: enough to tell 5% apart, few enough to read. */
    public static final int DIGITS = 4;

    private Figures() {}

    /**
     * {@code value} rounded to {@code digits} significant digits, without exponent; trailing zeros
     * stay, since they say how precise the figure is ("1.000", not "1"). "n/a" for null, NaN or
     * infinity.
     */
    public static String sig(Double value, int digits) {
        if (digits < 1) {
            throw new IllegalArgumentException("significant digits must be at least 1, got " + digits);
        }
        if (value == null || !Double.isFinite(value)) {
            return "n/a";
        }
        if (value == 0.0) {
            return "0";
        }
        BigDecimal d = new BigDecimal(value).round(new MathContext(digits, RoundingMode.HALF_EVEN));
        if (d.precision() < digits) {
            d = d.setScale(d.scale() + digits - d.precision(), RoundingMode.UNNECESSARY);
        }
        return d.toPlainString();
    }

    /** As {@link #sig(Double, int)} without trailing zeros after the point: axis ticks, "2.5", "85". */
    public static String compact(Double value, int digits) {
        String s = sig(value, digits);
        if (s.indexOf('.') < 0) {
            return s;
        }
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    /** {@code value} with {@link #DIGITS} significant digits. */
    public static String sig(Double value) {
        return sig(value, DIGITS);
    }

    /** A time given in milliseconds, in {@code unit} with its label: "12.34 us"; "n/a" for null. */
    public static String time(Double millis, DisplayUnit unit) {
        if (millis == null || !Double.isFinite(millis)) {
            return "n/a";
        }
        return sig(unit.fromMillis(millis)) + " " + unit.label();
    }

    /** A time given in milliseconds, in the unit that suits its size. */
    public static String time(Double millis) {
        return millis == null ? "n/a" : time(millis, DisplayUnit.forMillis(millis));
    }

    /** "[lower, upper]" in {@code unit} (without its label). */
    public static String interval(Double lowerMillis, Double upperMillis, DisplayUnit unit) {
        if (lowerMillis == null || upperMillis == null) {
            return "(no interval)";
        }
        return "[" + scaled(lowerMillis, unit) + ", " + scaled(upperMillis, unit) + "]";
    }

    /** {@link #interval} with the unit's label after it, or "(no interval)". */
    public static String intervalIn(Double lowerMillis, Double upperMillis, DisplayUnit unit) {
        String i = interval(lowerMillis, upperMillis, unit);
        return i.startsWith("[") ? i + " " + unit.label() : i;
    }

    /** A time in milliseconds as a number in {@code unit}, without the label. */
    public static String scaled(Double millis, DisplayUnit unit) {
        return millis == null ? "n/a" : sig(unit.fromMillis(millis));
    }

    /** A fraction as a percentage with one decimal: 0.0512 gives "5.1%". */
    public static String percent(double fraction) {
        return compact(Math.round(fraction * 1000.0) / 10.0, 15) + "%";
    }

    /** A signed percentage with one decimal: "+13.5%" or "-2.0%". */
    public static String signedPercent(double fraction) {
        String p = percent(fraction);
        return fraction >= 0 ? "+" + p : p;
    }
}
