package dev.sns.reports;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * One field a report carries, described once (NVBench's self-describing summaries): where it lives
 * ({@link ResultScope} and its path there, hence its JSON paths in results.json), its JSON type, unit
 * and meaning, the Java accessor an API user reads it with, its CSV columns and its HTML label. The
 * writers read the columns and card lines from here; SCHEMA.md's field tables and
 * docs/reference/result-fields.md are generated from here. Rows live in {@link ResultFields}.
 *
 * @param scope where it lives
 * @param path its path in the scope, dot-separated ("summary.median"); its last part is its key
 * @param type its JSON type
 * @param presence what results.json holds when it is not known
 * @param unit its unit ("ms per call", "MHz"; "" for text, identities and counts of things named in the meaning)
 * @param meaning what it is, in one line
 * @param accessor how a user of the Java API reads it: "TimingResult.medianMillis()" (a chain of
 *     accessors from a result or report type, then words if need be)
 * @param csv its CSV columns (none: not in any CSV file)
 * @param html where report.html shows it (null: not shown)
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public record ResultField(ResultScope scope, String path, Type type, Presence presence, String unit, String meaning,
                          String accessor, List<CsvColumn<?>> csv, HtmlLabel html) {
    private static final Pattern PATH = Pattern.compile("[a-z][A-Za-z0-9]*(\\.[a-z][A-Za-z0-9]*)*");

    /** A field's JSON type. */
    public enum Type {
        /** A string. */
        STRING("string"),
        /** A whole number. */
        INTEGER("integer"),
        /** A number. */
        NUMBER("number"),
        /** true or false. */
        BOOLEAN("boolean"),
        /** An object of fields, each a row of its own. */
        OBJECT("object"),
        /** An array of strings. */
        STRINGS("array of strings"),
        /** An array of numbers. */
        NUMBERS("array of numbers"),
        /** An array of whole numbers. */
        INTEGERS("array of integers"),
        /** An array of objects, each of a scope of its own. */
        OBJECTS("array of objects"),
        /** An object whose keys are data, of strings (params, options). */
        STRING_MAP("object of strings"),
        /** An object whose keys are data, of whole numbers (counters). */
        INTEGER_MAP("object of integers"),
        /** An object whose keys are data, of objects of strings (fingerprints by digest). */
        MAP_OF_STRING_MAPS("object of objects of strings");

        private final String words;

        Type(String words) {
            this.words = words;
        }

        /**
         * The type as SCHEMA.md writes it: "array of numbers".
         *
         * @return the type in words
         */
        public String words() {
            return words;
        }

        /**
         * An object whose keys are data (params, options, counters), not fields.
         *
         * @return whether it is a map
         */
        public boolean isMap() {
            return this == STRING_MAP || this == INTEGER_MAP || this == MAP_OF_STRING_MAPS;
        }
    }

    /** What results.json holds for the field when it is not known (not measured, not asked for). */
    public enum Presence {
        /** Always written. */
        ALWAYS(""),
        /** Written as null. */
        NULL(" or null"),
        /** Left out. */
        LEFT_OUT(", or absent");

        private final String words;

        Presence(String words) {
            this.words = words;
        }

        /**
         * What follows the type in SCHEMA.md: " or null".
         *
         * @return the words, "" for {@link #ALWAYS}
         */
        public String words() {
            return words;
        }
    }

    /**
     * Checks the row.
     *
     * @param scope where it lives
     * @param path its path in the scope, dot-separated ("summary.median"); its last part is its key
     * @param type its JSON type
     * @param presence what results.json holds when it is not known
     * @param unit its unit ("ms per call", "MHz"; "" for text, identities and counts of things named in the meaning)
     * @param meaning what it is, in one line
     * @param accessor how a user of the Java API reads it: "TimingResult.medianMillis()" (a chain of accessors from a
     *     result or report type, then words if need be)
     * @param csv its CSV columns (none: not in any CSV file)
     * @param html where report.html shows it (null: not shown)
     * @throws NullPointerException if the scope, type, presence, unit or CSV columns are null
     * @throws IllegalArgumentException if the path is not camelCase keys joined by dots, the meaning or
     *     accessor is not one line, or a column says it comes from no JSON path of the field
     */
    public ResultField {
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(presence, "presence");
        Objects.requireNonNull(unit, "unit");
        if (path == null || !PATH.matcher(path).matches()) {
            throw new IllegalArgumentException("a field's path is camelCase keys joined by dots (summary.median), got "
                    + (path == null ? "null" : "'" + path + "'"));
        }
        oneLine(path, "meaning", meaning);
        oneLine(path, "accessor", accessor);
        csv = List.copyOf(csv);
        for (CsvColumn<?> c : csv) {
            if (c.from() != null && jsonPaths(scope, path).stream().noneMatch(c.from()::startsWith)) {
                throw new IllegalArgumentException("column " + c.header() + " of " + path + " says it comes from '"
                        + c.from() + "', which is not one of the field's JSON paths " + jsonPaths(scope, path));
            }
        }
    }

    /**
     * A field written always, in no CSV file and not shown: add those with {@link #csv} and {@link #html}.
     *
     * @param scope where it lives
     * @param path its path in the scope, e.g. "summary.median"
     * @param type its JSON type
     * @param unit its unit ("" for text, identities and counts of things named in the meaning)
     * @param meaning what it is, in one line
     * @param accessor how a user of the Java API reads it
     * @return the row
     */
    public static ResultField of(ResultScope scope, String path, Type type, String unit, String meaning,
                                 String accessor) {
        return new ResultField(scope, path, type, Presence.ALWAYS, unit, meaning, accessor, List.of(), null);
    }

    /** Which bound of an interval a row is: its key's ending and the interval's accessor. */
    public enum Bound {
        /** The lower bound ("netLower", {@code interval.lower()}). */
        LOWER("lower"),
        /** The upper bound ("netUpper", {@code interval.upper()}). */
        UPPER("upper");

        private final String word;

        Bound(String word) {
            this.word = word;
        }
    }

    /**
     * One bound of an estimate's interval, a number in the estimate's unit, shown under the estimate's
     * label: the path {@code <prefix>Lower} ({@code lower} for an empty prefix), the meaning "lower bound of
     * its interval" and {@code note}, read with {@code <interval>.lower()}; written always, in no
     * CSV file (add its column with {@link #csv}).
     *
     * @param bound which bound
     * @param scope where it lives
     * @param prefix the path before "Lower" or "Upper" ("" for "lower" and "upper")
     * @param unit the estimate's unit
     * @param note the rest of the meaning, how the interval was computed (" (forks, then calls)"; "" for none)
     * @param interval how a user of the Java API reads the interval, e.g. "EnergyResult.wattsInterval()"
     * @param label where report.html shows the estimate
     * @return the row
     */
    public static ResultField bound(Bound bound, ResultScope scope, String prefix, String unit, String note,
                                    String interval, String label) {
        String key = prefix.isEmpty() ? bound.word
                : prefix + Character.toUpperCase(bound.word.charAt(0)) + bound.word.substring(1);
        return of(scope, key, Type.NUMBER, unit, bound.word + " bound of its interval" + note,
                interval + "." + bound.word + "()").under(label);
    }

    /**
     * This field, null in results.json when not known.
     *
     * @return a copy with {@link Presence#NULL}
     */
    public ResultField orNull() {
        return new ResultField(scope, path, type, Presence.NULL, unit, meaning, accessor, csv, html);
    }

    /**
     * This field, left out of results.json when not known.
     *
     * @return a copy with {@link Presence#LEFT_OUT}
     */
    public ResultField orLeftOut() {
        return new ResultField(scope, path, type, Presence.LEFT_OUT, unit, meaning, accessor, csv, html);
    }

    /**
     * This field with these CSV columns besides its others.
     *
     * @param columns the columns, each made by its file's {@link CsvFile#column}
     * @return a copy with them
     */
    public ResultField csv(CsvColumn<?>... columns) {
        List<CsvColumn<?>> all = new ArrayList<>(csv);
        all.addAll(List.of(columns));
        return new ResultField(scope, path, type, presence, unit, meaning, accessor, all, html);
    }

    /**
     * This field, shown in report.html as {@code label} says.
     *
     * @param label where the page shows it
     * @return a copy with that {@link #html()}
     */
    public ResultField html(HtmlLabel label) {
        return new ResultField(scope, path, type, presence, unit, meaning, accessor, csv, label);
    }

    /**
     * This field, shown in report.html under {@code label} (in another field's line, or a part of the page
     * drawn by hand), without a card line of its own: {@code html(HtmlLabel.under(label))}.
     *
     * @param label the label it is shown under
     * @return a copy with that {@link #html()}
     */
    public ResultField under(String label) {
        return html(HtmlLabel.under(label));
    }

    /**
     * Its key: the last part of its path ("median").
     *
     * @return the key
     */
    public String key() {
        return path.substring(path.lastIndexOf('.') + 1);
    }

    /**
     * Where it is in results.json: "benchmarks[].summary.median" (one path per prefix of its scope).
     *
     * @return its JSON paths
     */
    public List<String> jsonPaths() {
        return jsonPaths(scope, path);
    }

    /**
     * Its type as SCHEMA.md writes it: "number or null".
     *
     * @return the type and presence in words
     */
    public String typeWords() {
        return type.words() + presence.words();
    }

    private static List<String> jsonPaths(ResultScope scope, String path) {
        return scope.jsonPaths(path);
    }

    private static void oneLine(String path, String what, String text) {
        if (text == null || text.isBlank() || text.contains("\n")) {
            throw new IllegalArgumentException("the " + what + " of " + path + " must be one line of text, got "
                    + (text == null ? "null" : "'" + text + "'"));
        }
    }
}
