package dev.sns.reports.tables;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sns.reports.CsvReports;
import dev.sns.reports.Figures;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The forms a {@link Table} is written in: for people (text, Markdown) and for machines (CSV, JSON). */
public enum TableFormat {
    /** Summary lines, then aligned columns. */
    TEXT,
    /** Summary as a list, then a GitHub-flavoured table. */
    MARKDOWN,
    /** RFC 4180, a header row, one row per row; the summary is left out (it is in the text forms). */
    CSV,
    /** {"schema": "sns-table", "schemaVersion": 1, "command", "summary", "columns", "rows": [{column: value}]}, sorted keys. */
    JSON;

    static final String SCHEMA = "sns-table";
    static final int SCHEMA_VERSION = 1;
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS).build();
    private static final DefaultPrettyPrinter PRINTER = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"));

    /** The table in this format, ending in a newline. */
    public String format(Table t) {
        return switch (this) {
            case TEXT -> text(t);
            case MARKDOWN -> markdown(t);
            case CSV -> csv(t);
            case JSON -> json(t);
        };
    }

    /** The format named {@code name} (text, markdown, csv or json; any case). */
    public static TableFormat parse(String name) {
        for (TableFormat f : values()) {
            if (f.name().equalsIgnoreCase(name == null ? "" : name.strip())) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown format '" + name + "': use text, markdown, csv or json");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }

    private static String text(Table t) {
        StringBuilder sb = new StringBuilder(t.title()).append('\n');
        t.summary().forEach(s -> sb.append("  ").append(s).append('\n'));
        if (t.rows().isEmpty()) {
            return sb.toString();
        }
        int cols = t.columns().size();
        List<String[]> cells = new ArrayList<>();
        String[] head = new String[cols];
        int[] width = new int[cols];
        for (int c = 0; c < cols; c++) {
            head[c] = t.columns().get(c).name();
            width[c] = head[c].length();
        }
        for (List<Object> r : t.rows()) {
            String[] line = new String[cols];
            for (int c = 0; c < cols; c++) {
                line[c] = human(r.get(c), t.columns().get(c).kind()).replace('\n', ' ');
                width[c] = Math.max(width[c], line[c].length());
            }
            cells.add(line);
        }
        sb.append('\n');
        line(sb, head, width, t);
        for (String[] line : cells) {
            line(sb, line, width, t);
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, String[] cells, int[] width, Table t) {
        StringBuilder l = new StringBuilder();
        for (int c = 0; c < cells.length; c++) {
            boolean right = t.columns().get(c).kind() != Table.Kind.TEXT;
            String pad = " ".repeat(width[c] - cells[c].length());
            l.append(c == 0 ? "" : "  ").append(right ? pad + cells[c] : c == cells.length - 1 ? cells[c] : cells[c] + pad);
        }
        sb.append(l.toString().stripTrailing()).append('\n');
    }

    private static String markdown(Table t) {
        StringBuilder sb = new StringBuilder("### ").append(md(t.title())).append("\n\n");
        t.summary().forEach(s -> sb.append("- ").append(md(s)).append('\n'));
        if (t.rows().isEmpty()) {
            return sb.toString();
        }
        sb.append("\n|");
        t.columns().forEach(c -> sb.append(' ').append(c.name()).append(" |"));
        sb.append("\n|");
        t.columns().forEach(c -> sb.append(c.kind() == Table.Kind.TEXT ? "---|" : "---:|"));
        sb.append('\n');
        for (List<Object> r : t.rows()) {
            sb.append('|');
            for (int c = 0; c < r.size(); c++) {
                sb.append(' ').append(md(human(r.get(c), t.columns().get(c).kind()))).append(" |");
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** Free text in Markdown: HTML, the table bar, emphasis and code marks escaped. */
    static String md(String s) {
        StringBuilder sb = new StringBuilder();
        for (char ch : s.toCharArray()) {
            switch (ch) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '|', '*', '`', '\\', '_' -> sb.append('\\').append(ch);
                case '\n' -> sb.append(' ');
                default -> sb.append(ch);
            }
        }
        return sb.toString();
    }

    private static String csv(Table t) {
        StringBuilder sb = new StringBuilder();
        sb.append(CsvReports.line(t.columns().stream().map(Table.Column::name).toList()));
        for (List<Object> r : t.rows()) {
            List<String> cells = new ArrayList<>();
            r.forEach(v -> cells.add(machine(v)));
            sb.append(CsvReports.line(cells));
        }
        return sb.toString();
    }

    private static String json(Table t) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schema", SCHEMA);
        root.put("schemaVersion", SCHEMA_VERSION);
        root.put("command", t.title());
        ArrayNode summary = root.putArray("summary");
        t.summary().forEach(summary::add);
        ArrayNode columns = root.putArray("columns");
        t.columns().forEach(c -> columns.add(c.name()));
        ArrayNode rows = root.putArray("rows");
        for (List<Object> r : t.rows()) {
            ObjectNode row = rows.addObject();
            for (int c = 0; c < r.size(); c++) {
                String key = t.columns().get(c).name();
                Object v = r.get(c);
                if (v == null || v instanceof Double d && !Double.isFinite(d)) {
                    row.putNull(key);
                } else if (v instanceof Double || v instanceof Float) {
                    row.put(key, ((Number) v).doubleValue());
                } else if (v instanceof Number n) {
                    row.put(key, n.longValue());
                } else if (v instanceof Boolean b) {
                    row.put(key, b);
                } else {
                    row.put(key, v.toString());
                }
            }
        }
        try {
            return MAPPER.writer(PRINTER).writeValueAsString(sortKeys(root)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the table as JSON: " + e.getMessage(), e);
        }
    }

    private static Object sortKeys(ObjectNode node) throws JsonProcessingException {
        return MAPPER.treeToValue(node, Object.class);
    }

    /** A cell for people: 4 significant digits, fractions as percentages, "" for absent. */
    static String human(Object v, Table.Kind kind) {
        if (v == null || v instanceof Double d && !Double.isFinite(d)) {
            return "";
        }
        if (v instanceof Number n && !(v instanceof Long || v instanceof Integer)) {
            return kind == Table.Kind.FRACTION ? Figures.signedPercent(n.doubleValue()) : Figures.sig(n.doubleValue());
        }
        return v.toString();
    }

    /** A cell for machines: the full value, "" for absent. */
    static String machine(Object v) {
        if (v == null || v instanceof Double d && !Double.isFinite(d)) {
            return "";
        }
        return v.toString();
    }
}
