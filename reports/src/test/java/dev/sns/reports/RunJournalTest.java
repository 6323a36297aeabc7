package dev.sns.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run's append-only journal: one line per entry, replayed into the report of what the run finished. */
class RunJournalTest {
    @TempDir
    Path tmp;

    private static RunReport start() {
        return RunReport.start("0.1.0-SNAPSHOT", "2025-11-29T14:00:00Z", ReportFixtures.fingerprint(ReportFixtures.GPU),
                Map.of("out", "sns-results"), "0xC0FFEE");
    }

    private static BenchmarkEntry failed(String benchmark, String why) {
        return ReportEntries.notMeasured(benchmark, Map.of(), "failed", why);
    }

    /** The golden report's entries, journaled one by one and ended, replay to the same report. */
    @Test
    void anEndedJournalReplaysToTheReportItRecorded() throws Exception {
        RunReport golden = ReportFixtures.golden();
        try (RunJournal j = RunJournal.start(tmp, start())) {
            for (BenchmarkEntry b : golden.benchmarks()) {
                j.benchmark(b);
            }
            golden.comparisons().forEach(c -> {
                try {
                    j.comparison(c);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            j.end();
        }
        List<String> lines = Files.readAllLines(tmp.resolve(RunJournal.FILE), StandardCharsets.UTF_8);
        assertEquals(1 + golden.benchmarks().size() + golden.comparisons().size() + 1, lines.size(),
                "one line per entry: " + lines);
        RunJournal.Replayed r = RunJournal.replay(tmp.resolve(RunJournal.FILE));
        assertTrue(r.ended());
        assertEquals(0, r.linesSkipped());
        assertEquals(golden.benchmarks(), r.report().benchmarks());
        assertEquals(golden.comparisons(), r.report().comparisons());
        assertEquals(golden.fingerprint(), r.report().fingerprint());
    }

    /** A run killed mid-write leaves a last line cut short: it is skipped and counted, the rest is kept. */
    @Test
    void aTornLastLineIsSkippedAndCountedAndTheJournalIsNotEnded() throws Exception {
        try (RunJournal j = RunJournal.start(tmp, start())) {
            j.benchmark(failed("pkg.A.one", "first"));
            j.fingerprint(Map.of("gpuName", "Fake H200"));
            j.benchmark(failed("pkg.A.two", "second"));
        }
        Path file = tmp.resolve(RunJournal.FILE);
        String whole = Files.readString(file);
        String third = "{\"benchmark\":" + new String(JsonReports.mapper().writeValueAsBytes(failed("pkg.A.three", "x")),
                StandardCharsets.UTF_8).replace("\n", "") + "}";
        Files.writeString(file, whole + third.substring(0, third.length() / 2)); // no newline: the write was cut
        RunJournal.Replayed r = RunJournal.replay(file);
        assertFalse(r.ended());
        assertEquals(1, r.linesSkipped());
        assertEquals(List.of(5), RunJournal.unreadableLines(file), "start, one, fingerprint, two, then the torn line");
        assertEquals(List.of("pkg.A.one", "pkg.A.two"), r.report().benchmarks().stream().map(BenchmarkEntry::id).toList());
        assertEquals("Fake H200", r.report().fingerprint().get("gpuName"));
        assertEquals("2025-11-29T14:00:00Z", r.report().createdAt());
    }

    @Test
    void aLaterEntryOfABenchmarkReplacesTheEarlierOne() throws Exception {
        try (RunJournal j = RunJournal.start(tmp, start())) {
            j.benchmark(failed("pkg.A.one", "first try"));
            j.benchmark(failed("pkg.A.one", "second try"));
        }
        RunReport r = RunJournal.replay(tmp.resolve(RunJournal.FILE)).report();
        assertEquals(1, r.benchmarks().size());
        assertEquals("second try", r.benchmarks().get(0).message());
    }

    @Test
    void startingAJournalReplacesTheOldOne() throws Exception {
        try (RunJournal j = RunJournal.start(tmp, start())) {
            j.benchmark(failed("pkg.A.old", "old run"));
        }
        RunJournal.start(tmp, start()).close();
        assertEquals(List.of(), RunJournal.replay(tmp.resolve(RunJournal.FILE)).report().benchmarks());
    }

    @Test
    void whatIsNotAJournalIsAnErrorSayingWhy() throws Exception {
        Path missing = tmp.resolve("missing.journal");
        assertTrue(assertThrows(ReportFormatException.class, () -> RunJournal.replay(missing)).getMessage()
                .contains("no such file"));
        Path empty = Files.writeString(tmp.resolve("empty.journal"), "");
        assertTrue(assertThrows(ReportFormatException.class, () -> RunJournal.replay(empty)).getMessage()
                .contains("the journal is empty: the run died before it started"));
        Path torn = Files.writeString(tmp.resolve("torn.journal"), "{\"start\":{\"schema\":\"sns-res");
        assertTrue(assertThrows(ReportFormatException.class, () -> RunJournal.replay(torn)).getMessage()
                .contains("the journal is empty"), "a start line cut short is no start");
        Path other = Files.writeString(tmp.resolve("other.journal"), "{\"benchmark\":{}}\n");
        ReportFormatException e = assertThrows(ReportFormatException.class, () -> RunJournal.replay(other));
        assertTrue(e.getMessage().contains("line 1: not an sns journal"), e.getMessage());
    }
}
