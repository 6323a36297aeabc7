package dev.sns.reports;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.sns.model.BuildInfo;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads results.json back into a {@link RunReport} in one streaming pass: the file is never held
 * as bytes, a String or a tree, only as the report it describes. The checks come in this order,
 * whatever order they are found in: the file (present, readable, not empty), the JSON syntax
 * (strict: no trailing garbage, no repeated keys; a file cut short is told apart from a malformed
 * one), the header (schema and version: a newer file may not fit this version's types), the
 * binding, and what the types cannot say (ids present and unique, known statuses, sample arrays
 * that agree). When binding fails the file is scanned once more, without binding, so that a syntax
 * or header problem is named instead of its consequence. A file too large for the heap says which
 * {@code -Xmx} to use. Each failure is one {@link ReportFormatException} with the file, the
 * position and what to do.
 */
final class JsonReportReader {
    /** Binding of the parts; strictness about the syntax comes from the parser (duplicates) and the pass (trailing). */
    private static final ObjectReader READER = JsonReports.mapper().reader();
    private static final ObjectReader BENCHMARKS = READER.forType(new TypeReference<List<BenchmarkEntry>>() {});
    private static final ObjectReader COMPARISONS = READER.forType(new TypeReference<List<ComparisonEntry>>() {});
    private static final ObjectReader GROUP = READER.forType(RunGroup.class);
    private static final ObjectReader BOARD = READER.forType(BoardEntry.class);
    private static final ObjectReader DEVICES = READER.forType(new TypeReference<List<DeviceEntry>>() {});
    private static final ObjectReader DEVICE_HEALTH = READER.forType(new TypeReference<List<DeviceHealthEntry>>() {});
    private static final ObjectReader STRINGS = READER.forType(new TypeReference<Map<String, String>>() {});
    private static final ObjectReader STRING = READER.forType(String.class);
    private static final Set<String> STATUSES = Set.of("ok", "failed", "skipped");
    private static final int NO_LINE = ReportFormatException.NO_POSITION;
    /** Jackson's "[Source: ...; line: 3, column: 7]" inside a message. */
    private static final Pattern SOURCE_REF = Pattern.compile("\\[Source: [^\\]]*?; line: (\\d+), column: (\\d+)\\]");
    /** In-memory size of a report over its file size, measured on realistic() (boxed samples): for the -Xmx hint. */
    private static final double HEAP_PER_FILE_BYTE = 3.0;

    private JsonReportReader() {}

    /** The top-level fields as they arrive (keys are sorted, so the header comes after the benchmarks). */
    private static final class Parts {
        JsonNode schema;
        JsonNode schemaVersion;
        String snsVersion;
        String createdAt;
        String seed;
        Map<String, String> fingerprint;
        Map<String, String> options;
        List<BenchmarkEntry> benchmarks;
        List<ComparisonEntry> comparisons;
        RunGroup group;
        List<DeviceEntry> devices = List.of();
        List<DeviceHealthEntry> deviceHealth = List.of();
        BoardEntry board;
    }

    /** See {@link JsonReports#read}. */
    static RunReport read(Path file) throws ReportFormatException {
        checkFile(file);
        try {
            Parts parts = pass(file, true);
            checkHeader(file, parts);
            RunReport report = new RunReport(parts.schema.textValue(), parts.schemaVersion.intValue(), parts.snsVersion,
                    parts.createdAt, parts.fingerprint, parts.options, parts.seed, parts.benchmarks, parts.comparisons,
                    parts.devices, parts.deviceHealth, parts.group, parts.board);
            checkEntries(file, report);
            return report;
        } catch (OutOfMemoryError e) {
            throw tooLarge(file);
        }
    }

    private static void checkFile(Path file) throws ReportFormatException {
        if (Files.isDirectory(file)) {
            throw new ReportFormatException(file, "is a directory; name the results.json inside it");
        }
        if (!Files.exists(file)) {
            throw new ReportFormatException(file, "no such file");
        }
        if (!Files.isReadable(file)) {
            throw new ReportFormatException(file, "permission denied");
        }
    }

    /**
     * One pass over the file: with {@code bind}, the parts are bound; without, only the syntax and
     * the header are read (the second look after a binding error).
     */
    private static Parts pass(Path file, boolean bind) throws ReportFormatException {
        Parts parts = new Parts();
        try (InputStream in = open(file); JsonParser p = JsonReports.mapper().createParser(in)) {
            p.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
            JsonToken first = p.nextToken();
            if (first == null) {
                throw new ReportFormatException(file, "the file is empty (did the run stop before its first "
                        + "benchmark finished?)");
            }
            if (first != JsonToken.START_OBJECT) {
                p.skipChildren();
                noTrailingTokens(p);
                throw new ReportFormatException(file, "not an sns results file: the top level is " + kind(first)
                        + ", expected an object with \"schema\": \"" + RunReport.SCHEMA + "\""
                        + (first == JsonToken.START_ARRAY
                        ? " (JMH's own -rf json output is an array: pass the results.json sns writes)" : ""));
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                field(p, name, parts, bind);
            }
            noTrailingTokens(p);
            return parts;
        } catch (StreamReadException e) {
            throw syntax(file, e);
        } catch (JsonMappingException e) {
            if (!bind) {
                throw positioned(file, e, "malformed JSON: " + clean(e.getOriginalMessage()));
            }
            // A syntax or header problem later in the file explains a binding error better than the error itself.
            checkHeader(file, pass(file, false));
            throw bindingError(file, e);
        } catch (IOException e) {
            throw new ReportFormatException(file, NO_LINE, NO_LINE, "cannot read the file: " + e, e);
        }
    }

    private static void field(JsonParser p, String name, Parts parts, boolean bind) throws IOException {
        switch (name) {
            case "schema" -> parts.schema = READER.readTree(p);
            case "schemaVersion" -> parts.schemaVersion = READER.readTree(p);
            default -> {
                if (!bind) {
                    p.skipChildren();
                    return;
                }
                switch (name) {
                    case "snsVersion" -> parts.snsVersion = STRING.readValue(p);
                    case "createdAt" -> parts.createdAt = STRING.readValue(p);
                    case "seed" -> parts.seed = STRING.readValue(p);
                    case "fingerprint" -> parts.fingerprint = bound(name, () -> STRINGS.readValue(p));
                    case "options" -> parts.options = bound(name, () -> STRINGS.readValue(p));
                    case "benchmarks" -> parts.benchmarks = bound(name, () -> BENCHMARKS.readValue(p));
                    case "comparisons" -> parts.comparisons = bound(name, () -> COMPARISONS.readValue(p));
                    case "group" -> parts.group = bound(name, () -> GROUP.readValue(p));
                    case "devices" -> parts.devices = bound(name, () -> DEVICES.readValue(p));
                    case "board" -> parts.board = bound(name, () -> BOARD.readValue(p));
                    case "deviceHealth" -> parts.deviceHealth = bound(name, () -> DEVICE_HEALTH.readValue(p));
                    default -> p.skipChildren(); // a field of a later sns of the same version: ignored
                }
            }
        }
    }

    private interface Binding<T> {
        T bind() throws IOException;
    }

    /** Binds one top-level field, so that a binding error's path starts at that field. */
    private static <T> T bound(String field, Binding<T> binding) throws IOException {
        try {
            return binding.bind();
        } catch (JsonMappingException e) {
            e.prependPath(new JsonMappingException.Reference(null, field));
            throw e;
        }
    }

    private static void noTrailingTokens(JsonParser p) throws IOException {
        JsonToken after = p.nextToken();
        if (after != null) {
            throw new com.fasterxml.jackson.core.JsonParseException(p, "Trailing token (of type " + after + ") found after the value");
        }
    }

    private static InputStream open(Path file) throws ReportFormatException {
        try {
            return new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        } catch (NoSuchFileException e) {
            throw new ReportFormatException(file, "no such file");
        } catch (AccessDeniedException e) {
            throw new ReportFormatException(file, "permission denied");
        } catch (IOException e) {
            throw new ReportFormatException(file, NO_LINE, NO_LINE, "cannot read the file: " + e, e);
        }
    }

    private static String kind(JsonToken t) {
        return switch (t) {
            case START_ARRAY -> "array";
            case VALUE_STRING -> "string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "number";
            case VALUE_TRUE, VALUE_FALSE -> "boolean";
            case VALUE_NULL -> "null";
            default -> t.name().toLowerCase(Locale.ROOT);
        };
    }

    private static ReportFormatException syntax(Path file, StreamReadException e) {
        if (e instanceof JsonEOFException || stopsAtTheEnd(file, e)) {
            return positioned(file, e, "the JSON ends early, the file is truncated (copied while it was being "
                    + "written?): " + clean(e.getOriginalMessage()));
        }
        return positioned(file, e, "malformed JSON: " + clean(e.getOriginalMessage()));
    }

    /**
     * Whether the token the parser stopped at runs to the last non-blank byte: a file cut inside a
     * token ("nul", "1.") is truncated, not malformed. Jackson reports such errors at the token's
     * start. Reads the file from there, in blocks, until it finds a delimiter.
     */
    private static boolean stopsAtTheEnd(Path file, StreamReadException e) {
        JsonLocation at = e.getLocation();
        if (at == null || at.getByteOffset() < 0) {
            return false;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer buf = ByteBuffer.allocate(8192);
            long pos = at.getByteOffset();
            boolean blankSeen = false;
            while (ch.read(buf, pos) > 0) {
                buf.flip();
                while (buf.hasRemaining()) {
                    byte b = buf.get();
                    if (isBlank(b)) {
                        blankSeen = true;
                    } else if (blankSeen || b == ',' || b == ':' || b == '{' || b == '}' || b == '[' || b == ']') {
                        return false;
                    }
                }
                pos += buf.limit();
                buf.clear();
            }
            return true;
        } catch (IOException io) {
            return false;
        }
    }

    private static boolean isBlank(byte b) {
        return b == ' ' || b == '\n' || b == '\r' || b == '\t';
    }

    /** Checks "schema" and "schemaVersion": the file must be an sns results file of the version this sns reads. */
    private static void checkHeader(Path file, Parts parts) throws ReportFormatException {
        JsonNode schema = parts.schema;
        if (schema == null || !RunReport.SCHEMA.equals(schema.textValue())) {
            throw new ReportFormatException(file, "not an sns results file: \"schema\" is "
                    + (schema == null ? "missing" : schema.toString()) + ", expected \"" + RunReport.SCHEMA + "\"");
        }
        JsonNode version = parts.schemaVersion;
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

    private static ReportFormatException bindingError(Path file, JsonMappingException e) {
        Throwable cause = e.getCause();
        String what = cause instanceof IllegalArgumentException || cause instanceof NullPointerException
                ? cause.getMessage() : clean(e.getOriginalMessage());
        return positioned(file, e, "field " + path(e) + ": " + what);
    }

    /** "too large for the heap: use -Xmx..." with a size that fits the file. */
    static ReportFormatException tooLarge(Path file) {
        long bytes;
        try {
            bytes = Files.size(file);
        } catch (IOException e) {
            bytes = -1;
        }
        long maxMiB = Runtime.getRuntime().maxMemory() >> 20;
        long needMiB = bytes < 0 ? 2 * maxMiB : Math.max(2 * maxMiB, (long) (HEAP_PER_FILE_BYTE * bytes / (1 << 20)) + 256);
        long gib = (needMiB + 1023) / 1024;
        return new ReportFormatException(file, "too large for the heap: the file is "
                + (bytes < 0 ? "of unknown size" : (bytes >> 20) + " MiB") + " and this JVM may use " + maxMiB
                + " MiB; use -Xmx" + gib + "g (java -Xmx" + gib + "g -jar sns-reports.jar ...)");
    }

    /** Checks what the types cannot: ids present and unique, known statuses, sample arrays that agree. */
    private static void checkEntries(Path file, RunReport report) throws ReportFormatException {
        Set<String> ids = new HashSet<>();
        List<BenchmarkEntry> benchmarks = report.benchmarks();
        for (int i = 0; i < benchmarks.size(); i++) {
            BenchmarkEntry b = benchmarks.get(i);
            String at = "benchmarks[" + i + "]";
            if (b == null) {
                throw new ReportFormatException(file, at + " is null");
            }
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
            if (c == null || c.candidate() == null || c.baseline() == null) {
                throw new ReportFormatException(file, "comparisons[" + i + "] has no "
                        + (c == null || c.candidate() == null ? "candidate" : "baseline"));
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
