package dev.sns.jmh.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.analysis.Analysis;
import dev.sns.analysis.Design;
import dev.sns.model.ClockEvidence;
import dev.sns.model.ComparisonResult;
import dev.sns.model.TimingResult;
import dev.sns.model.Verdict;
import dev.sns.model.VerdictThresholds;
import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.ReportEntries;
import dev.sns.stats.BootstrapSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Windows as the forks send them, through the one analysis path: pairing by ABBA round, calibrations. */
class WindowAnalysisTest {
    private static final BootstrapSettings BS = BootstrapSettings.defaults();

    private static WindowSamples window(int round, int iteration, double[] nanos) {
        return new WindowSamples(WindowSamples.GPU_SOURCE, round, iteration, nanos, new int[nanos.length], 1, "fake", 0,
                Double.NaN, Double.NaN, ClockEvidence.none("test", false), null, null);
    }

    private static Analysis.Summarized summarized(String name, List<WindowSamples> windows) {
        return Analysis.summarize(WindowMeasurements.measurement(name, windows), BS);
    }

    private static ComparisonResult compare(List<WindowSamples> cand, List<WindowSamples> base, boolean interleaved) {
        return Analysis.compare(summarized("cand", cand), summarized("base", base),
                interleaved ? Design.PAIRED_FORKS : Design.INDEPENDENT, BS, VerdictThresholds.defaults());
    }

    /**
     * Eight rounds whose machine state drifts by up to +-15% from round to round (a fork's memory
     * placement, a warmer GPU), the same for both sides of a round; the true speedup is 1.10.
     * Keeping rounds whole cancels the drift; treating the sides as independent cannot.
     */
    @Test
    void pairingByRoundCancelsDriftSharedByBothSides() {
        Random r = new Random(4);
        List<WindowSamples> cand = new ArrayList<>();
        List<WindowSamples> base = new ArrayList<>();
        for (int round = 0; round < 8; round++) {
            double drift = 1 + 0.15 * (2 * r.nextDouble() - 1);
            for (int it = 0; it < 5; it++) {
                double[] c = new double[50];
                double[] b = new double[50];
                for (int i = 0; i < 50; i++) {
                    c[i] = 100_000 * drift * (1 + 0.002 * r.nextGaussian());
                    b[i] = 110_000 * drift * (1 + 0.002 * r.nextGaussian());
                }
                cand.add(window(round, it, c));
                base.add(window(round, it, b));
            }
        }
        ComparisonResult paired = compare(cand, base, true);
        ComparisonResult independent = compare(cand, base, false);
        assertTrue(paired.speedupInterval().contains(1.10), paired.toString());
        assertTrue(paired.speedupInterval().width() * 5 < independent.speedupInterval().width(),
                "paired " + paired.speedupInterval() + ", independent " + independent.speedupInterval());
        assertTrue(paired.design().startsWith("interleaved ABBA: 8 rounds"), paired.design());
        assertEquals(Verdict.PARITY, paired.verdict()); // 1.10 is real, but under the 1.2 FASTER bar
    }

    /** Forks calibrate their own inner reps: the fewest are reported, the interval floored at the coarsest step. */
    @Test
    void forksWithTheirOwnCalibrationReportTheFewestRepsAndTheCoarsestStep() {
        List<WindowSamples> w = List.of(
                new WindowSamples(WindowSamples.GPU_SOURCE, 0, 0, new double[] {10, 10, 10}, new int[3], 88, "fake", 32,
                        Double.NaN, Double.NaN, ClockEvidence.none("t", false), null, null),
                new WindowSamples(WindowSamples.GPU_SOURCE, 1, 0, new double[] {10}, new int[1], 90, "fake", 32,
                        Double.NaN, Double.NaN, ClockEvidence.none("t", false), null, null));
        TimingResult r = WindowMeasurements.summary("calibrations", w, BS);
        assertEquals(88, r.innerReps()); // the fewest
        assertEquals(32.0 / 88 / 1e6, r.timerStepMillis(), 1e-18); // the coarsest per-call step
    }

