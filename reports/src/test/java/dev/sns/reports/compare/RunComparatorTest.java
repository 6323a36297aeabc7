package dev.sns.reports.compare;

import static dev.sns.reports.ReportFixtures.ID;
import static dev.sns.reports.ReportFixtures.UNLOCKED;
import static dev.sns.reports.ReportFixtures.bench;
import static dev.sns.reports.ReportFixtures.fingerprint;
import static dev.sns.reports.ReportFixtures.ratio;
import static dev.sns.reports.ReportFixtures.rename;
import static dev.sns.reports.ReportFixtures.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.ComparisonEntry;
import dev.sns.reports.ReportEntries;
import dev.sns.reports.ReportFixtures;
import dev.sns.reports.RunReport;
import dev.sns.reports.compare.RunComparison.BenchmarkChange;
import dev.sns.reports.compare.RunComparison.RatioChange;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The judging rules, table-driven, with the refusals and the metamorphic swap of old and new. */
class RunComparatorTest {

    @ParameterizedTest(name = "old [{0}, {1}] new [{2}, {3}] threshold {4}: {5}")
    @CsvSource({
        // times in ms; regression: new lower > old upper x (1 + threshold)
        "1.00, 1.10, 1.16, 1.20, 0.05, REGRESSION",
        "1.00, 1.10, 1.154, 1.20, 0.05, UNCHANGED", // just inside the threshold
        "1.00, 1.10, 1.12, 1.20, 0.05, UNCHANGED", // apart, but by less than 5%
        "1.00, 1.10, 1.05, 1.30, 0.05, UNCHANGED", // overlap
        "1.00, 1.10, 0.80, 0.94, 0.05, IMPROVEMENT", // old lower 1.00 > new upper 0.94 x 1.05
        "1.00, 1.10, 0.80, 0.96, 0.05, UNCHANGED",
        "1.00, 1.10, 1.12, 1.20, 0.00, REGRESSION", // a zero threshold calls any gap
    })
    void timesAreJudgedByTheGapBetweenIntervals(double oldLower, double oldUpper, double newLower, double newUpper,
                                                double threshold, Change expected) {
        RunComparison c = RunComparator.compare(run(bench("A", oldLower, oldUpper)), "old.json",
                run(bench("A", newLower, newUpper)), "new.json", threshold);
        assertEquals(expected, c.benchmarks().get(0).change(), c.benchmarks().get(0).reason());
        assertEquals(expected == Change.REGRESSION, c.hasRegression());
    }

    @Test
    void swappingOldAndNewTurnsARegressionIntoAnImprovement() {
        RunReport slow = run(bench("A", 1.16, 1.20));
        RunReport fast = run(bench("A", 1.00, 1.10));
        assertEquals(Change.REGRESSION, RunComparator.compare(fast, "a", slow, "b", 0.05).benchmarks().get(0).change());
        assertEquals(Change.IMPROVEMENT, RunComparator.compare(slow, "a", fast, "b", 0.05).benchmarks().get(0).change());
    }

    @Test
    void aRegressionSaysByHowMuchAndTheMedianChange() {
        BenchmarkChange b = RunComparator.compare(run(bench("A", 1.00, 1.10)), "a", run(bench("A", 1.21, 1.30)), "b",
                0.05).benchmarks().get(0);
        assertEquals("the new interval lies 10% above the old one (threshold 5%)", b.reason());
        assertEquals(1.255 / 1.05 - 1.0, b.medianChange(), 1e-12);
    }

    @Test
    void differentFingerprintsRefuseAbsoluteTimesAndSayWhichFieldsDiffer() {
        RunReport h200 = run(bench("A", 1.00, 1.10));
        RunReport a100 = new RunReport(h200.schema(), h200.schemaVersion(), h200.snsVersion(), h200.createdAt(),
                fingerprint("NVIDIA A100", "108"), h200.options(), h200.seed(), List.of(bench("A", 2.0, 2.1)), List.of());
        RunComparison c = RunComparator.compare(h200, "a", a100, "b", 0.05);
        BenchmarkChange b = c.benchmarks().get(0);
        assertEquals(Change.REFUSED, b.change());
        assertEquals("absolute times not compared: fingerprints differ: gpuName NVIDIA H200 vs NVIDIA A100, "
                + "smCount 132 vs 108", b.reason());
        assertNull(b.medianChange(), "no change figure where times were not judged");
        assertEquals(List.of("gpuName NVIDIA H200 vs NVIDIA A100", "smCount 132 vs 108"), c.fingerprintDifferences());
        assertTrue(!c.hasRegression(), "a 2x slower time on another GPU is not a regression");
    }

