package dev.sns.jmh.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.reports.history.HistoryStore;
import dev.sns.reports.history.HistoryStores;
import dev.sns.reports.history.RecordedRun;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** -prof sns:history=FILE: each finished run of the sns Main is one run in the history, with its benchmarks. */
class HistoryRecordingIT {
    @TempDir
    Path tmp;

    private int run(Path out, String history, ByteArrayOutputStream console) {
        return SnsMain.run(new String[] {"B_CpuBench", "-f", "1", "-wi", "1", "-i", "6", "-w", "50ms", "-r", "50ms",
                "-v", "SILENT", "-prof", "sns:out=" + out + ";history=" + history},
                new PrintStream(console, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));
    }

    @Test
    void twoRunsAreTwoRecordsOfTheSameBenchmark() throws Exception {
        Path db = tmp.resolve("h.db");
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        assertEquals(SnsMain.OK, run(tmp.resolve("out1"), db.toString(), console));
        assertEquals(SnsMain.OK, run(tmp.resolve("out2"), db.toString(), console));
        String o = console.toString(StandardCharsets.UTF_8);
        assertTrue(o.contains("sns: run 1 recorded in the history ") && o.contains("sns: run 2 recorded in the history "),
                o);
        try (HistoryStore h = HistoryStores.open(db.toString())) {
            List<RecordedRun> runs = h.runs(10);
            assertEquals(2, runs.size());
            for (RecordedRun r : runs) {
                assertEquals(List.of("dev.sns.jmh.bench.B_CpuBench.burn@avgt"), h.benchmarkIds(r.id()));
            }
            assertEquals(2, h.series("dev.sns.jmh.bench.B_CpuBench.burn@avgt", HistoryStore.DEFAULT_DEVICE).stream()
                    .mapToInt(s -> s.points().size()).sum());
        }
    }

    @Test
    void aHistoryThatCannotBeWrittenFailsTheRunAfterTheReports() {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Path notADb = tmp.resolve("plain.txt");
        try {
            java.nio.file.Files.writeString(notADb, "this is not a database");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        assertEquals(SnsMain.FAILED, run(tmp.resolve("out"), notADb.toString(), console));
        String o = console.toString(StandardCharsets.UTF_8);
        assertTrue(o.contains("sns: the run could not be recorded in the history: "), o);
        assertTrue(java.nio.file.Files.exists(tmp.resolve("out/results.json")), "the reports are written all the same");
    }
}
