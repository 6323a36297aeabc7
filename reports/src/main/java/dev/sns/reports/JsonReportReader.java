package dev.sns.reports;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.sns.model.BuildInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads results.json back into a {@link RunReport}, checking in order: the file (present, readable,
 * not empty), the JSON syntax (strict: no trailing garbage, no repeated keys; a file cut short is
 * told apart from a malformed one), the header (schema and version, before binding, since a newer
 * file may not fit this version's types), the binding, and what the types cannot say (ids present
 * and unique, known statuses, sample arrays that agree). Each failure is one
 * {@link ReportFormatException} with the file, the position and what to do.
 */
final class JsonReportReader {
    /** Reading is strict about the syntax (no trailing garbage, no repeated keys), lenient about unknown fields. */
    private static final ObjectReader TREE_READER = JsonReports.mapper().reader()
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .with(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    private static final ObjectReader REPORT_READER = TREE_READER.forType(RunReport.class);
    private static final Set<String> STATUSES = Set.of("ok", "failed", "skipped");
    private static final int NO_LINE = ReportFormatException.NO_POSITION;
    /** Jackson's "[Source: ...; line: 3, column: 7]" inside a message. */
    private static final Pattern SOURCE_REF = Pattern.compile("\\[Source: [^\\]]*?; line: (\\d+), column: (\\d+)\\]");

    private JsonReportReader() {}

    /** See {@link JsonReports#read}. */
    static RunReport read(Path file) throws ReportFormatException {
        byte[] bytes = readBytes(file);
        if (new String(bytes, StandardCharsets.UTF_8).isBlank()) {
            throw new ReportFormatException(file, "the file is empty (did the run stop before its first "
                    + "benchmark finished?)");
        }
        checkHeader(file, parseTree(file, bytes));
        RunReport report = bind(file, bytes);
        checkEntries(file, report);
        return report;
    }

    private static byte[] readBytes(Path file) throws ReportFormatException {
        if (Files.isDirectory(file)) {
            throw new ReportFormatException(file, "is a directory; name the results.json inside it");
        }
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ReportFormatException(file, "no such file");
        } catch (AccessDeniedException e) {
            throw new ReportFormatException(file, "permission denied");
        } catch (IOException e) {
            throw new ReportFormatException(file, NO_LINE, NO_LINE, "cannot read the file: " + e, e);
        }
    }

