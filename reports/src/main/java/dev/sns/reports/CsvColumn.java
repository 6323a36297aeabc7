package dev.sns.reports;

import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * A column of a CSV file, carried by the {@link ResultField} whose value it holds: its header, and its
 * cell of a row (a number as Java writes it, '.' in every locale; null: an empty cell, not measured).
 * Make one with {@link CsvFile#column}.
 *
 * @param file the file it belongs to
 * @param header its header, lower case with underscores ("median_ms")
 * @param cell its cell of a row of the file
 * @param from where in results.json it comes from, when not simply its field's first JSON path (the
 *     other side's path, or how a list is joined); starts with one of the field's JSON paths; null: the
 *     field's first path
 * @param <R> the file's row type
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public record CsvColumn<R>(CsvFile<R> file, String header, Function<R, ?> cell, String from) {
    private static final Pattern HEADER = Pattern.compile("[a-z][a-z0-9_]*");

    /**
     * Checks the column.
     *
     * @param file the file it belongs to
     * @param header its header, lower case with underscores ("median_ms")
     * @param cell its cell of a row of the file
     * @param from where in results.json it comes from, when not simply its field's first JSON path (the other side's
     *     path, or how a list is joined); starts with one of the field's JSON paths; null: the field's first path
     * @throws NullPointerException if {@code file} or {@code cell} is null
     * @throws IllegalArgumentException if the header is not lower case with underscores
     */
    public CsvColumn {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(cell, "cell");
        if (header == null || !HEADER.matcher(header).matches()) {
            throw new IllegalArgumentException("a CSV header is lower case with underscores (median_ms), got "
                    + (header == null ? "null" : "'" + header + "'") + " in " + file.fileName());
        }
    }

    /**
     * This column, said to come from {@code source} in results.json (the docs' "from results.json").
     *
     * @param source where in results.json it comes from, starting with one of its field's JSON paths
     * @return a copy with that {@link #from()}
     */
    public CsvColumn<R> from(String source) {
        return new CsvColumn<>(file, header, cell, source);
    }

    /**
     * The cell of {@code row}: the value as text, or "" when not measured.
     *
     * @param row a row of the file
     * @return the value as Java writes it ('.' in every locale), or ""
     */
    public String text(R row) {
        Object v = cell.apply(row);
        return v == null ? "" : v.toString();
    }
}