    @Test
    void aFieldOnlyOneSideHasIsADifference() {
        Map<String, String> a = fingerprint(ReportFixtures.GPU, "132");
        Map<String, String> b = new TreeMap<>(a);
        b.remove("jmhVersion");
        b.put("smCount", "");
        assertEquals(List.of("jmhVersion 1.37 vs (absent)", "smCount 132 vs (empty)"),
                RunComparator.fingerprintDifferences(a, b));
    }

    /**
     * Issue 14 changed this rule: tier B (GPU clocks floating, with clock evidence) on one environment
     * is no longer refused but judged as indicative, with the tier reasons; tier C is still refused.
     */
    @Test
    void tierBIsJudgedAsIndicativeWithTheTierReasonsAndTierCIsRefused() {
        BenchmarkChange both = RunComparator.compare(run(bench("B", 1.0, 1.1)), "a", run(bench("B", 2.0, 2.1)), "b",
                0.05).benchmarks().get(0);
        assertEquals(Change.SLOWER_INDICATIVE, both.change());
        assertEquals("absolute times not compared: tier B in both runs (" + UNLOCKED + "); read as indicative only "
                + "(floating clocks can explain a change), never for the gate: the new interval lies 81.8% above the "
                + "old one (threshold 5%)", both.reason());
        assertEquals(2.05 / 1.05 - 1, both.medianChange(), 1e-12);
        BenchmarkChange one = RunComparator.compare(run(bench("A", 1.0, 1.1)), "a", run(bench("C", 2.0, 2.1)), "b",
                0.05).benchmarks().get(0);
        assertEquals("absolute times not compared: tier C in the new run (" + UNLOCKED + ")", one.reason());
    }

    /**
     * CPU runs of 2 JMH iterations have a median and no interval: compare shows the medians and why
     * there is no interval, not "no median and interval" (issue 28.8).
     */
    @Test
    void aMedianWithoutAnIntervalIsShownWithWhyThereIsNone() {
        BenchmarkEntry b = bench("B", 1.0, 1.1);
        BenchmarkEntry.Summary s = BenchmarkEntry.Summary.builder().median(1.05).p10(1.0).p90(1.1).n(2).windows(2)
                .forks(1).innerReps(1).warmupCalls(0L).estimator("no interval: 2 iterations, at least 3 needed").build();
        BenchmarkEntry two = new BenchmarkEntry(b.id(), b.benchmark(), b.params(), "ok", "", "jmh-iterations", "wall", s,
                "B", b.tierReasons(), null, b.samples(), b.bootstrap());
        BenchmarkChange c = RunComparator.benchmark("x", two, two, List.of(), 0.05);
        assertEquals(Change.NOT_MEASURED, c.change());
        assertEquals("the old run's median is " + dev.sns.reports.Figures.time(1.05) + ", with no interval (no interval: "
                + "2 iterations, at least 3 needed); the new run's median is " + dev.sns.reports.Figures.time(1.05)
                + ", with no interval (no interval: 2 iterations, at least 3 needed): a change is judged on intervals, "
                + "so not judged", c.reason());
        assertEquals(dev.sns.reports.Figures.time(1.05, dev.sns.model.DisplayUnit.MS) + " (no interval) tier B",
                Readings.time(c.before(), dev.sns.model.DisplayUnit.MS));
        BenchmarkChange one = RunComparator.benchmark("x", b, two, List.of(), 0.05);
        assertTrue(one.reason().startsWith("the new run's median is "), one.reason());
    }

