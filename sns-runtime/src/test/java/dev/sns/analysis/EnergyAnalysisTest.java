package dev.sns.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.model.ClockEvidence;
import dev.sns.model.ComparisonResult;
import dev.sns.model.EnergyComparison;
import dev.sns.model.EnergyResult;
import dev.sns.model.EnergyVerdict;
import dev.sns.model.SpeedupReading;
import dev.sns.model.ThrottleEvidence;
import dev.sns.model.VerdictThresholds;
import dev.sns.options.SnsOptions;
import dev.sns.stats.BootstrapSettings;
import dev.sns.timing.EnergyWindow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Energy windows through the one analysis path: hand-checked medians, forks, ABBA forks paired, verdicts. */
class EnergyAnalysisTest {
    private static final BootstrapSettings BS = BootstrapSettings.defaults();
    private static final ClockEvidence CLEAN = new ClockEvidence("fake", false, new double[] {1980}, new double[0],
            ThrottleEvidence.none());
    private static final ClockEvidence THROTTLED = new ClockEvidence("fake", false, new double[] {1500}, new double[0],
            new ThrottleEvidence(List.of("hw_thermal_slowdown"), List.of(), Map.of()));

    /** A window of {@code calls} calls drawing {@code watts} for {@code seconds}. */
    private static EnergyWindow w(double watts, double seconds, long calls, double startC, int round) {
        return new EnergyWindow(watts * seconds * 1e3, calls, (long) (seconds * 1e9), 5, startC, startC, Double.NaN, 0,
                round);
    }

    private static Measurement.Builder side(String name) {
        return Measurement.builder(name).window(0, new double[] {1e6, 1e6}, CLEAN).timer("fake", 0);
    }

    @Test
    void mediansOfJoulesPerCallAndWattsOverWindowsWithIdleAndAboveIdle() {
        List<EnergyWindow> ws = List.of(w(300, 0.5, 500, 40, -1), w(310, 0.5, 500, 40, -1), w(290, 0.5, 500, 40, -1),
                w(305, 0.5, 500, 40, -1), w(295, 0.5, 500, 40, -1));
        List<EnergyWindow> idle = List.of(w(100, 0.2, 0, 35, -1), w(102, 0.2, 0, 35, -1), w(98, 0.2, 0, 35, -1));
        Measurement m = side("k").work(3e9, Double.NaN).energy(new Measurement.Energy(0, ws, List.of(), idle, List.of()))
                .build();
        EnergyResult e = EnergyAnalysis.of(m, BS);
        assertEquals(0.3, e.joulesPerCall(), 1e-12); // median of 0.29 .. 0.31 J per call
        assertEquals(300, e.watts(), 1e-9);
        assertEquals(100, e.idleWatts(), 1e-9);
        assertEquals((300 - 100) * 0.5 / 500, e.aboveIdleJoulesPerCall(), 1e-12);
        assertEquals(10.0, e.gflopsPerJoule(), 1e-9); // 3 GFLOP per 0.3 J
        assertTrue(Double.isNaN(e.gbPerJoule()));
        assertTrue(e.joulesPerCallInterval().orElseThrow().contains(0.3));
        assertEquals(0.29, e.joulesPerCallInterval().orElseThrow().lower(), 0.0051);
        assertEquals(5, e.windows());
        assertEquals(100.0, e.updatePeriodMillis(), 1e-9);
        assertTrue(Double.isNaN(e.powerSensorRatio()), "no sensor readings: NaN, not 1");
    }

