package dev.sns.reports.changes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.reports.history.BenchmarkSeries;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Known answers for change points (the "Must show"): noise between runs is 1% (sd) unless
 * said otherwise, each run's own interval +/- 0.01% (as on the H200: far narrower than the noise
 * between runs), the 95% level, 199 shuffles.
 */
class ChangeDetectorTest {
    private static final ChangeSettings S = ChangeSettings.DEFAULTS;
    private static final double NOISE = 0.01;
    private static final double HALF = 0.0001;

    /**
     * A 5% step after 30 runs (60 runs in all) is found at run 31 (index 30), slower by about 5%.
     * Over 100 seeds: found within one run of it in all 100, exactly at run 31 in at least 90
     * (measured 96: a boundary run whose noise puts it nearer the other level is ambiguous to any
     * method), and a second, false change beside it in at most 5 (measured 2: each further round of
     * the hierarchy is another test at the 5% level).
     */
    @Test
    void aFivePercentStepAfterThirtyRunsIsFoundAtTheRightRun() {
        int exact = 0;
        int extra = 0;
        for (long seed = 1; seed <= 100; seed++) {
            BenchmarkSeries s = Series.of(60, i -> i < 30 ? 1.0 : 1.05, NOISE, HALF, seed);
            List<ChangePoint> c = ChangeDetector.analyze(s, S).changes();
            ChangePoint p = c.stream().filter(x -> Math.abs(x.index() - 30) <= 1).findFirst()
                    .orElseThrow(() -> new AssertionError("no change near run 31: " + c));
            assertTrue(p.slower());
            assertTrue(p.pValue() <= 0.05);
            exact += p.index() == 30 ? 1 : 0;
            extra += c.size() - 1;
            if (c.size() == 1) {
                assertEquals(0.05, p.change(), 0.015, "seed " + seed); // 5 standard errors of two medians of 30
            }
            if (p.index() == 30) {
                assertEquals(31, p.run().runId());
            }
        }
        assertTrue(exact >= 90, exact + " of 100 seeds found the step exactly at run 31");
        assertTrue(extra <= 5, extra + " false changes beside the step in 100 seeds");
    }

    /** A step in the other direction reads as faster; a step near the end needs only minSize runs after it. */
    @Test
    void aStepDownIsFasterAndAStepFiveRunsBeforeTheEndIsFound() {
        SeriesChanges down = ChangeDetector.analyze(Series.of(60, i -> i < 30 ? 1.0 : 0.95, NOISE, HALF, 7), S);
        assertEquals(1, down.changes().size(), down.changes().toString());
        assertFalse(down.changes().get(0).slower());
        SeriesChanges late = ChangeDetector.analyze(Series.of(40, i -> i < 35 ? 1.0 : 1.05, NOISE, HALF, 7), S);
        assertEquals(List.of(35), late.changes().stream().map(ChangePoint::index).toList());
    }

    /**
     * A flat, noisy series of 60 runs: no false change at the 95% level in at least 95 of 100 seeds
     * (measured: 99; 97 before the search-corrected test).
     */
    @Test
    void aFlatNoisySeriesHasNoFalseChangeInAtLeast95Of100Seeds() {
        assertTrue(clean(seed -> Series.of(60, i -> 1.0, NOISE, HALF, 1000 + seed)) >= 95);
    }

    /**
     * A slow drift (+0.2% per run, 12% over 60 runs) is found as one or more slower segments in every
     * one of 100 seeds; a drift inside the noise (0.3% over 60 runs against 1% between runs) is as
     * quiet as a flat series: no change in at least 95 of 100 (measured: 97).
     */
    @Test
    void aSlowDriftIsFoundAsSlowerSegmentsAndADriftInsideTheNoiseIsNot() {
        for (long seed = 1; seed <= 100; seed++) {
            SeriesChanges drift = ChangeDetector.analyze(Series.of(60, i -> 1.0 + 0.002 * i, NOISE, HALF, seed), S);
            assertFalse(drift.changes().isEmpty(), "seed " + seed);
            assertTrue(drift.changes().stream().allMatch(ChangePoint::slower), drift.changes().toString());
            assertTrue(drift.changes().stream().allMatch(c -> c.index() >= 5 && c.index() <= 55),
                    drift.changes().toString());
        }
        assertTrue(clean(seed -> Series.of(60, i -> 1.0 + 0.00005 * i, NOISE, HALF, seed)) >= 95);
    }

