package dev.sns.reports.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.reports.BoardEntry;
import dev.sns.reports.ReportFixtures;
import dev.sns.reports.RunReport;
import dev.sns.reports.compare.RunComparison.BenchmarkChange;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/**
 * compare across two boards of one model, tier A both, the new run 3% slower: it says the boards
 * differ; without a known spread the change is indicative only; with a history's spread of 3% per
 * board (two boards up to 8.3%) it reads as the boards' difference; with 0.5% (1.4%) the regression stands.
 */
class BoardCompareTest {
    static final String OLD = "GPU-2450be55-0000-4000-8000-000000000001";
    static final String NEW = "GPU-4a72b7f0-0000-4000-8000-000000000002";

    static RunReport on(String board, double median) {
        return ReportFixtures.run(ReportFixtures.bench("A", median * 0.999, median * 1.001))
                .withBoard(BoardEntry.of(ReportFixtures.board(board)));
    }

    static BenchmarkChange change(RunReport before, RunReport after, OptionalDouble spread) {
        return RunComparator.compare(before, "old.json", after, "new.json", 0.01, id -> OptionalDouble.empty(),
                id -> spread).benchmarks().get(0);
    }

    @Test
    void twoBoardsOfOneModelAreSaidAndReadAgainstTheirSpread() {
        BenchmarkChange sameBoard = change(on(OLD, 1.0), on(OLD, 1.03), OptionalDouble.empty());
        assertEquals(Change.REGRESSION, sameBoard.change(), sameBoard.reason());
        assertTrue(!sameBoard.reason().contains("different boards"), sameBoard.reason());

        BenchmarkChange unknown = change(on(OLD, 1.0), on(NEW, 1.03), OptionalDouble.empty());
        assertEquals(Change.SLOWER_INDICATIVE, unknown.change(), unknown.reason());
        assertTrue(unknown.reason().startsWith("different boards of one model (old GPU-2450be55, new GPU-4a72b7f0): the "
                + "board-to-board spread is not known"), unknown.reason());

        BenchmarkChange within = change(on(OLD, 1.0), on(NEW, 1.03), OptionalDouble.of(0.03));
        assertEquals(Change.UNCHANGED_INDICATIVE, within.change(), within.reason());
        assertTrue(within.reason().contains("so two boards by up to 8.67%: within that"), within.reason());

        BenchmarkChange beyond = change(on(OLD, 1.0), on(NEW, 1.03), OptionalDouble.of(0.005));
        assertEquals(Change.REGRESSION, beyond.change(), beyond.reason());
        assertTrue(beyond.reason().contains("beyond that"), beyond.reason());
    }
}