    @Test
    void roundsMissingOnOneSideAreDropped() {
        List<WindowSamples> cand = new ArrayList<>();
        List<WindowSamples> base = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            cand.add(window(round, 0, new double[] {100, 101, 99}));
            if (round != 1) {
                base.add(window(round, 0, new double[] {200, 202, 198}));
            }
        }
        ComparisonResult c = compare(cand, base, true);
        assertTrue(c.design().startsWith("interleaved ABBA: 2 rounds"), c.design());
        assertEquals(2.0, c.speedup(), 1e-9);
    }

    /**
     * A fork whose first measurement iteration timed nothing (JMH's score stands in) and whose second
     * carried the overhead: the fallback is left out, every sample keeps its fork, the overhead counts.
     */
    @Test
    void fallbackWindowsAreLeftOutAndTheOverheadOfALaterFirstGpuWindowCounts() {
        WindowSamples.Overhead ov = new WindowSamples.Overhead(new double[] {2000, 2000, 2000, 2000},
                new int[] {0, 0, 1, 1}, 1);
        List<WindowSamples> w = List.of(
                new WindowSamples(WindowSamples.JMH_SOURCE, 0, 0, new double[] {99_000}, new int[1], 1, "JMH", 0,
                        Double.NaN, Double.NaN, ClockEvidence.none("t", false), null, null),
                new WindowSamples(WindowSamples.GPU_SOURCE, 0, 1, new double[] {10_000, 10_000}, new int[2], 1, "fake", 0,
                        Double.NaN, Double.NaN, ClockEvidence.none("t", false), ov, null),
                new WindowSamples(WindowSamples.GPU_SOURCE, 1, 0, new double[] {10_000}, new int[1], 1, "fake", 0,
                        Double.NaN, Double.NaN, ClockEvidence.none("t", false), ov, null));
        dev.sns.analysis.Measurement m = WindowMeasurements.measurement("mixed", w);
        assertEquals(3, m.size());
        assertEquals(3, m.forkOfEachSample().length);
        TimingResult r = WindowMeasurements.summary("mixed", w, BS);
        assertEquals(0.010, r.medianMillis(), 1e-12);
        assertEquals(0.002, r.launchOverheadMillis(), 1e-12);
    }

    /** The collector's summary of a set of windows is what JMH's aggregate of the same windows shows. */
    @Test
    void oneSummaryPerSetOfWindows() {
        List<WindowSamples> w = List.of(window(0, 0, new double[] {100, 101, 99}), window(0, 1, new double[] {98, 97, 102}));
        TimingResult collector = WindowMeasurements.summary("pkg.Bench.run", w, BS);
        SnsResult jmh = new SnsResult(List.of(w.get(1), w.get(0)), BS, java.util.concurrent.TimeUnit.MICROSECONDS);
        assertEquals(collector.intervalMillis(), jmh.summary().intervalMillis());
        assertEquals("sns", jmh.summary().name());
        assertEquals("pkg.Bench.run", collector.name());
    }

    /**
     * The unit is the benchmark's (JMH's -tu), the same for every iteration and the aggregate, whatever
     * the size of the values; the score error is left out (JMH would call it a 99.9% half-width), the
     * interval is the confidence of the aggregate only, and the tier rides on the aggregate only.
     */
    @Test
    void unitsFollowTheBenchmarkAndTheTierIsTheAggregates() {
        SnsResult ns = new SnsResult(List.of(window(0, 0, new double[] {900, 950, 1000})), BS,
                java.util.concurrent.TimeUnit.NANOSECONDS);
        SnsResult us = new SnsResult(List.of(window(0, 1, new double[] {1900, 2000, 2100})), BS,
                java.util.concurrent.TimeUnit.NANOSECONDS);
        assertEquals("ns/op", ns.getScoreUnit());
        assertEquals(950.0, ns.getScore(), 1e-9);
        assertEquals(2000.0, us.getScore(), 1e-9, "ns/op even past 1000 ns");
        assertTrue(Double.isNaN(ns.getScoreError()));
        assertTrue(Double.isNaN(ns.getScoreConfidence()[0]), "one iteration's window has no interval of its own");
        assertEquals("950.0 ns/op", ns.toString());
        assertTrue(ns.getDerivativeResults().stream().noneMatch(r -> r.getLabel().equals("sns.tier")));

        SnsResult all = new SnsResult.Merge(true).aggregate(List.of(ns, us));
        assertEquals("ns/op", all.getScoreUnit());
        assertTrue(all.getScoreConfidence()[0] <= all.getScore() && all.getScore() <= all.getScoreConfidence()[1]);
        assertTrue(all.getDerivativeResults().stream().anyMatch(r -> r.getLabel().equals("sns.tier")));
        SnsResult ms = new SnsResult(List.of(window(0, 0, new double[] {900, 950, 1000})), BS,
                java.util.concurrent.TimeUnit.MILLISECONDS);
        assertEquals("ms/op", ms.getScoreUnit());
        assertEquals(950e-6, ms.getScore(), 1e-15);
    }

    /**
     * The JMH path carries what the interval covers into the report entry (HostRun hands the same
     * result to ReportEntries.ok): three forks' windows read "over 3 forks", one fork's "within this
     * fork"; JMH sets no host repeatability (its forks are the repeats), so no repeat interval.
     */
    @Test
    void theReportEntrySaysWhatTheIntervalOfTheForksCovers() {
        List<WindowSamples> three = new ArrayList<>();
        List<WindowSamples> one = new ArrayList<>();
        for (int fork = 0; fork < 3; fork++) {
            for (int it = 0; it < 3; it++) {
                WindowSamples w = window(fork, it, new double[] {100_000 + fork, 100_010, 100_020 + it});
                three.add(w);
                if (fork == 0) {
                    one.add(w);
                }
            }
        }
        BenchmarkEntry.Summary forks = entry(three).summary();
        assertEquals("over 3 forks", forks.intervalScope());
        assertEquals(null, forks.repeatLower());
        assertEquals("within this fork", entry(one).summary().intervalScope());
    }

    private static BenchmarkEntry entry(List<WindowSamples> windows) {
        TimingResult r = WindowMeasurements.summary("pkg.A.run", windows, BS);
        int[] forkIds = windows.stream().flatMapToInt(w -> java.util.stream.IntStream.generate(() -> w.fork)
                .limit(w.perCallNanos.length)).toArray();
        return ReportEntries.ok("pkg.A.run", java.util.Map.of(), WindowSamples.GPU_SOURCE, r, forkIds);
    }
}
