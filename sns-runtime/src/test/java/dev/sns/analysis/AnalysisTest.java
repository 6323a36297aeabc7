package dev.sns.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.model.ClockEvidence;
import dev.sns.model.ComparisonResult;
import dev.sns.model.MeasurementTier;
import dev.sns.model.ThrottleEvidence;
import dev.sns.model.TimingResult;
import dev.sns.model.VerdictThresholds;
import dev.sns.stats.BootstrapSettings;
import dev.sns.timing.SampleSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Known answers through the one analysis path, for every design and both tier bases. */
class AnalysisTest {
    private static final BootstrapSettings BS = BootstrapSettings.defaults();
    private static final ClockEvidence CLOCKS = new ClockEvidence("fake", false, new double[] {1500, 1500},
            new double[0], ThrottleEvidence.none());

    /** {@code forks} forks of {@code windows} windows of {@code n} samples around {@code nanos}. */
    private static Measurement m(String name, double nanos, int forks, int windows, int n, long seed) {
        Random r = new Random(seed);
        Measurement.Builder b = Measurement.builder(name).timer("fake", 0);
        for (int f = 0; f < forks; f++) {
            for (int w = 0; w < windows; w++) {
                double[] x = new double[n];
                for (int i = 0; i < n; i++) {
                    x[i] = nanos * (1 + 0.01 * r.nextGaussian());
                }
                b.window(f, x, CLOCKS);
            }
        }
        return b.build();
    }

    private static ComparisonResult compare(Measurement c, Measurement b, Design d) {
        return Analysis.compare(Analysis.summarize(c, BS), Analysis.summarize(b, BS), d, BS, VerdictThresholds.defaults());
    }

    @Test
    void theEstimatorFollowsTheLevelsTheSamplesWereTakenIn() {
        assertEquals("percentile bootstrap of the median", Analysis.timing(m("a", 1000, 1, 1, 50, 1), BS).estimator());
        assertEquals("cluster bootstrap of the median: 4 windows drawn whole, widened for 4 clusters",
                Analysis.timing(m("a", 1000, 1, 4, 50, 1), BS).estimator());
        assertEquals("three-stage bootstrap of the median: 3 forks, then 6 windows, then samples",
                Analysis.timing(m("a", 1000, 3, 2, 50, 1), BS).estimator());
    }

    @Test
    void everyDesignReadsAKnownTwoToOne() {
        // Paired by samples: the same windows, one sample of each side per round.
        SampleSet cs = new SampleSet(new double[] {100, 101, 99, 100, 102, 98}, new int[] {0, 0, 0, 1, 1, 1}, 1, 0, 0);
        SampleSet bs = new SampleSet(new double[] {200, 202, 198, 200, 204, 196}, new int[] {0, 0, 0, 1, 1, 1}, 1, 0, 0);
        ComparisonResult paired = compare(Measurement.of("c", cs, List.of(CLOCKS, CLOCKS)).build(),
                Measurement.of("b", bs, List.of(CLOCKS, CLOCKS)).build(), Design.PAIRED_SAMPLES);
        assertEquals(2.0, paired.speedup(), 1e-12);
        assertTrue(paired.design().startsWith("interleaved: paired rounds in 2 windows (6 rounds)"), paired.design());
        ComparisonResult abba = compare(m("c", 1000, 4, 3, 30, 2), m("b", 2000, 4, 3, 30, 3), Design.PAIRED_FORKS);
        assertEquals(2.0, abba.speedup(), 0.02);
        assertTrue(abba.speedupInterval().contains(2.0), abba.toString());
        assertTrue(abba.design().startsWith("interleaved ABBA: 4 rounds"), abba.design());
        ComparisonResult forked = compare(m("c", 1000, 2, 3, 30, 4), m("b", 2000, 2, 3, 30, 5), Design.INDEPENDENT);
        assertTrue(forked.design().startsWith("independent sides: 2 + 2 forks"), forked.design());
        ComparisonResult sequential = compare(m("c", 1000, 1, 5, 30, 6), m("b", 2000, 1, 5, 30, 7), Design.INDEPENDENT);
        assertEquals("sequential: independent sides, 5 + 5 windows drawn whole", sequential.design());
        for (ComparisonResult c : List.of(abba, forked, sequential)) {
            assertTrue(c.speedupInterval().contains(2.0), c.toString());
            assertTrue(c.cycleSpeedupInterval().isPresent(), "every window has clock samples");
        }
    }

    @Test
    void pairingByForksNeedsTwoCompleteRoundsElseTheSidesAreIndependent() {
        ComparisonResult c = compare(m("c", 1000, 1, 3, 20, 8), m("b", 2000, 1, 3, 20, 9), Design.PAIRED_FORKS);
        assertTrue(c.design().startsWith("sequential: independent sides"), c.design());
    }

