package dev.sns.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.model.ClockEvidence;
import dev.sns.model.ComparisonResult;
import dev.sns.model.TimingResult;
import dev.sns.model.Verdict;
import dev.sns.model.VerdictThresholds;
import dev.sns.stats.BootstrapSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PairStatisticsTest {
    private static WindowSamples window(int round, int iteration, double[] nanos) {
        return new WindowSamples(WindowSamples.GPU_SOURCE, round, iteration, nanos, new int[nanos.length], 1, "fake", 0,
                Double.NaN, null, Double.NaN, Double.NaN, ClockEvidence.none("test", false), BootstrapSettings.defaults(),
                Map.of());
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
        TimingResult ct = Summaries.of("cand", cand);
        TimingResult bt = Summaries.of("base", base);
        ComparisonResult paired = PairStatistics.compare(ct, cand, bt, base, true, BootstrapSettings.defaults(),
                VerdictThresholds.defaults());
        ComparisonResult independent = PairStatistics.compare(ct, cand, bt, base, false, BootstrapSettings.defaults(),
                VerdictThresholds.defaults());
        assertTrue(paired.speedupInterval().contains(1.10), paired.toString());
        assertTrue(paired.speedupInterval().width() * 5 < independent.speedupInterval().width(),
                "paired " + paired.speedupInterval() + ", independent " + independent.speedupInterval());
        assertTrue(paired.design().startsWith("interleaved ABBA: 8 rounds"), paired.design());
        assertEquals(Verdict.PARITY, paired.verdict()); // 1.10 is real, but under the 1.2 FASTER bar
    }

    @Test
    void forksWithTheirOwnCalibrationCombineTheirLaunchOverheads() {
        List<WindowSamples> w = List.of(
                new WindowSamples(WindowSamples.GPU_SOURCE, 0, 0, new double[] {10, 10, 10}, new int[3], 88, "fake", 32,
                        1400, new dev.sns.stats.Interval(1390, 1410, 0.95), Double.NaN, Double.NaN,
                        ClockEvidence.none("t", false), BootstrapSettings.defaults(), Map.of()),
                new WindowSamples(WindowSamples.GPU_SOURCE, 1, 0, new double[] {10}, new int[1], 90, "fake", 32,
                        1600, new dev.sns.stats.Interval(1580, 1620, 0.95), Double.NaN, Double.NaN,
                        ClockEvidence.none("t", false), BootstrapSettings.defaults(), Map.of()));
        var o = Summaries.overhead(w).orElseThrow();
        assertEquals((3 * 1400 + 1600) / 4.0, o.medianNanos(), 1e-9); // weighted by samples
        assertEquals(1390, o.intervalNanos().lower(), 0.0);
        assertEquals(1620, o.intervalNanos().upper(), 0.0);
        TimingResult r = Summaries.of("calibrations", w);
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
        ComparisonResult c = PairStatistics.compare(Summaries.of("c2", cand), cand, Summaries.of("b2", base), base, true,
                BootstrapSettings.defaults(), VerdictThresholds.defaults());
        assertTrue(c.design().startsWith("interleaved ABBA: 2 rounds"), c.design());
        assertEquals(2.0, c.speedup(), 1e-9);
    }
}
