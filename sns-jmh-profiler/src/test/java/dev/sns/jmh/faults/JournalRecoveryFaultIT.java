package dev.sns.jmh.faults;

import static dev.sns.jmh.faults.FaultRuns.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sns.fakes.ChildJvm;
import dev.sns.jmh.host.RunReports;
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

/**
 * Fault group "the host dies mid-run (kill -9)": what it finished is in its journal (all but, at most,
 * the last result, whose line may still be in flight on the journal's thread); the next run in
 * the directory recovers it into {@code interrupted-<start>/} (all formats) and says so, and the dead
 * run's OS lock did not outlive it.
 */
class JournalRecoveryFaultIT {
    @TempDir
    Path tmp;

    @Test
    void theNextRunRecoversWhatAKilledRunJournaledAndSaysSo() throws Exception {
        Path out = tmp.resolve("out");
        try (ChildJvm dying = ChildJvm.start(FaultChildMain.class, List.of(), "journal-then-halt", out.toString())) {
            dying.awaitLine("journaled", 60);
            assertEquals(9, dying.waitFor(60), dying.output());
        }
        assertTrue(Files.exists(out.resolve(RunJournal.FILE)), "the killed run left its journal");
        assertFalse(RunJournal.replay(out.resolve(RunJournal.FILE)).ended());

        ByteArrayOutputStream said = new ByteArrayOutputStream();
        RunReports next = RunReports.open(FaultChildMain.options(out), Map.of(), new PrintStream(said, true, StandardCharsets.UTF_8));
        next.finish();
        String text = said.toString(StandardCharsets.UTF_8);

        Path recovered;
        try (Stream<Path> dirs = Files.list(out)) {
            List<Path> found = dirs.filter(p -> p.getFileName().toString().startsWith("interrupted-")).toList();
            assertEquals(1, found.size(), found.toString());
            recovered = found.get(0);
        }
        JsonNode report = FaultRuns.json(recovered.resolve("results.json"));
        // the last line may have been in flight when the process died: every one before it is on disk
        int n = report.get("benchmarks").size();
        assertTrue(n == 2 || n == 3, report.toString());
        assertTrue(text.contains(" died; its " + n + " benchmark(s) are recovered into " + recovered.toAbsolutePath()), text);
        JsonNode measured = entry(report, FaultChildMain.MEASURED);
        assertEquals("ok", measured.get("status").asText());
        assertEquals(0.25, measured.get("summary").get("median").asDouble(), 1e-12, "the scripted 250 us kernel");
        assertEquals("failed", entry(report, FaultChildMain.FAILED).get("status").asText());
        assertTrue(Files.exists(recovered.resolve("report.html")) && Files.exists(recovered.resolve("results.csv")));
        assertTrue(Files.exists(recovered.resolve(RunJournal.FILE)), "the journal moves with what it recovered");

        ByteArrayOutputStream again = new ByteArrayOutputStream();
        RunReports.open(FaultChildMain.options(out), Map.of(), new PrintStream(again, true, StandardCharsets.UTF_8)).finish();
        assertFalse(again.toString(StandardCharsets.UTF_8).contains("recovered"), "recovered twice: " + again);
    }
}