    @Test
    void forksAreALevelAndAbbaForksArePairedByRound() {
        Measurement.Builder c = Measurement.builder("c").fromForks().timer("fake", 0);
        Measurement.Builder b = Measurement.builder("b").fromForks().timer("fake", 0);
        for (int fork = 0; fork < 4; fork++) {
            double drift = 1 + 0.02 * fork; // every round hotter: both sides alike
            c.window(fork, new double[] {1e6}, CLEAN).energy(new Measurement.Energy(fork, List.of(
                    w(300 * drift, 0.5, 500, 40, -1), w(301 * drift, 0.5, 500, 40, -1)), List.of(), List.of(), List.of()));
            b.window(fork, new double[] {1e6}, CLEAN).energy(new Measurement.Energy(fork, List.of(
                    w(150 * drift, 0.5, 500, 40, -1), w(151 * drift, 0.5, 500, 40, -1)), List.of(), List.of(), List.of()));
        }
        Analysis.Summarized cs = Analysis.summarize(c.build(), BS);
        Analysis.Summarized bs = Analysis.summarize(b.build(), BS);
        assertTrue(cs.result().energy().orElseThrow().estimator().startsWith("bootstrap of the median: 4 forks"));
        ComparisonResult paired = Analysis.compare(cs, bs, Design.PAIRED_FORKS, BS, VerdictThresholds.defaults(),
                SpeedupReading.RAW, 0.05);
        EnergyComparison e = paired.energy().orElseThrow();
        assertTrue(e.design().startsWith("interleaved ABBA: 4 rounds paired"), e.design());
        assertEquals(EnergyVerdict.MORE_ENERGY, e.verdict());
        assertTrue(e.interval().contains(0.5), e.interval().toString());
        ComparisonResult apart = Analysis.compare(cs, bs, Design.INDEPENDENT, BS, VerdictThresholds.defaults(),
                SpeedupReading.RAW, 0.05);
        assertTrue(apart.energy().orElseThrow().design().startsWith("independent sides: 4 + 4 forks"));
        assertTrue(apart.energy().orElseThrow().interval().width() > e.interval().width(),
                "pairing by round cancels the drift the rounds share");
    }

    @Test
    void aThrottledWindowGivesNoEnergyVerdictAndAMissingSideSaysWhich() {
        List<EnergyWindow> ws = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            ws.add(w(300, 0.5, 500, 40, i));
        }
        Measurement c = side("c").energy(new Measurement.Energy(0, ws, List.of(THROTTLED, CLEAN, CLEAN, CLEAN), List.of(),
                List.of())).build();
        Measurement b = side("b").energy(new Measurement.Energy(0, ws, List.of(), List.of(), List.of())).build();
        ComparisonResult r = Analysis.compare(Analysis.summarize(c, BS), Analysis.summarize(b, BS), Design.PAIRED_SAMPLES,
                BS, VerdictThresholds.defaults(), SpeedupReading.RAW, 0.05);
        assertEquals(EnergyVerdict.NO_VERDICT, r.energy().orElseThrow().verdict());
        assertTrue(r.candidate().energy().orElseThrow().throttled());
        Measurement none = side("n").energyRequested("no counter here").build();
        ComparisonResult m = Analysis.compare(Analysis.summarize(none, BS), Analysis.summarize(b, BS), Design.INDEPENDENT,
                BS, VerdictThresholds.defaults(), SpeedupReading.RAW, 0.05);
        assertEquals("the candidate has no energy reading: no counter here", m.energy().orElseThrow().unavailable());
        Measurement plain = side("p").build();
        assertTrue(Analysis.timing(plain, BS).energy().isEmpty(), "not asked for: absent");
        assertFalse(Analysis.compare(Analysis.summarize(plain, BS), Analysis.summarize(side("q").build(), BS),
                Design.INDEPENDENT, BS, VerdictThresholds.defaults()).energy().isPresent());
    }

    @Test
    void verdictsReadTheBoundsAgainstTheMargin() {
        assertEquals(EnergyVerdict.LESS_ENERGY, EnergyVerdict.judge(new dev.sns.stats.Interval(1.06, 1.2, 0.95), 0.05, true));
        assertEquals(EnergyVerdict.PARITY, EnergyVerdict.judge(new dev.sns.stats.Interval(1.04, 1.2, 0.95), 0.05, true));
        assertEquals(EnergyVerdict.MORE_ENERGY, EnergyVerdict.judge(new dev.sns.stats.Interval(0.5, 0.95, 0.95), 0.05,
                true));
        assertEquals(EnergyVerdict.PARITY, EnergyVerdict.judge(new dev.sns.stats.Interval(0.5, 0.96, 0.95), 0.05, true));
        assertEquals(EnergyVerdict.NO_VERDICT, EnergyVerdict.judge(new dev.sns.stats.Interval(0.5, 0.6, 0.95), 0.05,
                false));
        assertThrows(IllegalArgumentException.class, () -> SnsOptions.builder().energyMargin(0));
        assertThrows(IllegalArgumentException.class, () -> SnsOptions.builder().energyUpdates(0));
        assertThrows(IllegalArgumentException.class, () -> SnsOptions.builder().energyWindows(1));
        assertThrows(IllegalArgumentException.class, () -> SnsOptions.builder().set("energyCool", "hot"));
    }
}
