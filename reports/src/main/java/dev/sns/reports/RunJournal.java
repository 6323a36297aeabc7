package dev.sns.reports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * A run's progress, kept at a constant cost per finished benchmark: one line of JSON appended (and
 * forced to disk) per benchmark, comparison or fingerprint, after a first line holding the run's start.
 * The full reports are written once, at the end of the run; a run that died leaves its journal, and
 * {@link #replay} turns it back into the report of everything it finished (a line cut short by the
 * death is left out). The file is {@value #FILE} in the report directory; a finished run ends it with
 * an end line.
 *
 * <p>Lines: {@code {"start": <RunReport without entries>}}, then {@code {"benchmark": <entry>}},
 * {@code {"comparison": <entry>}}, {@code {"fingerprint": {...}}}, {@code {"device": <device>}}, {@code {"board": <board>}} or
 * {@code {"deviceHealth": <entry>}}, and last {@code {"end": true}}.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public final class RunJournal implements AutoCloseable {
    /** The journal's file name in the report directory. */
    public static final String FILE = "results.journal";

    private static final ObjectMapper MAPPER = JsonReports.mapper();
    /** One line per entry: the report mapper indents, which would spread an entry over many lines. */
    private static final ObjectWriter LINE = MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT);

    private final Path file;
    private final FileChannel channel;

    private RunJournal(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /**
     * Starts a new journal in {@code dir} (replacing one there), with the run's start line.
     *
     * @param dir the report directory (created if missing)
     * @param start the run's report as it starts; its entries are not written (only the header: schema,
     *     versions, time, fingerprint, options and seed)
     * @return the open journal; close it when the run ends
     * @throws IOException when the file cannot be created or written
     */
    public static RunJournal start(Path dir, RunReport start) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(FILE);
        FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        RunJournal j = new RunJournal(file, ch);
        RunReport head = new RunReport(start.schema(), start.schemaVersion(), start.snsVersion(), start.createdAt(),
                start.fingerprint(), start.options(), start.seed(), java.util.List.of(), java.util.List.of());
        j.append("start", head);
        return j;
    }

    /**
     * Where the journal is.
     *
     * @return the file, {@value #FILE} in the report directory
     */
    public Path file() {
        return file;
    }

    /**
     * A finished (or failed, or skipped) benchmark.
     *
     * @param entry the benchmark's entry
     * @throws IOException when the line cannot be written or forced to disk
     */
    public void benchmark(BenchmarkEntry entry) throws IOException {
        append("benchmark", entry);
    }

    /**
     * Several benchmarks at once (one write, forced to disk once).
     *
     * @param entries the benchmarks' entries, in order
     * @throws IOException when the line cannot be written or forced to disk
     */
    public void benchmarks(java.util.List<BenchmarkEntry> entries) throws IOException {
        StringBuilder lines = new StringBuilder();
        for (BenchmarkEntry e : entries) {
            lines.append(LINE.writeValueAsString(Map.of("benchmark", e))).append('\n');
        }
        write(lines.toString());
    }

    /**
     * A comparison.
     *
     * @param entry the comparison
     * @throws IOException when the line cannot be written or forced to disk
     */
    public void comparison(ComparisonEntry entry) throws IOException {
        append("comparison", entry);
    }

    /**
     * The environment the run measured in, once a fork has said it.
     *
     * @param fingerprint the environment's fields
     * @throws IOException when the line cannot be written or forced to disk
     */
    public void fingerprint(Map<String, String> fingerprint) throws IOException {
        append("fingerprint", fingerprint);
    }

    /**
     * The board of a run that did not choose devices, once its first GPU fork has read it.
     *
     * @param board the board
     * @throws IOException when the line cannot be written or forced to disk
     */
    public void board(BoardEntry board) throws IOException {
        append("board", board);
    }

    /**
     * A GPU the run measures on (again when its fingerprint is known).
     *
     * @param device the GPU
     * @throws IOException when the line cannot be written or forced to disk
     */
    public void device(DeviceEntry device) throws IOException {
        append("device", device);
    }

    /**
     * A device-health comparison.
     *
     * @param entry the entry
     * @throws IOException when the line cannot be written or forced to disk
     */
    public void deviceHealth(DeviceHealthEntry entry) throws IOException {
        append("deviceHealth", entry);
    }

    /**
     * Marks the run finished: its full reports were written.
     *
     * @throws IOException when the line cannot be written or forced to disk
     */
    public void end() throws IOException {
        append("end", true);
    }

    private void append(String kind, Object value) throws IOException {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put(kind, value);
        write(LINE.writeValueAsString(line) + "\n");
    }

    private void write(String lines) throws IOException {
        ByteBuffer buf = ByteBuffer.wrap(lines.getBytes(StandardCharsets.UTF_8));
        while (buf.hasRemaining()) {
            channel.write(buf);
        }
        channel.force(false);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    /**
     * What a journal holds.
     *
     * @param report the report of everything it recorded
     * @param ended whether it has its end line: the run finished and wrote its full reports
     * @param linesSkipped lines that could not be read (a last line cut short by a crash), left out
     */
    public record Replayed(RunReport report, boolean ended, int linesSkipped) {}

    /**
     * The numbers (from 1) of a journal's lines that are not JSON, as {@link #replay} skips them: a last
     * line cut short by a crash, typically; empty when every line reads.
     *
     * @param file the journal
     * @return the line numbers, in order
     * @throws IOException when the file cannot be read
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static java.util.List<Integer> unreadableLines(Path file) throws IOException {
        java.util.List<Integer> lines = new java.util.ArrayList<>();
        for (Line line : nonBlankLines(file)) {
            try {
                MAPPER.readTree(line.text());
            } catch (IOException e) {
                lines.add(line.number());
            }
        }
        return lines;
    }

    /** A line of a journal and its number, from 1. */
    private record Line(int number, String text) {}

    /** The journal's lines that are not blank, with their numbers. */
    private static java.util.List<Line> nonBlankLines(Path file) throws IOException {
        java.util.List<Line> lines = new java.util.ArrayList<>();
        int lineNo = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNo++;
                if (!line.isBlank()) {
                    lines.add(new Line(lineNo, line));
                }
            }
        }
        return lines;
    }

    /**
     * The report of everything a journal recorded (later entries of the same benchmark replace
     * earlier ones, as during the run). A last line cut short by a crash is skipped and counted.
     *
     * @param file the journal
     * @return the report, whether the run ended, and how many lines were skipped
     * @throws ReportFormatException when the file is missing, unreadable, or does not start as a journal
     */
    public static Replayed replay(Path file) throws ReportFormatException {
        RunReport report = null;
        boolean ended = false;
        int skipped = 0;
        try {
            for (Line line : nonBlankLines(file)) {
                JsonNode node;
                try {
                    node = MAPPER.readTree(line.text());
                } catch (IOException e) {
                    skipped++; // a line cut short by the run's death
                    continue;
                }
                if (report == null) {
                    if (!node.has("start")) {
                        throw new ReportFormatException(file, line.number(), ReportFormatException.NO_POSITION,
                                "not an sns journal: the first line is not a run's start", null);
                    }
                    report = MAPPER.treeToValue(node.get("start"), RunReport.class);
                } else if (node.has("benchmark")) {
                    report = report.withBenchmark(MAPPER.treeToValue(node.get("benchmark"), BenchmarkEntry.class));
                } else if (node.has("comparison")) {
                    report = report.withComparison(MAPPER.treeToValue(node.get("comparison"), ComparisonEntry.class));
                } else if (node.has("fingerprint")) {
                    Map<String, String> fp = new LinkedHashMap<>();
                    node.get("fingerprint").properties().forEach(e -> fp.put(e.getKey(), e.getValue().asText()));
                    report = report.withFingerprint(fp);
                } else if (node.has("board")) {
                    report = report.withBoard(MAPPER.treeToValue(node.get("board"), BoardEntry.class));
                } else if (node.has("device")) {
                    report = report.withDevice(MAPPER.treeToValue(node.get("device"), DeviceEntry.class));
                } else if (node.has("deviceHealth")) {
                    report = report.withDeviceHealth(MAPPER.treeToValue(node.get("deviceHealth"), DeviceHealthEntry.class));
                } else if (node.has("end")) {
                    ended = true;
                }
            }
        } catch (java.nio.file.NoSuchFileException e) {
            throw new ReportFormatException(file, "no such file");
        } catch (IOException e) {
            throw new ReportFormatException(file, ReportFormatException.NO_POSITION, ReportFormatException.NO_POSITION,
                    "cannot read the journal: " + e.getMessage(), e);
        }
        if (report == null) {
            throw new ReportFormatException(file, "the journal is empty: the run died before it started");
        }
        return new Replayed(report, ended, skipped);
    }
}
