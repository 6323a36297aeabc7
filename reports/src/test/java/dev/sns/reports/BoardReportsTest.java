package dev.sns.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.model.BoardIdentity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Boards in results.json: two GPUs of one model on two boards, each entry's board found by
 * {@link RunReport#boardOf}, absent fields named with their reason (never blank or -1), and the JSON
 * and the journal bringing all of it back.
 */
class BoardReportsTest {
    private static final String UUID0 = "GPU-5f2c91ab-0e11-4a61-9c3d-000000000000";
    private static final String UUID1 = "GPU-5f2c91ab-0e11-4a61-9c3d-000000000001";

    @TempDir
    Path tmp;

    /** Two GPUs of one model, the second board without serial or module id (NOT_SUPPORTED). */
    static RunReport twoBoards() {
        RunReport r = DeviceReportsTest.twoGpus();
        BoardIdentity b1 = BoardIdentity.builder().set("uuid", UUID1).set("vbiosVersion", "96.00.A5.00.1A")
                .set("powerLimitWatts", 700.0).set("eccEnabled", true).build("NOT_SUPPORTED");
        RunReport out = r;
        for (DeviceEntry d : r.devices()) {
            out = out.withDevice(d.withBoard(BoardEntry.of(d.index() == 0 ? ReportFixtures.board(UUID0) : b1)));
        }
        return out;
    }

    @Test
    void eachEntryFindsItsBoardAndTheJsonBringsItBack() throws Exception {
        RunReport r = twoBoards();
        assertEquals(Optional.of(UUID0), r.boardOf(r.benchmarks().get(0)).map(BoardEntry::uuid));
        assertEquals(Optional.of(UUID1), r.boardOf(r.benchmarks().get(1)).map(BoardEntry::uuid));
        assertEquals(List.of(UUID0, UUID1), r.boards().stream().map(BoardEntry::key).toList());

        ReportFormats.writeAll(r, tmp, List.of(new JsonReportFormat()));
        RunReport back = JsonReports.read(tmp.resolve("results.json"));
        assertEquals(r, back, "results.json carries each device's board");
        BoardIdentity b1 = back.boardOf(back.benchmarks().get(1)).orElseThrow().identity();
        assertEquals(Optional.empty(), b1.serial());
        assertEquals("NOT_SUPPORTED", b1.missing().get("serial"));
        assertEquals(Optional.of(700.0), b1.powerLimitWatts());
        assertEquals(ReportFixtures.board(UUID0), back.boards().get(0).identity(), "every field round-trips");

        String json = Files.readString(tmp.resolve("results.json"));
        assertTrue(json.contains("\"vbiosVersion\" : \"96.00.A5.00.1A\""), json);
        assertTrue(json.contains("\"serial\" : \"NOT_SUPPORTED\""), "the reason, under missing: " + json);
        assertFalse(json.contains("\"serial\" : \"\"") || json.contains(": -1"), "never blank or -1: " + json);
    }

    @Test
    void aRunWithoutDevicesHasTheRunsBoardAndAnEarlierFileNone() throws Exception {
        RunReport plain = ReportFixtures.golden();
        assertEquals(Optional.empty(), plain.boardOf(plain.benchmarks().get(0)), "an earlier sns recorded none");
        RunReport withBoard = plain.withBoard(BoardEntry.of(ReportFixtures.board(UUID1)));
        assertEquals(Optional.of(UUID1), withBoard.boardOf(withBoard.benchmarks().get(0)).map(BoardEntry::uuid));
        Path f = tmp.resolve("results.json");
        Files.writeString(f, JsonReports.toJson(withBoard));
        assertEquals(withBoard, JsonReports.read(f));
        assertFalse(JsonReports.toJson(plain).contains("\"board\""), "no board, no field: the golden files hold");
    }

    @Test
    void theJournalReplaysBoards() throws Exception {
        RunReport r = twoBoards();
        try (RunJournal j = RunJournal.start(tmp, r)) {
            for (DeviceEntry d : r.devices()) {
                j.device(d);
            }
            j.board(BoardEntry.of(ReportFixtures.board(UUID0)));
        }
        RunReport back = RunJournal.replay(tmp.resolve(RunJournal.FILE)).report();
        assertEquals(r.devices(), back.devices());
        assertEquals(UUID0, back.board().uuid());
        assertEquals(Map.of(), back.board().missing());
    }
}
