package dev.sns.reports.tables;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Rows of typed cells under named columns, with a title and summary lines that every format puts
 * first. A cell is a String, a Number or null (absent).
 *
 * @param title what the table is ("sns history changes"), also JSON's {@code command}
 * @param summary lines said before the rows (counts, rules, where the data came from)
 * @param columns the columns, in order
 * @param rows one list of cells per row, as many as there are columns
 */
public record Table(String title, List<String> summary, List<Column> columns, List<List<Object>> rows) {
    /** How a column's cells are shown. */
    public enum Kind {
        /** Text, left-aligned. */
        TEXT,
        /** A number, right-aligned; 4 significant digits in text. */
        NUMBER,
        /** A whole number, right-aligned. */
        INTEGER,
        /** A fraction, shown as a signed percentage in text (0.051 as +5.1%); as the fraction in CSV and JSON. */
        FRACTION
    }

    /** A column: its name (CSV header, JSON key, snake_case) and kind. */
    public record Column(String name, Kind kind) {}

    public Table {
        Objects.requireNonNull(title, "title");
        summary = List.copyOf(summary);
        columns = List.copyOf(columns);
        List<List<Object>> copy = new ArrayList<>();
        for (List<Object> r : rows) {
            if (r.size() != columns.size()) {
                throw new IllegalArgumentException("a row of " + r.size() + " cells under " + columns.size() + " columns");
            }
            copy.add(java.util.Collections.unmodifiableList(new ArrayList<>(r)));
        }
        rows = List.copyOf(copy);
    }

    /** A table builder: columns first, then rows. */
    public static Builder builder(String title) {
        return new Builder(title);
    }

    /** Builds a {@link Table}. */
    public static final class Builder {
        private final String title;
        private final List<String> summary = new ArrayList<>();
        private final List<Column> columns = new ArrayList<>();
        private final List<List<Object>> rows = new ArrayList<>();

        private Builder(String title) {
            this.title = title;
        }

        public Builder summary(String line) {
            summary.add(line);
            return this;
        }

        public Builder column(String name, Kind kind) {
            columns.add(new Column(name, kind));
            return this;
        }

        public Builder row(Object... cells) {
            rows.add(Arrays.asList(cells));
            return this;
        }

        public Table build() {
            return new Table(title, summary, columns, rows);
        }
    }
}
