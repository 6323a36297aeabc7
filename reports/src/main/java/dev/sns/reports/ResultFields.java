package dev.sns.reports;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * The one table of result fields: every field results.json, the CSV files and the HTML cards carry,
 * each described once by a {@link ResultField} (its scope, JSON path, type, unit, meaning, Java
 * accessor, CSV columns and HTML label). A new field is one row here, and its component in the report
 * entry: the CSV files' columns ({@link #columns}) and the cards' lines ({@link #cardLines}) are read
 * from the table, SCHEMA.md's field tables and docs/reference/result-fields.md are generated from it,
 * and {@code ResultFieldsTest} fails when a result accessor is in no row (nor in
 * {@link #NOT_REPORTED}) or a row's JSON path, column or label is missing from a report. results.json
 * itself is Jackson's serialization of the entry records (byte-stable, sealed by the goldens); the test
 * proves its paths and the table's are the same set.
 *
 * <p>The table's order is every output's order: a CSV file's columns are the columns its rows give
 * it, in table order; a card's lines are the card lines of its scope in table order, except that a
 * line with {@link HtmlLabel#after} comes right after that field's line.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public final class ResultFields {
    /** Every row: the run's, then a benchmark's, its energy's, then the comparisons'. */
    public static final List<ResultField> ALL = check(Stream.of(RunFields.ROWS, BenchmarkFields.ROWS,
            EnergyFields.ROWS, ComparisonFields.ROWS, BoardFields.ROWS).flatMap(List::stream).toList());

    /**
     * The public accessors of the result types that no field reports, each with the reason: what is
     * not a quantity, or what a reported field already says.
     */
    public static final Map<String, String> NOT_REPORTED = notReported();

    private static final Map<ResultScope, List<ResultField>> CARD_LINES = cardLinesByScope(ALL);

    private ResultFields() {}

    /**
     * The rows of {@code scope}, in table order.
     *
     * @param scope the scope
     * @return its rows
     */
    public static List<ResultField> in(ResultScope scope) {
        return ALL.stream().filter(f -> f.scope() == scope).toList();
    }

    /**
     * The columns of {@code file}, in table order.
     *
     * @param file the CSV file
     * @param <R> what one row of the file is made from
     * @return its columns, in the order the file has them
     */
    @SuppressWarnings("unchecked") // a column of a file is made by that file (CsvFile.column), so it reads R
    public static <R> List<CsvColumn<R>> columns(CsvFile<R> file) {
        List<CsvColumn<R>> out = new ArrayList<>();
        for (ResultField f : ALL) {
            for (CsvColumn<?> c : f.csv()) {
                if (c.file() == file) {
                    out.add((CsvColumn<R>) c);
                }
            }
        }
        return out;
    }

    /**
     * The fields a card of {@code scope} draws a line for, in the card's order (empty for a scope without a card).
     *
     * @param scope the scope (BENCHMARK or ENERGY draw lines)
     * @return the fields, in the card's order
     */
    public static List<ResultField> cardLines(ResultScope scope) {
        return CARD_LINES.getOrDefault(scope, List.of());
    }

    private static Map<String, String> notReported() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("TimingResult.toBuilder()", "a builder, not a quantity");
        m.put("TimingResult.hasInterval()", "false exactly when summary.lower and summary.upper are null (the "
                + "estimator says why)");
        m.put("TimingResult.isPerformanceValid()", trueExactlyWhen("tier is not C"));
        m.put("TimingResult.throttleFired()", trueExactlyWhen("clocks.throttleReasons is not empty"));
        m.put("TimingResult.repeatSdFraction()", "an input, not a result: the option repeatSdPct / 100; the interval "
                + "it gives is summary.repeatLower and summary.repeatUpper");
        m.put("ComparisonResult.isPerformanceValid()", trueExactlyWhen("tier is not C"));
        m.put("ComparisonResult.verdictReading()", "the reading verdictOn names (raw or net)");
        m.put("ComparisonResult.verdictInterval()", "the interval verdictOn names: lower/upper or netLower/netUpper");
        m.put("EnergyResult.available()", trueExactlyWhen("energy.unavailable is absent"));
        m.put("EnergyResult.hasInterval()", trueExactlyWhen("energy.lower and energy.upper are present"));
        m.put("EnergyResult.throttled()", trueExactlyWhen("energy.throttleReasons is not empty"));
        m.put("KernelBreakdown.available()", trueExactlyWhen("kernels.unavailable is empty"));
        m.put("KernelBreakdown.Row.millisPerCall()", "countPerCall x median");
        m.put("EnergyComparison.available()", trueExactlyWhen("energy.unavailable of the comparison is absent"));
        m.put("EnergyComparison.aboveIdle()", "aboveIdleInterval() as an Optional: aboveIdleLower and aboveIdleUpper");
        m.put("EnergyComparison.valid()", "false gives the verdict NO_VERDICT (a side's windows saw a hardware "
                + "throttle: the energy's throttleReasons name it)");
        m.put("ClockEvidence.smClockSampleCount()", "the length of clocks.smMhz");
        m.put("ClockEvidence.hasClockSamples()", trueExactlyWhen("clocks.smMhz is not empty"));
        m.put("ThrottleEvidence.fired()", trueExactlyWhen("clocks.throttleReasons is not empty"));
        String deprecated = "deprecated since 0.2.0 (an empty string for none); the same reason as ";
        m.put("ComparisonResult.netUnavailable()", deprecated + "whyNetUnavailable()");
        m.put("EnergyResult.unavailableReason()", deprecated + "whyUnavailable()");
        m.put("KernelBreakdown.unavailable()", deprecated + "whyUnavailable()");
        m.put("EnergyComparison.unavailable()", deprecated + "whyUnavailable()");
        return java.util.Collections.unmodifiableMap(m);
    }

    /** The reason of a boolean accessor that restates a reported field: "true exactly when {@code condition}". */
    private static String trueExactlyWhen(String condition) {
        return "true exactly when " + condition;
    }

    /**
     * The rows, checked: JSON paths unique; each dotted path's object a row of its scope; column
     * headers unique within a file; card lines only where a card draws them, each placed once.
     *
     * @throws IllegalStateException naming the row and what is wrong with it
     */
    static List<ResultField> check(List<ResultField> rows) {
        Set<String> paths = new HashSet<>();
        for (ResultField f : rows) {
            for (String p : f.jsonPaths()) {
                if (!paths.add(p)) {
                    throw new IllegalStateException("two rows of the result fields have the JSON path " + p);
                }
            }
        }
        for (ResultField f : rows) {
            checkParent(rows, f);
        }
        checkColumns(rows);
        cardLinesByScope(rows);
        return List.copyOf(rows);
    }

    private static void checkParent(List<ResultField> rows, ResultField f) {
        int dot = f.path().lastIndexOf('.');
        if (dot < 0) {
            return;
        }
        String parent = f.path().substring(0, dot);
        boolean found = rows.stream().anyMatch(r -> r.scope() == f.scope() && r.path().equals(parent)
                && r.type() == ResultField.Type.OBJECT);
        if (!found) {
            throw new IllegalStateException(f.scope() + " field " + f.path() + " is inside " + parent
                    + ", which is no object row of " + f.scope() + ": add a row for " + parent);
        }
    }

    private static void checkColumns(List<ResultField> rows) {
        Map<String, String> seen = new LinkedHashMap<>();
        for (ResultField f : rows) {
            for (CsvColumn<?> c : f.csv()) {
                String key = c.file().name() + " " + c.header();
                String before = seen.put(key, f.path());
                if (before != null) {
                    throw new IllegalStateException(c.file().fileName() + " has two columns " + c.header() + " (fields "
                            + before + " and " + f.path() + ")");
                }
            }
        }
    }

    private static Map<ResultScope, List<ResultField>> cardLinesByScope(List<ResultField> rows) {
        Map<ResultScope, List<ResultField>> byScope = new EnumMap<>(ResultScope.class);
        for (ResultScope scope : ResultScope.values()) {
            List<ResultField> lines = rows.stream().filter(f -> f.scope() == scope && f.html() != null
                    && f.html().isCardLine()).toList();
            if (lines.isEmpty()) {
                continue;
            }
            if (scope != ResultScope.BENCHMARK && scope != ResultScope.ENERGY) {
                throw new IllegalStateException(scope + " field " + lines.get(0).path() + " has a card line, but only a "
                        + "benchmark's card (BENCHMARK and ENERGY fields) draws lines: use HtmlLabel.under");
            }
            byScope.put(scope, ordered(scope, lines));
        }
        return byScope;
    }

    /** The lines in table order, each line that follows another right after it. */
    private static List<ResultField> ordered(ResultScope scope, List<ResultField> lines) {
        List<ResultField> out = new ArrayList<>();
        for (ResultField f : lines) {
            if (f.html().after() == null) {
                place(f, lines, out);
            }
        }
        for (ResultField f : lines) {
            if (!out.contains(f)) {
                throw new IllegalStateException(scope + " field " + f.path() + "'s card line follows "
                        + f.html().after() + ", which has no card line of " + scope + " (or follows it back)");
            }
        }
        return List.copyOf(out);
    }

    private static void place(ResultField f, List<ResultField> lines, List<ResultField> out) {
        out.add(f);
        for (ResultField g : lines) {
            if (f.path().equals(g.html().after())) {
                place(g, lines, out);
            }
        }
    }
}
