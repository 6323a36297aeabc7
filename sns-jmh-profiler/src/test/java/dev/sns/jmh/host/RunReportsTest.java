package dev.sns.jmh.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.jmh.link.ProfilerOptions;
import dev.sns.reports.ReportEntries;
import dev.sns.reports.RunJournal;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run's reports never lose what a run did: journals that cannot be replayed, reports that cannot be written. */
class RunReportsTest {
    @TempDir
    Path tmp;

    private final ByteArrayOutputStream said = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(said, true, StandardCharsets.UTF_8);

    private RunReports open(Path dir) throws Exception {
        return RunReports.open(ProfilerOptions.parse("out=" + dir), Map.of(), out);
    }

    @Test
    void aJournalThatCannotBeReplayedIsKeptAsideNotOverwritten() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("out"));
        Files.writeString(dir.resolve(RunJournal.FILE), "not a journal\n");
        open(dir).finish();
        List<Path> kept;
        try (Stream<Path> files = Files.list(dir)) {
            kept = files.filter(p -> p.getFileName().toString().startsWith(RunJournal.FILE + ".unrecovered-")).toList();
        }
        assertEquals(1, kept.size(), said.toString());
        assertEquals("not a journal\n", Files.readString(kept.get(0)));
        assertTrue(said.toString().contains("could not be recovered (") && said.toString().contains("it is kept as "
                + kept.get(0).toAbsolutePath()), said.toString());
    }

    /**
     * The journal's lines are written on a thread of their own, in order, and a line waits for the one
     * before it: once a result is reported, every result before it is on disk (at most the last is in
     * flight), and the run's end writes them all.
     */
    @Test
    void everyResultButTheLastIsOnDiskAndTheEndWaitsForTheLast() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("out"));
        Files.createDirectories(dir.resolve("report.html").resolve("in-the-way")); // the journal stays, to be read
        RunReports run = open(dir);
        for (int i = 0; i < 20; i++) {
            run.benchmark(ReportEntries.notMeasured("pkg.B.m" + i, Map.of(), "failed", "planned"));
            // a line being written when this reads it is skipped as torn: whole lines only are counted
            int onDisk = RunJournal.replay(dir.resolve(RunJournal.FILE)).report().benchmarks().size();
            assertTrue(onDisk == i || onDisk == i + 1, "after result " + (i + 1) + ": " + onDisk + " on disk");
        }
        run.finish();
        RunJournal.Replayed atEnd = RunJournal.replay(dir.resolve(RunJournal.FILE));
        assertEquals(20, atEnd.report().benchmarks().size(), "the end waited for the last line: " + said);
        assertEquals(0, atEnd.linesSkipped());
        assertTrue(run.writeFailures().stream().noneMatch(f -> f.contains("journal")), "report.html only: "
                + run.writeFailures());
    }

    /**
     * The journal starts on its writer thread (the first fork need not wait for Jackson): a journal that
     * cannot start is said with the first result, once, and the run's results still reach the full reports.
     */
    @Test
    void aJournalThatCannotStartIsSaidAndNothingMeasuredIsLost() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("out"));
        // the journal's name links into a directory that is not there: no journal to recover, none can be created
        Files.createSymbolicLink(dir.resolve(RunJournal.FILE), tmp.resolve("gone").resolve(RunJournal.FILE));
        RunReports run = open(dir);
        run.benchmark(ReportEntries.notMeasured("pkg.B.first", Map.of(), "failed", "planned"));
        run.benchmark(ReportEntries.notMeasured("pkg.B.second", Map.of(), "failed", "planned"));
        run.finish();
        assertTrue(run.writeFailures().stream().anyMatch(f -> f.startsWith("could not append to the journal "
                + dir.resolve(RunJournal.FILE))), run.writeFailures().toString());
        assertTrue(said.toString().contains("sns: could not append to the journal "), said.toString());
        String json = Files.readString(dir.resolve("results.json"));
        assertTrue(json.contains("\"pkg.B.first\"") && json.contains("\"pkg.B.second\""), json);
    }

    /**
     * The next rewrite waits {@code WRITE_BUDGET} times the last one's cost, or its allocation at
     * {@code REWRITE_BYTES_PER_SECOND}, whichever is longer (unknown allocation: the time rule alone).
     */
    @Test
    void aRewriteWaitsForItsCostAndForItsGarbage() {
        long mb = 1024 * 1024;
        assertEquals(100 * 2_000_000L, RunReports.waitNanos(2_000_000L, -1)); // 2 ms, allocation unknown: 200 ms
        assertEquals(100 * 2_000_000L, RunReports.waitNanos(2_000_000L, 0));
        assertEquals(100 * 50_000_000L, RunReports.waitNanos(50_000_000L, 256 * 1024)); // 1 s of garbage < 5 s of time
        assertEquals(80_000_000_000L, RunReports.waitNanos(50_000_000L, 20 * mb)); // 20 MB at 256 KB/s: 80 s
        assertEquals(4_000_000_000L, RunReports.waitNanos(1_000_000L, mb)); // 1 MB: 4 s, not 100 ms
    }

    /**
     * The full reports are rewritten on the journal's thread while the run goes on; the run's end waits
     * for a rewrite in flight, so that an older snapshot never lands over the final reports.
     */
    @Test
    void theFinalReportsAreNeverOverwrittenByAnEarlierRewrite() throws Exception {
        for (int run = 0; run < 10; run++) {
            Path dir = Files.createDirectories(tmp.resolve("rewrites-" + run));
            RunReports r = open(dir);
            for (int i = 0; i < 30; i++) {
                r.benchmark(ReportEntries.notMeasured("pkg.B.m" + i, Map.of(), "failed", "planned"));
            }
            r.finish();
            String json = Files.readString(dir.resolve("results.json"));
            for (int i = 0; i < 30; i++) {
                assertTrue(json.contains("\"pkg.B.m" + i + "\""), "run " + run + ": m" + i + " missing from the final report");
            }
            assertTrue(r.writeFailures().isEmpty(), r.writeFailures().toString());
        }
    }

    /**
     * A result that arrives after the run's end (a fork finished as the JVM exits) finds the journal
     * closed and removed: it goes into the full reports, rewritten, and nothing says the journal failed.
     */
    @Test
    void aResultAfterTheEndIsInTheReportsNotLost() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("late"));
        RunReports run = open(dir);
        run.benchmark(ReportEntries.notMeasured("pkg.B.first", Map.of(), "failed", "planned"));
        run.finish();
        assertFalse(Files.exists(dir.resolve(RunJournal.FILE)), "a run whose reports were written removes its journal");
        run.benchmark(ReportEntries.notMeasured("pkg.B.late", Map.of(), "failed", "planned"));
        String json = Files.readString(dir.resolve("results.json"));
        assertTrue(json.contains("pkg.B.first") && json.contains("pkg.B.late"), json);
        assertTrue(run.writeFailures().isEmpty(), run.writeFailures() + "\n" + said);
        assertFalse(said.toString().contains("could not append"), said.toString());
    }

    /** Reports that could not be written at the end leave the journal unended: the next run recovers them. */
    @Test
    void aRunWhoseReportsCouldNotBeWrittenIsRecoveredByTheNext() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("out"));
        Files.createDirectories(dir.resolve("report.html").resolve("in-the-way")); // report.html cannot replace it
        RunReports first = open(dir);
        first.benchmark(ReportEntries.notMeasured("pkg.B.m", Map.of(), "failed", "planned"));
        first.finish();
        assertFalse(first.writeFailures().isEmpty(), said.toString());
        assertFalse(RunJournal.replay(dir.resolve(RunJournal.FILE)).ended(), "ended, though its reports were not written");

        Files.delete(dir.resolve("report.html").resolve("in-the-way"));
        Files.delete(dir.resolve("report.html"));
        open(dir).finish();
        try (Stream<Path> files = Files.list(dir)) {
            Path recovered = files.filter(p -> p.getFileName().toString().startsWith("interrupted-")).findFirst()
                    .orElseThrow(() -> new AssertionError("nothing recovered: " + said));
            assertTrue(Files.readString(recovered.resolve("results.json")).contains("\"id\" : \"pkg.B.m\""));
        }
    }
    /** The recovered directory's name comes from the journal's start time, made safe: a crafted one cannot leave {@code out}. */
    @Test
    void aCraftedStartTimeCannotPutTheRecoveredReportsOutsideTheDirectory() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("a/b/out"));
        Files.writeString(dir.resolve(RunJournal.FILE), "{\"start\":{\"schema\":\"sns-results\",\"schemaVersion\":1,"
                + "\"snsVersion\":\"x\",\"createdAt\":\"/../../../escaped\",\"fingerprint\":{},\"options\":{},"
                + "\"seed\":\"0x1\",\"benchmarks\":[],\"comparisons\":[]}}\n");
        open(dir).finish();
        assertTrue(Files.isDirectory(dir.resolve("interrupted-escaped")), said.toString());
        try (Stream<Path> all = Files.walk(tmp)) {
            assertEquals(List.of(dir.resolve("interrupted-escaped")), all.filter(p -> p.getFileName().toString()
                    .contains("escaped")).toList());
        }
    }

    /** A died run's journal whose last line was cut short: its reports are recovered, and the lost line is named. */
    @Test
    void aTornLastJournalLineIsNamedNotDroppedWithoutAWord() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("out"));
        // the run died while appending its second line: a start line, then half a line, no end
        Files.writeString(dir.resolve(RunJournal.FILE), "{\"start\":{\"schema\":\"sns-results\",\"schemaVersion\":1,"
                + "\"snsVersion\":\"x\",\"createdAt\":\"2026-12-02T08:00:00Z\",\"fingerprint\":{},\"options\":{},"
                + "\"seed\":\"0x1\",\"benchmarks\":[],\"comparisons\":[]}}\n{\"benchmark\":{\"id\":\"pkg.B.n\",\"sta");
        open(dir).finish();
        Path recovered = dir.resolve("interrupted-20261202T080000Z");
        assertTrue(Files.isRegularFile(recovered.resolve("results.json")), said.toString());
        String s = said.toString(StandardCharsets.UTF_8);
        assertTrue(s.contains("sns: " + recovered.resolve(RunJournal.FILE).toAbsolutePath() + ": line 2 could not be read "
                + "(cut short as the run died) and is left out of the recovered reports"), s);
    }

    /** A GPU entry gets its device's board (or the run's), a CPU entry none. */
    @Test
    void aGpuEntryGetsItsDevicesBoard() throws Exception {
        RunReports r = open(Files.createDirectories(tmp.resolve("boards")));
        String uuid = "GPU-fa4e0000-0000-4000-8000-000000000000";
        dev.sns.reports.BoardEntry board = dev.sns.reports.BoardEntry.of(dev.sns.fakes.FakeGpuBackend.board(0, uuid));
        r.board(board);
        dev.sns.reports.BenchmarkEntry gpu = new dev.sns.reports.BenchmarkEntry("pkg.B.gpu", "pkg.B.gpu", Map.of(), "ok",
                "", "gpu-events", null, null, null, null, null, null, null);
        r.benchmark(gpu);
        r.benchmark(ReportEntries.notMeasured("pkg.B.cpu", Map.of(), "failed", "no GPU"));
        List<dev.sns.reports.BenchmarkEntry> entries = r.report().benchmarks();
        assertEquals(board, entries.get(0).board());
        assertEquals(null, entries.get(1).board(), "not a GPU entry");
        assertEquals(board, r.report().board());
        r.finish();
    }
}
