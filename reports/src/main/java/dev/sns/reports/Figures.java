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
     * stay, since they say how precise the figure is ("1.000", not "1").
     *
     * @param value the number (null: not measured)
     * @param digits significant digits, at least 1
     * @return the figure, half-even rounded, e.g. "12.35"; "0" for zero; "n/a" for null, NaN or infinity
     * @throws IllegalArgumentException if {@code digits} is below 1
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

    /**
     * As {@link #sig(Double, int)} without trailing zeros after the point: axis ticks, "2.5", "85".
     *
     * @param value the number (null: not measured)
     * @param digits significant digits, at least 1
     * @return the figure without trailing zeros (nor a trailing point); "n/a" for null, NaN or infinity
     */
    public static String compact(Double value, int digits) {
        String s = sig(value, digits);
        if (s.indexOf('.') < 0) {
            return s;
        }
        int end = s.length();
        while (s.charAt(end - 1) == '0') {
            end--; // the trailing zeros (after the point, which stops the loop)
        }
        if (s.charAt(end - 1) == '.') {
            end--;
        }
        return s.substring(0, end);
    }

    /**
     * {@code value} with {@link #DIGITS} significant digits.
     *
     * @param value the number (null: not measured)
     * @return as {@link #sig(Double, int)}
     */
    public static String sig(Double value) {
        return sig(value, DIGITS);
    }

    /**
     * A time given in milliseconds, in a unit with its label.
     *
     * @param millis the time in milliseconds (null: not measured)
     * @param unit the unit to show it in
     * @return e.g. "12.34 us", {@link #DIGITS} significant digits; "n/a" for null, NaN or infinity
     */
    public static String time(Double millis, DisplayUnit unit) {
        if (millis == null || !Double.isFinite(millis)) {
            return "n/a";
        }
        return sig(unit.fromMillis(millis)) + " " + unit.label();
    }

    /**
     * A time given in milliseconds, in the unit that suits its size ({@link DisplayUnit#forMillis}).
     *
     * @param millis the time in milliseconds (null: not measured)
     * @return e.g. "12.34 us"; "n/a" for null, NaN or infinity
     */
    public static String time(Double millis) {
        return millis == null ? "n/a" : time(millis, DisplayUnit.forMillis(millis));
    }

    /**
     * An interval in a unit, without the unit's label.
     *
     * @param lowerMillis its lower bound in milliseconds (null: no interval)
     * @param upperMillis its upper bound in milliseconds (null: no interval)
     * @param unit the unit to show it in
     * @return "[lower, upper]", or "(no interval)" when a bound is null
     */
    public static String interval(Double lowerMillis, Double upperMillis, DisplayUnit unit) {
        if (lowerMillis == null || upperMillis == null) {
            return "(no interval)";
        }
        return "[" + scaled(lowerMillis, unit) + ", " + scaled(upperMillis, unit) + "]";
    }

    /**
     * {@link #interval} with the unit's label after it.
     *
     * @param lowerMillis its lower bound in milliseconds (null: no interval)
     * @param upperMillis its upper bound in milliseconds (null: no interval)
     * @param unit the unit to show it in
     * @return "[lower, upper] us", or "(no interval)" when a bound is null
     */
    public static String intervalIn(Double lowerMillis, Double upperMillis, DisplayUnit unit) {
        String i = interval(lowerMillis, upperMillis, unit);
        return i.startsWith("[") ? i + " " + unit.label() : i;
    }

    /**
     * A time in milliseconds as a number in a unit, without the label.
     *
     * @param millis the time in milliseconds (null: not measured)
     * @param unit the unit to show it in
     * @return the number with {@link #DIGITS} significant digits; "n/a" for null
     */
    public static String scaled(Double millis, DisplayUnit unit) {
        return millis == null ? "n/a" : sig(unit.fromMillis(millis));
    }

    /**
     * A fraction as a percentage, rounded to one decimal (a trailing ".0" left out).
     *
     * @param fraction the fraction (1 is 100%)
     * @return e.g. "5.1%" for 0.0512, "85%" for 0.85 (no trailing zero)
     */
    public static String percent(double fraction) {
        return compact(Math.round(fraction * 1000.0) / 10.0, 15) + "%";
    }

    /**
     * A signed percentage, rounded to one decimal (a trailing ".0" left out).
     *
     * @param fraction the fraction (1 is 100%)
     * @return the percentage as {@link #percent} writes it, with "+" when not negative: "+13.5%", "-2%"
     */
    public static String signedPercent(double fraction) {
        String p = percent(fraction);
        return fraction >= 0 ? "+" + p : p;
    }
}
