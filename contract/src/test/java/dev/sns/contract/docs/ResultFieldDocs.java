package dev.sns.contract.docs;

import dev.sns.reports.CsvColumn;
import dev.sns.reports.CsvFile;
import dev.sns.reports.ResultField;
import dev.sns.reports.ResultFields;
import dev.sns.reports.ResultScope;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The docs of the result fields, from the one table of them ({@link ResultFields}): SCHEMA.md's field
 * tables (one per JSON object, one per CSV file, each a marked section) and the whole page
 * docs/reference/result-fields.md. A JSON object of the table is its scope's top, or a nested object
 * of it ("summary"); each is one section, so a new nested object needs its markers in SCHEMA.md.
 */
final class ResultFieldDocs {
    static final String SCHEMA = "reports/SCHEMA.md";
    static final String PAGE = "docs/reference/result-fields.md";

    private ResultFieldDocs() {}

    /** Every part: the page, then SCHEMA.md's sections (JSON objects in table order, then CSV files). */
    static List<GeneratedText> parts() {
        List<GeneratedText> parts = new ArrayList<>();
        parts.add(GeneratedText.file(PAGE, ResultFieldDocs::page));
        for (JsonObject o : objects()) {
            parts.add(GeneratedText.section(SCHEMA, o.section(), () -> jsonTable(o)));
        }
        for (CsvFile<?> f : CsvFile.ALL) {
            parts.add(GeneratedText.section(SCHEMA, "csv-" + f.name(), () -> csvTable(f)));
        }
        return parts;
    }

    /** One JSON object of the table: a scope's top ({@code parent} "") or an object nested in it. */
    record JsonObject(ResultScope scope, String parent) {
        String section() {
            return "json-" + scope.name().toLowerCase(Locale.ROOT).replace('_', '-')
                    + (parent.isEmpty() ? "" : "-" + parent.replace('.', '-').toLowerCase(Locale.ROOT));
        }

        boolean holds(ResultField f) {
            int dot = f.path().lastIndexOf('.');
            return f.scope() == scope && (dot < 0 ? "" : f.path().substring(0, dot)).equals(parent);
        }
    }

    static List<JsonObject> objects() {
        Set<JsonObject> objects = new LinkedHashSet<>();
        for (ResultField f : ResultFields.ALL) {
            int dot = f.path().lastIndexOf('.');
            objects.add(new JsonObject(f.scope(), dot < 0 ? "" : f.path().substring(0, dot)));
        }
        return List.copyOf(objects);
    }

    /** field, type, unit, meaning: the fields of one JSON object. */
    static String jsonTable(JsonObject o) {
        List<List<String>> rows = new ArrayList<>();
        for (ResultField f : ResultFields.ALL) {
            if (o.holds(f)) {
                rows.add(List.of(Markdown.code(f.key()), f.typeWords(), f.unit(), f.meaning()));
            }
        }
        return Markdown.table(List.of("field", "type", "unit", "meaning"), rows);
    }

    /** column, unit, from results.json: the columns of one CSV file, in order. */
    static String csvTable(CsvFile<?> file) {
        List<List<String>> rows = new ArrayList<>();
        for (ResultField f : ResultFields.ALL) {
            for (CsvColumn<?> c : f.csv()) {
                if (c.file() == file) {
                    rows.add(List.of(Markdown.code(c.header()), f.unit(), from(f, c)));
                }
            }
        }
        return Markdown.table(List.of("column", "unit", "from results.json"), rows);
    }

    private static String from(ResultField f, CsvColumn<?> c) {
        String source = c.from() == null ? f.jsonPaths().get(0) : c.from();
        int space = source.indexOf(' ');
        return space < 0 ? Markdown.code(source) : Markdown.code(source.substring(0, space)) + source.substring(space);
    }

    /** docs/reference/result-fields.md: every field by scope, with its names in every format. */
    static String page() {
        StringBuilder sb = new StringBuilder("# Result fields reference\n\n")
                .append("Every field a report carries, from the one table of them in the code ")
                .append("(`dev.sns.reports.ResultFields`): its key, where it is in `results.json`, its type and unit, ")
                .append("what it means, how the Java API gives it, its CSV columns and where `report.html` shows it. ")
                .append("The CSV writers and the benchmark cards read their columns and lines from the same table, ")
                .append("and a test fails when a result's accessor reaches no report. `reports/SCHEMA.md` has the ")
                .append("same fields object by object, with the files' conventions.\n\n")
                .append("A *scope* is where a field lives: the run, a benchmark, a kernel of its call, and so on; ")
                .append("`[]` in a path is each element of an array. *Accessor* is where a user of the Java API ")
                .append("reads the value (`TimingResult` from `Sns.measure`, `ComparisonResult` from `Sns.compare`), ")
                .append("or, for what only a report has, the report record (`JsonReports.read`). *HTML* is the label ")
                .append("the page shows it under.\n");
        for (ResultScope scope : ResultScope.values()) {
            sb.append("\n## ").append(scope.prefixes().isEmpty() || scope.prefixes().get(0).isEmpty() ? "Top level"
                    : scope.prefixes().stream().map(Markdown::code).collect(Collectors.joining(", ")))
                    .append(": ").append(scope.title()).append("\n\n")
                    .append("Scope `").append(scope.name()).append('`')
                    .append(scope.parent() == null ? "" : ", inside `" + scope.parent().name() + "`").append(".\n\n");
            sb.append(Markdown.table(List.of("key", "JSON", "type", "unit", "meaning", "accessor", "CSV", "HTML"),
                    ResultFields.in(scope).stream().map(ResultFieldDocs::pageRow).toList()));
        }
        sb.append("\n## Accessors not reported\n\nA public accessor of a result type that no field carries, and why:\n\n");
        List<List<String>> rows = new ArrayList<>();
        ResultFields.NOT_REPORTED.forEach((accessor, why) -> rows.add(List.of(Markdown.code(accessor), why)));
        sb.append(Markdown.table(List.of("accessor", "why"), rows));
        return sb.toString();
    }

    private static List<String> pageRow(ResultField f) {
        String csv = f.csv().stream().map(c -> c.file().fileName() + " " + Markdown.code(c.header()))
                .collect(Collectors.joining(", "));
        String json = f.jsonPaths().stream().map(Markdown::code).collect(Collectors.joining(", "));
        return List.of(Markdown.code(f.key()), json, f.typeWords(), f.unit(), f.meaning(), Markdown.code(f.accessor()),
                csv, f.html() == null ? "" : f.html().label());
    }
}