    private static JsonNode parseTree(Path file, byte[] bytes) throws ReportFormatException {
        try {
            return TREE_READER.readTree(bytes);
        } catch (StreamReadException e) {
            if (e instanceof JsonEOFException || stopsAtTheEnd(bytes, e)) {
                throw positioned(file, e, "the JSON ends early, the file is truncated (copied while it was being "
                        + "written?): " + clean(e.getOriginalMessage()));
            }
            throw positioned(file, e, "malformed JSON: " + clean(e.getOriginalMessage()));
        } catch (JsonMappingException e) {
            throw positioned(file, e, "malformed JSON: " + clean(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new ReportFormatException(file, NO_LINE, NO_LINE, "cannot parse the file: " + e, e);
        }
    }

    /**
     * Whether the token the parser stopped at runs to the last non-blank byte: a file cut inside a
     * token ("nul", "1.") is truncated, not malformed. Jackson reports such errors at the token's start.
     */
    private static boolean stopsAtTheEnd(byte[] bytes, StreamReadException e) {
        JsonLocation at = e.getLocation();
        if (at == null || at.getByteOffset() < 0) {
            return false;
        }
        int end = bytes.length;
        while (end > 0 && isBlank(bytes[end - 1])) {
            end--;
        }
        for (long i = at.getByteOffset(); i < end; i++) {
            byte b = bytes[(int) i];
            if (isBlank(b) || b == ',' || b == ':' || b == '{' || b == '}' || b == '[' || b == ']') {
                return false;
            }
        }
        return true;
    }

    private static boolean isBlank(byte b) {
        return b == ' ' || b == '\n' || b == '\r' || b == '\t';
    }

    /** Checks "schema" and "schemaVersion" before binding: a newer file may not fit this version's types. */
    private static void checkHeader(Path file, JsonNode root) throws ReportFormatException {
        if (!root.isObject()) {
            String hint = root.isArray() ? " (JMH's own -rf json output is an array: pass the results.json sns writes)" : "";
            throw new ReportFormatException(file, "not an sns results file: the top level is "
                    + root.getNodeType().toString().toLowerCase(java.util.Locale.ROOT) + ", expected an object with "
                    + "\"schema\": \"" + RunReport.SCHEMA + "\"" + hint);
        }
        JsonNode schema = root.get("schema");
        if (schema == null || !RunReport.SCHEMA.equals(schema.textValue())) {
            throw new ReportFormatException(file, "not an sns results file: \"schema\" is "
                    + (schema == null ? "missing" : schema.toString()) + ", expected \"" + RunReport.SCHEMA + "\"");
        }
        JsonNode version = root.get("schemaVersion");
        if (version == null || !version.canConvertToInt() || !version.isIntegralNumber()) {
            throw new ReportFormatException(file, "\"schemaVersion\" is " + (version == null ? "missing" : version.toString())
                    + ", expected a whole number (this sns reads version " + RunReport.SCHEMA_VERSION + ")");
        }
        int v = version.intValue();
        if (v > RunReport.SCHEMA_VERSION) {
            throw new ReportFormatException(file, "schemaVersion " + v + " is newer than this sns reads (version "
                    + RunReport.SCHEMA_VERSION + "): upgrade sns" + (BuildInfo.snsVersion().isEmpty() ? ""
                    : " (this is sns " + BuildInfo.snsVersion() + ")") + " to read it");
        }
        if (v < RunReport.SCHEMA_VERSION) {
            throw new ReportFormatException(file, "schemaVersion " + v + " is not a version sns ever wrote (this sns "
                    + "reads version " + RunReport.SCHEMA_VERSION + ")");
        }
    }

    private static RunReport bind(Path file, byte[] bytes) throws ReportFormatException {
        try {
            return REPORT_READER.readValue(bytes);
        } catch (JsonMappingException e) {
            Throwable cause = e.getCause();
            String what = cause instanceof IllegalArgumentException || cause instanceof NullPointerException
                    ? cause.getMessage() : clean(e.getOriginalMessage());
            throw positioned(file, e, "field " + path(e) + ": " + what);
        } catch (IOException e) {
            throw new ReportFormatException(file, NO_LINE, NO_LINE, "cannot read the report: " + e, e);
        }
    }

    /** Checks what the types cannot: ids present and unique, known statuses, sample arrays that agree. */
    private static void checkEntries(Path file, RunReport report) throws ReportFormatException {
        Set<String> ids = new HashSet<>();
        List<BenchmarkEntry> benchmarks = report.benchmarks();
        for (int i = 0; i < benchmarks.size(); i++) {
            BenchmarkEntry b = benchmarks.get(i);
            String at = "benchmarks[" + i + "]";
            if (b.id() == null || b.id().isEmpty()) {
                throw new ReportFormatException(file, at + ".id is missing");
            }
            if (!ids.add(b.id())) {
                throw new ReportFormatException(file, at + ".id \"" + b.id() + "\" appears twice");
            }
            if (!STATUSES.contains(b.status())) {
                throw new ReportFormatException(file, at + ".status is " + quoted(b.status())
                        + ", expected ok, failed or skipped");
            }
            checkSamples(file, at, b.samples());
        }
        for (int i = 0; i < report.comparisons().size(); i++) {
            ComparisonEntry c = report.comparisons().get(i);
            if (c.candidate() == null || c.baseline() == null) {
                throw new ReportFormatException(file, "comparisons[" + i + "] has no "
                        + (c.candidate() == null ? "candidate" : "baseline"));
            }
        }
    }

    private static void checkSamples(Path file, String at, BenchmarkEntry.Samples s) throws ReportFormatException {
        if (s == null || s.millis() == null) {
            return;
        }
        int n = s.millis().size();
        if (s.window() != null && s.window().size() != n) {
            throw new ReportFormatException(file, at + ".samples has " + n + " millis but " + s.window().size()
                    + " window ids");
        }
        if (s.fork() != null && s.fork().size() != n) {
            throw new ReportFormatException(file, at + ".samples has " + n + " millis but " + s.fork().size()
                    + " fork ids");
        }
    }

    private static String quoted(String s) {
        return s == null ? "missing" : "\"" + s + "\"";
    }

    private static ReportFormatException positioned(Path file, JsonProcessingException e, String problem) {
        JsonLocation at = e.getLocation();
        int line = at == null || at.getLineNr() < 1 ? NO_LINE : at.getLineNr();
        int column = at == null || at.getColumnNr() < 1 ? NO_LINE : at.getColumnNr();
        return new ReportFormatException(file, line, column, problem, e);
    }

    /** Jackson's message without its source description: "(start marker at line 19, column 19)". */
    static String clean(String message) {
        return message == null ? "" : SOURCE_REF.matcher(message).replaceAll("line $1, column $2");
    }

    /** The JSON path of a binding error, e.g. {@code benchmarks[0].summary.median}. */
    private static String path(JsonMappingException e) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                if (sb.length() > 0) {
                    sb.append('.');
                }
                sb.append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.length() == 0 ? "(top level)" : sb.toString();
    }
}
