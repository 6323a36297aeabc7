package dev.sns.reports.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.reports.BoardEntry;
import dev.sns.reports.JsonReports;
import dev.sns.reports.ReportFixtures;
import dev.sns.reports.RunReport;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code history boards} and {@code history changes} on a history of 24 runs of one benchmark on
 * three boards in turn (-3%, 0, +3% against the fleet, 0.2% noise): each board's offset printed with
 * its interval, the fleet's spread, and no change point for the board switches.
 */
class HistoryBoardsCliTest {
    @TempDir
    Path dir;

    static final String[] BOARDS = {"GPU-2450be55-0000-4000-8000-000000000001", "GPU-4a72b7f0-0000-4000-8000-000000000002",
        "GPU-91c3d0aa-0000-4000-8000-000000000003"};
    static final double[] SPEED = {0.97, 1.0, 1.03};

    @Test
    void eachBoardsOffsetIsPrintedAndNoBoardSwitchIsAChange() throws Exception {
        String db = dir.resolve("h.db").toString();
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(7);
        for (int i = 0; i < 24; i++) {
            int b = (i * 7 + i / 3) % 3;
            RunReport r = HistoryCliTest.run(i, SPEED[b] * (1 + 0.002 * (rnd.nextDouble() - 0.5) * 3.4))
                    .withBoard(BoardEntry.of(ReportFixtures.board(BOARDS[b])));
            Path f = dir.resolve("runs/" + i + "/results.json");
            Files.createDirectories(f.getParent());
            Files.writeString(f, JsonReports.toJson(r));
        }
        assertEquals(ReportsCli.OK, HistoryCliTest.run("history", "import", dir.resolve("runs").toString(), "-H", db)
                .code());
        HistoryCliTest.Result r = HistoryCliTest.run("history", "boards", "-H", db);
        assertEquals(ReportsCli.OK, r.code(), r.err());
        assertTrue(r.out().startsWith("sns history boards\n"), r.out());
        for (String b : BOARDS) {
            assertTrue(r.out().contains(b), b + " in\n" + r.out());
        }
        assertTrue(r.out().contains("3 boards in 1 series (benchmark x fingerprint), 1 of them on more than one board"),
                r.out());
        assertTrue(r.out().contains("no board outside the fleet's spread"), r.out());
        assertTrue(r.out().contains("96.00.A5.00.1A"), "the board's VBIOS from the history's boards: " + r.out());
        HistoryCliTest.Result csv = HistoryCliTest.run("history", "boards", "-H", db, "--format", "csv");
        String first = csv.out().lines().filter(l -> l.contains(BOARDS[0])).findFirst().orElseThrow();
        double offset = Double.parseDouble(first.split(",")[5]);
        assertEquals(0.97 / Math.exp((Math.log(0.97) + Math.log(1.03)) / 3) - 1, offset, 0.003, first);

        Path html = dir.resolve("history.html");
        assertEquals(ReportsCli.OK, HistoryCliTest.run("history", "report", "-H", db, "-o", html.toString()).code());
        String page = Files.readString(html);
        assertTrue(page.contains("<h2>Boards</h2>") && page.contains(BOARDS[2]) && page.contains("board-2"),
                "the page's boards section, and each run ringed by its board");

        HistoryCliTest.Result changes = HistoryCliTest.run("history", "changes", "-H", db);
        assertEquals(ReportsCli.OK, changes.code(), changes.err());
        assertTrue(changes.out().contains("0 change points"), "board switches are no changes:\n" + changes.out());
    }
}
