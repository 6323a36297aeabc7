package dev.sns.reports;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Path;

/**
 * results.json: byte-stable JSON of a {@link RunReport} ({@link #toJson}), and {@link #read}, which
 * turns a file back into one or says in one {@link ReportFormatException} why it cannot (the checks
 * live in {@link JsonReportReader}). {@link JsonReportFormat} writes the file.
 *
 * <p>The JSON is byte-stable: keys sorted at every level (maps by key too), two-space indentation,
 * "\n" line ends, numbers as Java writes them ('.' in every locale), a value not measured as null or
 * left out (SCHEMA.md says which). The same report always gives the same bytes.
 */
public final class JsonReports {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();
    private static final DefaultPrettyPrinter PRINTER = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE.withLinefeed("\n"));

    private JsonReports() {}

    /**
     * The report as results.json holds it.
     *
     * @param report the report
     * @return the JSON text, byte-stable, ending in a newline
     * @throws IllegalStateException if Jackson cannot serialize the report (a bug, not a user error)
     */
    public static String toJson(RunReport report) {
        try {
            return MAPPER.writer(PRINTER).writeValueAsString(report) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize the run report: " + e.getMessage(), e);
        }
    }

    /**
     * {@link #toJson} as UTF-8 bytes, written straight to bytes: no whole-report text to build, concatenate and
     * encode (a rewrite of a 400-benchmark report allocated about 6 MB through the text, half of it copies).
     *
     * @param report the report
     * @return the same bytes as {@code toJson(report).getBytes(UTF_8)}
     */
    static byte[] toJsonBytes(RunReport report) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(64 * 1024);
        try {
            MAPPER.writer(PRINTER).writeValue(out, report);
        } catch (IOException e) {
            throw new IllegalStateException("cannot serialize the run report: " + e.getMessage(), e);
        }
        out.write('\n');
        return out.toByteArray();
    }

    /**
     * Reads a results.json written by this or an earlier sns of the same schema version. Fields this
     * version does not know are ignored; fields an earlier sns did not write are null (lists and maps
     * empty).
     *
     * @param file the results.json to read
     * @return the report it holds: benchmark ids present and unique, statuses known, each entry's sample
     *     lists of equal length, every comparison with its candidate and baseline
     * @throws ReportFormatException when the file is missing, unreadable, empty, truncated or
     *     malformed (with line and column), not an sns results file, of another schema version (a
     *     newer one says to upgrade sns), too large for the heap (it says which {@code -Xmx} to use), or
     *     inconsistent (a repeated benchmark id, say)
     */
    public static RunReport read(Path file) throws ReportFormatException {
        return JsonReportReader.read(file);
    }

    /** The mapper, for {@link JsonReportReader}: one configuration for writing and reading. */
    static ObjectMapper mapper() {
        return MAPPER;
    }
}
