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
        STRING("string"), INTEGER("integer"), NUMBER("number"), BOOLEAN("boolean"), OBJECT("object"),
        STRINGS("array of strings"), NUMBERS("array of numbers"), INTEGERS("array of integers"),
        OBJECTS("array of objects"), STRING_MAP("object of strings"), INTEGER_MAP("object of integers"),
        MAP_OF_STRING_MAPS("object of objects of strings");

        private final String words;

        Type(String words) {
            this.words = words;
        }

        /** The type as SCHEMA.md writes it: "array of numbers". */
        public String words() {
            return words;
        }

        /** An object whose keys are data (params, options, counters), not fields. */
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

        /** What follows the type in SCHEMA.md: " or null". */
        public String words() {
            return words;
        }
    }

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

    /** A field written always, in no CSV file and not shown: add those with {@link #csv} and {@link #html}. */
    public static ResultField of(ResultScope scope, String path, Type type, String unit, String meaning,
                                 String accessor) {
        return new ResultField(scope, path, type, Presence.ALWAYS, unit, meaning, accessor, List.of(), null);
    }

    /** This field, null in results.json when not known. */
    public ResultField orNull() {
        return new ResultField(scope, path, type, Presence.NULL, unit, meaning, accessor, csv, html);
    }

    /** This field, left out of results.json when not known. */
    public ResultField orLeftOut() {
        return new ResultField(scope, path, type, Presence.LEFT_OUT, unit, meaning, accessor, csv, html);
    }

    /** This field with these CSV columns besides its others. */
    public ResultField csv(CsvColumn<?>... columns) {
        List<CsvColumn<?>> all = new ArrayList<>(csv);
        all.addAll(List.of(columns));
        return new ResultField(scope, path, type, presence, unit, meaning, accessor, all, html);
    }

    /** This field, shown in report.html as {@code label} says. */
    public ResultField html(HtmlLabel label) {
        return new ResultField(scope, path, type, presence, unit, meaning, accessor, csv, label);
    }

    /** Its key: the last part of its path ("median"). */
    public String key() {
        return path.substring(path.lastIndexOf('.') + 1);
    }

    /** Where it is in results.json: "benchmarks[].summary.median" (one path per prefix of its scope). */
    public List<String> jsonPaths() {
        return jsonPaths(scope, path);
    }

    /** Its type as SCHEMA.md writes it: "number or null". */
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