    /** The same samples, from one fork per side of JMH: the fork level stays, one window each is two clusters. */
    private static Measurement forked(Measurement m, String name) {
        Measurement.Builder b = Measurement.builder(name).timer("fake", 0).fromForks();
        double[] x = m.perCallNanos();
        int[] w = m.windowIds();
        int from = 0;
        for (int k = 0; k < m.windows().size(); k++) {
            int to = from;
            while (to < x.length && w[to] == k) {
                to++;
            }
            b.window(0, java.util.Arrays.copyOfRange(x, from, to), m.windows().get(k));
            from = to;
        }
        return b.build();
    }

    @Test
    void sidesFromOneForkEachKeepTheForkLevelAndNeverRestOnOneCluster() {
        Measurement c = m("c", 1000, 1, 1, 40, 10);
        Measurement b = m("b", 1100, 1, 1, 40, 11);
        ComparisonResult session = compare(c, b, Design.INDEPENDENT);
        ComparisonResult forks = compare(forked(c, "c"), forked(b, "b"), Design.INDEPENDENT);
        assertEquals("sequential: independent sides, 1 + 1 windows, samples drawn one by one", session.design());
        assertEquals("independent sides: 1 + 1 forks, then windows, then samples", forks.design());
        // One window per side: the session's interval rests on its samples, the forks' on two clusters (t(1)).
        assertTrue(forks.speedupInterval().width() > 5 * session.speedupInterval().width(),
                "forks " + forks.speedupInterval() + ", session " + session.speedupInterval());
        ComparisonResult abbaFallback = compare(forked(c, "c"), forked(b, "b"), Design.PAIRED_FORKS);
        assertEquals(forks.design(), abbaFallback.design(), "one round is no pairing: the sides are independent forks");
    }

    @Test
    void aZeroCandidateIsAnErrorNamingTheTimer() {
        Measurement zero = Measurement.builder("z").timer("coarse", 0).window(0, new double[] {0, 0, 0}, CLOCKS).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> compare(zero, m("b", 100, 1, 1, 3, 1), Design.INDEPENDENT));
        assertTrue(e.getMessage().contains("candidate 'z' measured 0 ms") && e.getMessage().contains("(coarse)"),
                e.getMessage());
    }

    @Test
    void iterationScoresThatDisagreeAreTierBWithTheirSpreadInTheInterval() {
        Measurement.Builder b = Measurement.builder("cpu").timer("JMH iteration score (avgt)", 0)
                .tierBasis(Measurement.TierBasis.ITERATION_SPREAD);
        ClockEvidence none = ClockEvidence.none("no clock evidence: CPU benchmark", false);
        for (double v : new double[] {100, 101, 99, 160, 100, 102}) {
            b.window(0, new double[] {v}, none);
        }
        TimingResult r = Analysis.timing(b.build(), BS);
        // a busy host spreads a CPU benchmark's scores: that is width, not evidence against the clocks
        assertEquals(MeasurementTier.B, r.tier(), r.tierReasons().toString());
        assertTrue(r.tierReasons().get(0).contains("CV of iteration scores"), r.tierReasons().toString());
        assertTrue(r.hasInterval());
        assertTrue(r.intervalMillis().upper() > 101e-6 && r.intervalMillis().lower() <= 100e-6, r.toString());
    }

    @Test
    void fewerThanSixIterationScoresGiveNoInterval() {
        Measurement.Builder b = Measurement.builder("cpu").timer("JMH iteration score (avgt)", 0)
                .tierBasis(Measurement.TierBasis.ITERATION_SPREAD);
        ClockEvidence none = ClockEvidence.none("no clock evidence: CPU benchmark", false);
        for (double v : new double[] {100, 101, 99, 160, 100}) {
            b.window(0, new double[] {v}, none);
        }
        TimingResult five = Analysis.timing(b.build(), BS);
        assertFalse(five.hasInterval());
        assertEquals("too few iterations for an interval: 5, at least 6 needed (measurement iterations x forks: -i, -f)",
                five.estimator());
        assertTrue(five.toString().contains("too few iterations for an interval"), five.toString());
        b.window(1, new double[] {100}, none);
        assertTrue(Analysis.timing(b.build(), BS).hasInterval(), "six are enough");
    }

    @Test
    void aLoneSampleIsOneSampleWithNoInterval() {
        TimingResult r = Analysis.timing(Measurement.builder("one").timer("t", 0)
                .window(0, new double[] {5e6}, ClockEvidence.none("x", false)).build(), BS);
        assertEquals(1, r.n());
        assertEquals(5.0, r.medianMillis(), 0.0);
        assertFalse(r.hasInterval());
        assertFalse(r.netIntervalMillis().isPresent());
    }
}