    /**
     * A single outlier (one run 30% slow, anywhere from run 11 to 50) is not a change: no change in
     * at least 98 of 100 seeds (measured: 100), and never a slower segment starting at the outlier.
     */
    @Test
    void aSingleOutlierIsNotAChange() {
        int clean = 0;
        for (long seed = 1; seed <= 100; seed++) {
            int at = 10 + (int) (seed % 40);
            List<ChangePoint> c = ChangeDetector.analyze(Series.of(60, i -> i == at ? 1.3 : 1.0, NOISE, HALF, seed), S)
                    .changes();
            assertTrue(c.stream().noneMatch(p -> p.index() == at && p.slower()), "seed " + seed + ": " + c);
            clean += c.isEmpty() ? 1 : 0;
        }
        assertTrue(clean >= 98, clean + " of 100");
    }

    /**
     * The outside check's case (docs/history.md): one run 30% slow at any of the 60 positions, edges
     * included, over three sets of 100 seeds. Before the search-corrected, leave-one-out noise test
     * 3, 6 and 5 of them had a change (the flat series' false-change rate), and with segments of 2
     * runs allowed 8, one a slower segment starting at the outlier. Now at most 2 of each 100
     * (measured 0, 0 and 2; with 2-run segments 0), never a segment starting at the outlier; and
     * a 2% step after 30 of 60 runs, in the same 1% noise, is still found within one run in at
     * least 75 of 100 (measured 85, 83, 81; 86, 83, 82 before).
     */
    @Test
    void anOutlierAnywhereIsNotAChangeAndATwoPercentStepStillIs() {
        for (long base : new long[] {1, 101, 1001}) {
            int flagged = 0;
            int found = 0;
            for (long seed = base; seed < base + 100; seed++) {
                int at = new java.util.SplittableRandom(seed * 31 + 7).nextInt(60);
                List<ChangePoint> c = ChangeDetector.analyze(
                        Series.of(60, i -> i == at ? 1.3 : 1.0, NOISE, HALF, seed), S).changes();
                assertTrue(c.stream().noneMatch(p -> p.index() == at && p.slower()), "seed " + seed + ": " + c);
                flagged += c.isEmpty() ? 0 : 1;
                List<ChangePoint> step = ChangeDetector.analyze(
                        Series.of(60, i -> i < 30 ? 1.0 : 1.02, NOISE, HALF, seed), S).changes();
                found += step.stream().anyMatch(p -> Math.abs(p.index() - 30) <= 1 && p.slower()) ? 1 : 0;
            }
            assertTrue(flagged <= 2, flagged + " of 100 outlier series (seeds from " + base + ") had a change");
            assertTrue(found >= 75, found + " of 100 2% steps (seeds from " + base + ") found");
        }
    }

    /**
     * With segments of 2 runs allowed, an outlier at a segment's edge is half of a segment: seed 18
     * with the outlier at run 42 gave a segment of runs 42-43, 16% slower, from the medians alone (the
     * outside check's "slower segment starting at the outlier"); the leave-one-out test drops it (the
     * step without the outlier is gone). A real step of 5% still holds without any one run.
     */
    @Test
    void withTwoRunSegmentsAnOutlierStillDoesNotMakeOne() {
        ChangeSettings two = new ChangeSettings(0.05, 199, 2, 200, Space.AUTO, 0.0, 0xC0FFEEL);
        SeriesChanges c = ChangeDetector.analyze(Series.of(60, i -> i == 41 ? 1.3 : 1.0, NOISE, HALF, 18), two);
        assertTrue(c.changes().isEmpty(), c.changes().toString());
        assertTrue(c.dropped() >= 1, "E-divisive found the outlier's segment; the noise test dropped it");
        SeriesChanges step = ChangeDetector.analyze(Series.of(60, i -> i < 41 ? 1.0 : 1.05, NOISE, HALF, 18), two);
        assertEquals(List.of(41), step.changes().stream().map(ChangePoint::index).toList());
    }

