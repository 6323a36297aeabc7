package dev.sns.reports.changes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.ReportFixtures;
import dev.sns.reports.RunReport;
import dev.sns.reports.history.HistoryStore;
import dev.sns.reports.history.HistoryStores;
import dev.sns.reports.history.RunContext;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The gate on a real (SQLite) history: 12 runs at 1 ms with 1% noise, then the run under judgement. */
class HistoryGateTest {
    @TempDir
    Path dir;

    private GateResult gateAfter(double latest, double halfWidth, String tier, double threshold) throws Exception {
        try (HistoryStore h = HistoryStores.open(dir.resolve("h" + System.nanoTime() + ".db").toString())) {
            SplittableRandom rnd = new SplittableRandom(4);
            for (int i = 0; i < 12; i++) {
                h.record(run(i, 1.0 + 0.01 * Series.gaussian(rnd), 0.0001, "A"), RunContext.unknown("test"));
            }
            long id = h.record(run(12, latest, halfWidth, tier), RunContext.unknown("test"));
            List<GateResult> r = HistoryGate.judge(h, h.run(id).orElseThrow(), threshold, ChangeSettings.DEFAULTS);
            assertEquals(1, r.size());
            return r.get(0);
        }
    }

    @Test
    void aRunEightPercentSlowerStartsASlowerSegment() throws Exception {
        GateResult g = gateAfter(1.08, 0.0001, "A", 0.05);
        assertEquals(GateVerdict.SLOWER, g.verdict(), g.reason());
        assertEquals(0.08, g.change(), 0.02);
        assertEquals(12, g.baselineRuns());
        assertTrue(g.reason().startsWith("starts a slower segment: +"), g.reason());
        assertTrue(g.reason().contains("against the 12 runs since run 1, in time"), g.reason());
    }

    @Test
    void withinTheThresholdOrTheNoiseOrItsOwnIntervalIsUnchanged() throws Exception {
        GateResult small = gateAfter(1.03, 0.0001, "A", 0.05);
        assertEquals(GateVerdict.UNCHANGED, small.verdict(), small.reason());
        assertTrue(small.reason().contains("within the threshold of +5.0%"), small.reason());
        GateResult wide = gateAfter(1.08, 0.3, "A", 0.05);
        assertEquals(GateVerdict.UNCHANGED, wide.verdict(), "its own interval (+/- 30%) is wider: " + wide.reason());
        assertTrue(wide.reason().contains("within the noise"), wide.reason());
        assertEquals(GateVerdict.FASTER, gateAfter(0.9, 0.0001, "A", 0.05).verdict());
        assertEquals(GateVerdict.SLOWER, gateAfter(1.03, 0.0001, "A", 0.01).verdict(), "a 1% threshold");
    }

    @Test
    void tierCOrTooLittleHistoryIsNotJudged() throws Exception {
        assertEquals(GateVerdict.NOT_JUDGED, gateAfter(2.0, 0.0001, "C", 0.05).verdict());
        try (HistoryStore h = HistoryStores.open(dir.resolve("short.db").toString())) {
            for (int i = 0; i < 4; i++) {
                h.record(run(i, 1.0, 0.001, "A"), RunContext.unknown("t"));
            }
            long id = h.record(run(5, 2.0, 0.001, "A"), RunContext.unknown("t"));
            GateResult g = HistoryGate.judge(h, h.run(id).orElseThrow(), 0.05, ChangeSettings.DEFAULTS).get(0);
            assertEquals(GateVerdict.NO_HISTORY, g.verdict());
            assertEquals("4 earlier measured runs on this fingerprint, 5 needed to know the noise", g.reason());
        }
    }

    static RunReport run(int i, double median, double halfWidth, String tier) {
        BenchmarkEntry b = ReportFixtures.bench(tier, median * (1 - halfWidth), median * (1 + halfWidth));
        RunReport r = ReportFixtures.run(b);
        return new RunReport(r.schema(), r.schemaVersion(), r.snsVersion(), String.format("2025-03-01T00:%02d:00Z", i),
                r.fingerprint(), Map.of(), "0x" + i, r.benchmarks(), List.of());
    }
}
