package dev.sns.reports.compare;

import static dev.sns.reports.ReportFixtures.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.ReportFixtures;
import dev.sns.reports.RunReport;
import dev.sns.reports.compare.RunComparison.BenchmarkChange;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/**
 * Issue 14: compare answers for tier B. The CPU suite: 400 benchmarks, tier B, no clock
 * evidence, one 70% slower (12.64 -> 21.55 ns, intervals far apart), all refused before.
 */
class TierBCompareTest {
    /** A CPU benchmark (JMH iterations, tier B, no clock evidence) at [lower, upper] ns. */
    static BenchmarkEntry cpu(String id, double lowerNs, double upperNs) {
        BenchmarkEntry.Summary s = BenchmarkEntry.Summary.builder().median((lowerNs + upperNs) / 2e6).lower(lowerNs / 1e6)
                .upper(upperNs / 1e6).confidence(0.95).n(25).windows(25).forks(5).innerReps(1).estimator("test").build();
        return new BenchmarkEntry(id, id, Map.of(), "ok", "", "jmh-iterations", "JMH iterations", s, "B",
                List.of("no clock evidence (no GPU): variance folded into the interval"), null, null, null);
    }

    private static RunReport suite(double slowLower, double slowUpper) {
        List<Object> entries = new ArrayList<>();
        for (int i = 0; i < 399; i++) {
            entries.add(cpu("cpu.Suite.b" + i, 12.5, 12.8));
        }
        entries.add(cpu("cpu.Suite.slow", slowLower, slowUpper));
        return run(entries.toArray());
    }

    @Test
    void aCpuSuitesSeventyPercentSlowdownFailsItsOwnGateAndTheCountsComeFirst() {
        RunComparison c = RunComparator.compare(suite(12.5, 12.8), "old.json", suite(21.3, 21.8), "new.json", 0.05);
        BenchmarkChange slow = c.benchmarks().get(399);
        assertEquals(Change.REGRESSION, slow.change(), slow.reason());
        assertTrue(slow.reason().startsWith("CPU gate (same fingerprint, tier B in both runs, no clock evidence): the new "
                + "interval lies 66.4% above the old one (threshold 5%); no history given"), slow.reason());
        assertEquals(399, c.counts().get(Change.UNCHANGED));
        assertEquals(0, c.counts().get(Change.REFUSED));
        assertTrue(c.hasRegression());
        String text = RunComparisonFormat.TEXT.format(c);
        assertTrue(text.startsWith("sns compare: 1 regression, 0 improvements, 399 unchanged, 0 refused"), text);
        assertEquals("  regressions: cpu.Suite.slow", text.lines().skip(1).findFirst().orElseThrow());
        assertTrue(RunComparisonFormat.MARKDOWN.format(c).startsWith("### sns compare\n\n**1 regression, "));
    }

    @Test
    void theSeriesNoiseFromAHistoryRaisesTheBarOfTheCpuGate() {
        RunReport before = run(cpu("cpu.X", 10.0, 10.2));
        RunReport after = run(cpu("cpu.X", 11.0, 11.2));
        BenchmarkChange quiet = RunComparator.compare(before, "a", after, "b", 0.05, id -> OptionalDouble.of(0.005))
                .benchmarks().get(0);
        assertEquals(Change.REGRESSION, quiet.change(), quiet.reason());
        assertTrue(quiet.reason().endsWith("the series' noise between runs is 0.5% (sd), so a change must exceed 1.4%"),
                quiet.reason());
        BenchmarkChange noisy = RunComparator.compare(before, "a", after, "b", 0.05, id -> OptionalDouble.of(0.06))
                .benchmarks().get(0);
        assertEquals(Change.UNCHANGED, noisy.change(), noisy.reason());
        assertTrue(noisy.reason().contains("but within the noise: the series' noise between runs is 6% (sd)"),
                noisy.reason());
    }

    @Test
    void gpuTierBIsIndicativeAndNeverFailsTheGate() {
        RunComparison c = RunComparator.compare(run(ReportFixtures.bench("B", 1.0, 1.1)), "a",
                run(ReportFixtures.bench("B", 2.0, 2.1)), "b", 0.05);
        assertEquals(Change.SLOWER_INDICATIVE, c.benchmarks().get(0).change());
        assertTrue(!c.hasRegression());
        assertTrue(RunComparisonFormat.TEXT.format(c).startsWith("sns compare: 0 regressions, 0 improvements, 0 unchanged, "
                + "0 refused, 0 not measured, 0 added, 0 removed, 1 slower (indicative)"));
        assertEquals(Change.UNCHANGED_INDICATIVE, RunComparator.compare(run(ReportFixtures.bench("B", 1.0, 1.1)), "a",
                run(ReportFixtures.bench("A", 1.0, 1.1)), "b", 0.05).benchmarks().get(0).change(), "tier A against B");
    }

    @Test
    void absurdNumbersAreNotMeasurementsAndSaySo() {
        for (double[] bad : new double[][] {{1.0, 1e308}, {-1.0, 1.0}, {1.0, Double.POSITIVE_INFINITY}}) {
            BenchmarkEntry b = ReportFixtures.bench("A", bad[0], bad[1]);
            BenchmarkChange c = RunComparator.compare(run(ReportFixtures.bench("A", 1.0, 1.1)), "a", run(b), "b", 0.05)
                    .benchmarks().get(0);
            assertEquals(Change.NOT_MEASURED, c.change(), c.reason());
            assertTrue(c.reason().startsWith("the new run's median or interval ("), c.reason());
            assertTrue(c.reason().contains("is not a plausible time per call (a data error in the file"), c.reason());
        }
    }
}
