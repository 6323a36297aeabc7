package dev.sns.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sns.model.ClockEvidence;
import dev.sns.model.ComparisonResult;
import dev.sns.model.DevicePeaks;
import dev.sns.model.EnergyComparison;
import dev.sns.model.EnergyResult;
import dev.sns.model.KernelBreakdown;
import dev.sns.model.ThrottleEvidence;
import dev.sns.model.TimingResult;
import dev.sns.model.VerdictThresholds;
import dev.sns.reports.html.HtmlReportFormat;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The table of result fields against the code: every computed value of a result reaches a report (or
 * the table says why not), and every row's JSON path, CSV column and HTML label is really in the
 * reports of a report that has every field ({@link ReportFixtures#full()}).
 */
class ResultFieldsTest {
    /** The result types users get from the Java API: each public accessor must reach a report. */
    private static final List<Class<?>> RESULT_TYPES = List.of(TimingResult.class, ComparisonResult.class,
            EnergyResult.class, EnergyResult.TracePoint.class, KernelBreakdown.class, KernelBreakdown.Row.class,
            EnergyComparison.class, ClockEvidence.class, ThrottleEvidence.class, DevicePeaks.class,
            VerdictThresholds.class);
    /** The report types accessors may start from (fields only a report has: ids, statuses, forks). */
    private static final List<Class<?>> REPORT_TYPES = List.of(RunReport.class, BenchmarkEntry.class,
            BenchmarkEntry.Summary.class, BenchmarkEntry.Samples.class, BenchmarkEntry.Device.class,
            BenchmarkEntry.Origin.class, ComparisonEntry.class, DeviceEntry.class, BoardEntry.class, DeviceHealthEntry.class,
            RunGroup.class, RunGroup.Shard.class);
    private static final Set<String> NOT_ACCESSORS = Set.of("toString", "hashCode", "equals");
    /** "TimingResult.intervalMillis().lower()": a type, then a chain of accessors. */
    private static final Pattern CHAIN = Pattern.compile(
            "([A-Z][A-Za-z0-9]*(?:\\.[A-Z][A-Za-z0-9]*)*)((?:\\.[a-z][A-Za-z0-9]*\\(\\))+)");

    @TempDir
    Path tmp;

    @Test
    void everyPublicAccessorOfAResultReachesAReportOrTheTableSaysWhyNot() {
        Set<String> named = new TreeSet<>();
        for (ResultField f : ResultFields.ALL) {
            named.addAll(walk(f.accessor(), f.path()));
        }
        List<String> missing = new ArrayList<>();
        for (Class<?> type : RESULT_TYPES) {
            for (Method m : accessors(type)) {
                String name = name(type) + "." + m.getName() + "()";
                if (!named.contains(name) && !ResultFields.NOT_REPORTED.containsKey(name)) {
                    missing.add(name);
                }
            }
        }
        assertTrue(missing.isEmpty(), "computed fields that reach no report: " + missing + ". Give each a row in "
                + "dev.sns.reports.ResultFields (its JSON path, CSV column, HTML label), or list it in "
                + "ResultFields.NOT_REPORTED with the reason");
    }

    @Test
    void anAccessorNotReportedExistsAndIsInNoRow() {
        Set<String> named = new TreeSet<>();
        ResultFields.ALL.forEach(f -> named.addAll(walk(f.accessor(), f.path())));
        ResultFields.NOT_REPORTED.forEach((accessor, why) -> {
            assertEquals(List.of(accessor), walk(accessor, "NOT_REPORTED"), "one accessor per entry");
            assertFalse(named.contains(accessor), accessor + " is reported by a row: take it off NOT_REPORTED");
            assertFalse(why.isBlank(), accessor + " needs its reason");
        });
    }

    @Test
    void resultsJsonHoldsExactlyTheTablesJsonPaths() throws Exception {
        Map<String, ResultField> table = new LinkedHashMap<>();
        ResultFields.ALL.forEach(f -> f.jsonPaths().forEach(p -> table.put(p, f)));
        Set<String> written = new TreeSet<>();
        paths(new ObjectMapper().readTree(JsonReports.toJson(ReportFixtures.full())), "", table, written);
        Set<String> notInTable = new TreeSet<>(written);
        notInTable.removeAll(table.keySet());
        Set<String> notWritten = new TreeSet<>(table.keySet());
        notWritten.removeAll(written);
        assertTrue(notInTable.isEmpty() && notWritten.isEmpty(), "results.json has fields the table of result "
                + "fields lacks: " + notInTable + "; the table has fields results.json of a full report lacks: "
                + notWritten);
    }

    @Test
    void everyColumnIsInItsFilesHeader() throws Exception {
        new CsvReportFormat().write(ReportFixtures.full(), tmp);
        for (CsvFile<?> file : CsvFile.ALL) {
            List<String> header = Arrays.asList(Files.readAllLines(tmp.resolve(file.fileName())).get(0).split(","));
            for (CsvColumn<?> c : ResultFields.columns(file)) {
                assertTrue(header.contains(c.header()), file.fileName() + " lacks the column " + c.header() + ": "
                        + header);
            }
        }
        List<String> results = Arrays.asList(Files.readAllLines(tmp.resolve("results.csv")).get(0).split(","));
        assertEquals(ResultFields.columns(CsvFile.RESULTS).size() + ResultFields.columns(CsvFile.GROUP_RESULTS).size(),
                results.size(), "a merged group's results.csv: results.csv's columns, then the group's");
    }

    @Test
    void everyHtmlLabelIsOnThePage() {
        String page = HtmlReportFormat.render(ReportFixtures.full());
        List<String> absent = ResultFields.ALL.stream().filter(f -> f.html() != null)
                .filter(f -> !page.contains(escape(f.html().label())))
                .map(f -> f.scope() + " " + f.path() + ": '" + f.html().label() + "'").toList();
        assertTrue(absent.isEmpty(), "labels the page of a full report does not show: " + absent);
    }

    /**
     * The card's lines in the order the page has always drawn them, the interval's scope, the repeat interval
     * and the minimum detectable change after the interval.
     */
    @Test
    void theCardDrawsItsLinesInTheTablesOrder() {
        assertEquals(List.of("median per call", "interval", "interval covers", "repeat-call interval",
                "smallest change it sees (80% power)", "p10 .. p90",
                "samples (n)", "windows / forks", "inner reps (calls per sample)", "warm-up calls", "first call", "timer step",
                "launch overhead", "net of launch overhead", "GB/s", "share of peak bandwidth", "TFLOP/s",
                "share of peak FLOP/s", "timer", "source", "precision", "estimator", "bootstrap", "params", "board"),
                ResultFields.cardLines(ResultScope.BENCHMARK).stream().map(f -> f.html().label()).toList());
        assertEquals(List.of(), ResultFields.cardLines(ResultScope.COMPARISON));
    }

    @Test
    void aRowWithAMultiLineMeaningOrABadPathIsRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ResultField.of(
                ResultScope.BENCHMARK, "summary.median", ResultField.Type.NUMBER, "ms", "two\nlines", "X.y()"));
        assertEquals("the meaning of summary.median must be one line of text, got 'two\nlines'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ResultField.of(ResultScope.BENCHMARK, "Summary median",
                ResultField.Type.NUMBER, "ms", "median", "X.y()"));
        assertEquals("a field's path is camelCase keys joined by dots (summary.median), got 'Summary median'",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> field("tier").csv(CsvFile.RESULTS.column("tier",
                BenchmarkEntry::tier).from("comparisons[].tier")));
        assertTrue(e.getMessage().startsWith("column tier of tier says it comes from 'comparisons[].tier', which is "
                + "not one of the field's JSON paths [benchmarks[].tier]"), e.getMessage());
    }

    @Test
    void theTableRefusesTwoRowsOfOnePathTwoColumnsOfOneNameAndAFieldOutsideItsObject() {
        assertEquals("two rows of the result fields have the JSON path benchmarks[].tier", refused(field("tier"),
                field("tier")));
        assertEquals("results.csv has two columns tier (fields tier and status)", refused(
                field("tier").csv(CsvFile.RESULTS.column("tier", BenchmarkEntry::tier)),
                field("status").csv(CsvFile.RESULTS.column("tier", BenchmarkEntry::status))));
        assertEquals("BENCHMARK field summary.median is inside summary, which is no object row of BENCHMARK: add a "
                + "row for summary", refused(field("summary.median")));
    }

    @Test
    void theTableRefusesCardLinesItCannotPlace() {
        assertEquals("BENCHMARK field status's card line follows nowhere, which has no card line of BENCHMARK (or "
                + "follows it back)", refused(field("status").html(HtmlLabel.line("status", (b, u) -> b.status())
                .after("nowhere"))));
        assertEquals("COMPARISON field tier has a card line, but only a benchmark's card (BENCHMARK and ENERGY "
                + "fields) draws lines: use HtmlLabel.under", refused(ResultField.of(ResultScope.COMPARISON, "tier",
                ResultField.Type.STRING, "", "tier", "X.y()").html(HtmlLabel.line("tier", (b, u) -> b.tier()))));
    }

    private static ResultField field(String path) {
        return ResultField.of(ResultScope.BENCHMARK, path, ResultField.Type.STRING, "", "a field", "X.y()");
    }

    private static String refused(ResultField... rows) {
        return assertThrows(IllegalStateException.class, () -> ResultFields.check(List.of(rows))).getMessage();
    }

    /** Every JSON path under {@code node}: objects by key, arrays of objects as "[]"; maps (params, counters) not entered. */
    private static void paths(JsonNode node, String at, Map<String, ResultField> table, Set<String> out) {
        node.fields().forEachRemaining(e -> {
            String path = at.isEmpty() ? e.getKey() : at + "." + e.getKey();
            out.add(path);
            ResultField f = table.get(path);
            if (f != null && f.type().isMap()) {
                return;
            }
            if (e.getValue().isObject()) {
                paths(e.getValue(), path, table, out);
            } else if (e.getValue().isArray()) {
                e.getValue().forEach(element -> {
                    if (element.isObject()) {
                        paths(element, path + "[]", table, out);
                    }
                });
            }
        });
    }

    /**
     * The result accessors {@code text} names ("TimingResult.intervalMillis", each step of a chain on a
     * result type), checking that each chain exists.
     */
    private static List<String> walk(String text, String row) {
        Matcher m = CHAIN.matcher(text);
        List<String> named = new ArrayList<>();
        boolean any = false;
        while (m.find()) {
            any = true;
            Class<?> type = type(m.group(1), row, text);
            for (String step : m.group(2).substring(1).split("\\.")) {
                String method = step.substring(0, step.length() - 2);
                Method found = method(type, method, row, text);
                if (RESULT_TYPES.contains(type)) {
                    named.add(name(type) + "." + method + "()");
                }
                type = element(found.getGenericReturnType());
            }
        }
        if (!any) {
            fail("the accessor of " + row + " names no accessor (Type.method()): '" + text + "'");
        }
        return named;
    }

    private static Class<?> type(String name, String row, String text) {
        return java.util.stream.Stream.concat(RESULT_TYPES.stream(), REPORT_TYPES.stream())
                .filter(c -> name(c).equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("the accessor of " + row + " ('" + text + "') starts at " + name
                        + ", not a result or report type"));
    }

    private static Method method(Class<?> type, String method, String row, String text) {
        try {
            return type.getMethod(method);
        } catch (NoSuchMethodException e) {
            throw new AssertionError("the accessor of " + row + " ('" + text + "') names " + type.getSimpleName() + "."
                    + method + "(), which does not exist", e);
        }
    }

    /** What an accessor gives: its type, or the element of an Optional or a List. */
    private static Class<?> element(Type t) {
        if (t instanceof ParameterizedType p && (p.getRawType() == Optional.class || p.getRawType() == List.class)) {
            return (Class<?>) p.getActualTypeArguments()[0];
        }
        return t instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) t;
    }

    private static List<Method> accessors(Class<?> type) {
        return Arrays.stream(type.getDeclaredMethods())
                .filter(m -> Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers()))
                .filter(m -> m.getParameterCount() == 0 && !m.isSynthetic() && !NOT_ACCESSORS.contains(m.getName()))
                .sorted(java.util.Comparator.comparing(Method::getName)).toList();
    }

    /** "KernelBreakdown.Row": the class's name without its package, nested classes after a dot. */
    private static String name(Class<?> c) {
        return c.getName().substring(c.getPackageName().length() + 1).replace('$', '.');
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