    @Test
    void benchmarksInOneRunOnlyAreAddedOrRemovedAndFailedOnesNotMeasured() {
        BenchmarkEntry kept = bench("A", 1.0, 1.1);
        BenchmarkEntry gone = rename(bench("A", 1.0, 1.1), "x.Gone.run");
        BenchmarkEntry fresh = rename(bench("A", 1.0, 1.1), "x.Fresh.run");
        BenchmarkEntry broken = ReportEntries.notMeasured("x.Broken.run", Map.of(), "failed", "CUDA_ERROR_OUT_OF_MEMORY\nmore");
        BenchmarkEntry wasOk = rename(bench("A", 1.0, 1.1), "x.Broken.run");
        RunComparison c = RunComparator.compare(run(kept, gone, wasOk), "a", run(fresh, kept, broken), "b", 0.05);
        assertEquals(List.of("x.Fresh.run", ID, "x.Broken.run", "x.Gone.run"),
                c.benchmarks().stream().map(BenchmarkChange::id).toList(), "the new run's order, then the removed");
        assertEquals(List.of(Change.ADDED, Change.UNCHANGED, Change.NOT_MEASURED, Change.REMOVED),
                c.benchmarks().stream().map(BenchmarkChange::change).toList());
        assertEquals("failed in the new run: CUDA_ERROR_OUT_OF_MEMORY", c.benchmarks().get(2).reason());
        assertTrue(!c.hasRegression());
        BenchmarkChange both = RunComparator.benchmark("x", broken, broken, List.of(), 0.05);
        assertEquals("failed in both runs: CUDA_ERROR_OUT_OF_MEMORY", both.reason());
        BenchmarkEntry skipped = ReportEntries.notMeasured("x.Broken.run", Map.of(), "skipped", "no GPU");
        assertEquals("skipped in the old run, failed in the new run: CUDA_ERROR_OUT_OF_MEMORY",
                RunComparator.benchmark("x", skipped, broken, List.of(), 0.05).reason());
        assertEquals("skipped in the old run: no GPU", RunComparator.benchmark("x", skipped, kept, List.of(), 0.05).reason());
    }

    @ParameterizedTest(name = "old [{0}, {1}] {2}, new [{3}, {4}] {5}: {6}")
    @CsvSource({
        "1.45, 1.55, FASTER, 1.05, 1.15, PARITY, REGRESSION, 'verdict FASTER -> PARITY; the new interval [1.050, 1.150] lies entirely below the old [1.450, 1.550]'",
        "1.05, 1.15, PARITY, 1.45, 1.55, FASTER, IMPROVEMENT, 'verdict PARITY -> FASTER; the new interval [1.450, 1.550] lies entirely above the old [1.050, 1.150]'",
        "1.25, 1.45, FASTER, 1.21, 1.30, FASTER, UNCHANGED, 'verdict FASTER in both runs; the intervals overlap'",
        "0.96, 1.10, PARITY, 0.90, 0.94, SLOWER, REGRESSION, 'verdict PARITY -> SLOWER; the new interval [0.9000, 0.9400] lies entirely below the old [0.9600, 1.100]'",
    })
    void speedupsAreComparedAcrossMachinesByTheirIntervals(double oldLower, double oldUpper, String oldVerdict,
                                                           double newLower, double newUpper, String newVerdict,
                                                           Change expected, String reason) {
        RunReport before = run(ratio(oldLower, oldUpper, "B", oldVerdict));
        RunReport after = new RunReport(before.schema(), 1, "", "", fingerprint("NVIDIA A100", "108"), Map.of(), "",
                List.of(), List.of(ratio(newLower, newUpper, "B", newVerdict)));
        RatioChange r = RunComparator.compare(before, "a", after, "b", 0.05).comparisons().get(0);
        assertEquals(expected, r.change());
        assertEquals(reason, r.reason());
    }

    @Test
    void aTierCSpeedupIsRefused() {
        RatioChange r = RunComparator.compare(run(ratio(1.45, 1.55, "B", "FASTER")), "a",
                run(ratio(0.5, 0.6, "C", "NO_VERDICT")), "b", 0.05).comparisons().get(0);
        assertEquals(Change.REFUSED, r.change());
        assertEquals("tier C in the new run: throttled or unstable clocks, no performance verdict is valid", r.reason());
    }

    @Test
    void speedupsInOneRunOnlyAreAddedOrRemoved() {
        ComparisonEntry other = ComparisonEntry.builder().candidate("x.Other.a").baseline("x.Other.b").params(Map.of())
                .speedup(1.0).lower(0.9).upper(1.1).confidence(0.95).tier("B").verdict("PARITY").design("d").rounds(0)
                .build();
        RunComparison c = RunComparator.compare(run(ratio(1.0, 1.1, "B", "PARITY")), "a", run(other), "b", 0.05);
        assertEquals(List.of(Change.ADDED, Change.REMOVED), c.comparisons().stream().map(RatioChange::change).toList());
    }

    @Test
    void aThresholdOutsideZeroToOneIsRejectedByValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RunComparator.compare(run(), "a", run(), "b", 5.0));
        assertEquals("threshold must be in [0, 1) (0.05 is 5%), got 5.0", e.getMessage());
    }
}