    private static int clean(java.util.function.LongFunction<BenchmarkSeries> series) {
        int clean = 0;
        for (long seed = 1; seed <= 100; seed++) {
            clean += ChangeDetector.analyze(series.apply(seed), S).changes().isEmpty() ? 1 : 0;
        }
        return clean;
    }

    /**
     * A run's own interval counts where it is wider than the series' noise: a 2% step in a quiet
     * series (0.1% noise) is found when each run's interval is +/- 0.01%, and not when it is +/- 20%.
     */
    @Test
    void aRunsIntervalWiderThanTheNoiseHidesAStepItCannotResolve() {
        assertEquals(1, ChangeDetector.analyze(Series.of(60, i -> i < 30 ? 1.0 : 1.02, 0.001, HALF, 3), S)
                .changes().size());
        SeriesChanges wide = ChangeDetector.analyze(Series.of(60, i -> i < 30 ? 1.0 : 1.02, 0.001, 0.2, 3), S);
        assertTrue(wide.changes().isEmpty(), wide.changes().toString());
        assertTrue(wide.dropped() >= 1, "E-divisive found it; the noise test dropped it");
    }

    /**
     * Tier B with clock evidence is read in cycles: the SM clock falls from 1980 to 1755 MHz after 30
     * runs and the time per call rises by the same 12.8% with the cycles unchanged: no change in
     * cycles (auto), one in time.
     */
    @Test
    void floatingClocksAreReadInCyclesSoALowerClockIsNotARegression() {
        double[] ms = new double[60];
        double[] mhz = new double[60];
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(5);
        for (int i = 0; i < 60; i++) {
            mhz[i] = i < 30 ? 1980 : 1755;
            ms[i] = 1.98e6 / (mhz[i] * 1000) * (1 + NOISE * Series.gaussian(rnd)); // 1.98e6 cycles
        }
        BenchmarkSeries s = Series.of(ms, HALF, mhz);
        SeriesChanges auto = ChangeDetector.analyze(s, S);
        assertEquals(Space.CYCLES, auto.reading().space());
        assertTrue(auto.reading().why().startsWith("cycles (time x mean SM clock): the clocks floated"));
        assertEquals(1.98e6, auto.reading().values()[0], 1.98e6 * 0.05);
        assertTrue(auto.changes().isEmpty(), auto.changes().toString());
        SeriesChanges time = ChangeDetector.analyze(s, S.withSpace(Space.TIME));
        assertEquals(List.of(30), time.changes().stream().map(ChangePoint::index).toList());
        assertEquals(Space.TIME, ChangeDetector.analyze(Series.of(60, i -> 1.0, NOISE, HALF, 1), S).reading().space(),
                "no clock evidence: time");
    }

    @Test
    void theSameSeriesAndSeedGiveTheSameAnswer() {
        BenchmarkSeries s = Series.of(60, i -> i < 30 ? 1.0 : 1.03, NOISE, HALF, 11);
        assertEquals(ChangeDetector.analyze(s, S).changes(), ChangeDetector.analyze(s, S).changes());
    }

    @Test
    void onlyTheLastRunsAreReadAndTooFewRunsGiveNoChange() {
        BenchmarkSeries s = Series.of(300, i -> i < 30 ? 1.0 : 1.05, NOISE, HALF, 2);
        assertTrue(ChangeDetector.analyze(s, S).changes().isEmpty(), "the step is older than the last 200 runs");
        assertEquals(1, ChangeDetector.analyze(s, S.withLastRuns(0)).changes().size());
        assertTrue(ChangeDetector.analyze(Series.of(9, i -> i < 5 ? 1 : 2, NOISE, HALF, 2), S).changes().isEmpty(),
                "fewer than two segments of 5 runs");
    }
}
