package dev.sns.reports;

import dev.sns.model.DisplayUnit;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Where report.html shows a {@link ResultField}: the label a reader finds it under. A field of a
 * benchmark (or of its energy) with a {@linkplain #line card line} is one line of the benchmark's card,
 * which the card draws from {@link ResultFields#cardLines}: the lines in the table's order, a line
 * with {@link #after} right after that field's line. A field whose value sits in another field's line
 * (the interval's upper bound in the interval's), or in a hand-drawn part of the page (the comparisons'
 * table, the clock plot's caption), is {@linkplain #under shown under} that label only.
 *
 * @param label what the page calls it ("median per call", "interval")
 * @param key whether its card line is one of the key numbers (drawn emphasized)
 * @param line its card line of a benchmark (null: drawn elsewhere, under {@code label})
 * @param after the path of the field whose card line this one follows (null: its own place in the table)
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public record HtmlLabel(String label, boolean key, Line line, String after) {
    /** A card line of a benchmark: the shown label and value, or null when the card leaves it out. */
    @FunctionalInterface
    public interface Line {
        /**
         * The line for benchmark {@code b}, its times in {@code unit}; null: not shown for this benchmark.
         *
         * @param b the benchmark whose card it is
         * @param unit the unit the card shows its times in
         * @return the line's label and value; null: not shown for this benchmark
         */
        Text of(BenchmarkEntry b, DisplayUnit unit);
    }

    /**
     * A line as drawn.
     *
     * @param label the field's label, or one made for this benchmark ("95% interval")
     * @param value the value as shown, with its unit
     */
    public record Text(String label, String value) {}

    /** The value of a card line under a fixed label. */
    @FunctionalInterface
    public interface Value {
        /**
         * The value for {@code b} in {@code unit}; null: the line is left out.
         *
         * @param b the benchmark whose card it is
         * @param unit the unit the card shows its times in
         * @return the value as shown; null: the line is left out
         */
        String of(BenchmarkEntry b, DisplayUnit unit);
    }

    /**
     * Checks the label.
     *
     * @param label what the page calls it ("median per call", "interval")
     * @param key whether its card line is one of the key numbers (drawn emphasized)
     * @param line its card line of a benchmark (null: drawn elsewhere, under {@code label})
     * @param after the path of the field whose card line this one follows (null: its own place in the table)
     * @throws IllegalArgumentException if the label is blank, or the field follows another without a card
     *     line of its own
     */
    public HtmlLabel {
        if (label == null || label.isBlank()) {
            throw new IllegalArgumentException("an HTML label must not be blank, got " + (label == null ? "null" : "'"
                    + label + "'"));
        }
        if (after != null && line == null) {
            throw new IllegalArgumentException("'" + label + "' follows " + after + " but has no card line of its own");
        }
    }

    /**
     * A card line under {@code label}.
     *
     * @param label what the page calls the field
     * @param value its value for a benchmark
     * @return the label, drawn as a card line
     */
    public static HtmlLabel line(String label, Value value) {
        return new HtmlLabel(label, false, fixed(label, value), null);
    }

    /**
     * A key number's card line under {@code label}.
     *
     * @param label what the page calls the field
     * @param value its value for a benchmark
     * @return the label, drawn as an emphasized card line
     */
    public static HtmlLabel keyLine(String label, Value value) {
        return new HtmlLabel(label, true, fixed(label, value), null);
    }

    /**
     * Shown in another field's line, or in a hand-drawn part of the page, under {@code label}.
     *
     * @param label the label it is shown under
     * @return the label, without a card line of its own
     */
    public static HtmlLabel under(String label) {
        return new HtmlLabel(label, false, null, null);
    }

    /**
     * This card line drawn right after the line of the field at {@code path} (same scope).
     *
     * @param path the path of the field this line follows, e.g. "summary.lower"
     * @return a copy with that {@link #after()}
     */
    public HtmlLabel after(String path) {
        return new HtmlLabel(label, key, line, Objects.requireNonNull(path, "path"));
    }

    /**
     * Whether the card draws a line for it (else it is shown under its label elsewhere).
     *
     * @return whether it has a card line
     */
    public boolean isCardLine() {
        return line != null;
    }

    private static Line fixed(String label, Value value) {
        Objects.requireNonNull(value, "value");
        return (b, unit) -> {
            String v = value.of(b, unit);
            return v == null ? null : new Text(label, v);
        };
    }
}
