package dev.sns.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.model.ClockEvidence;
import dev.sns.model.ComparisonResult;
import dev.sns.model.SpeedupReading;
import dev.sns.model.ThrottleEvidence;
import dev.sns.model.Verdict;
import dev.sns.model.VerdictThresholds;
import dev.sns.stats.BootstrapSettings;
import dev.sns.timing.SampleSet;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The speedup net of the launch overhead through the one analysis path: known answers in every
 * design, the verdict on the reading asked for (and the fallback, said, when there is none).
 */
class NetSpeedupTest {
    private static final BootstrapSettings BS = BootstrapSettings.defaults();
    private static final ClockEvidence CLOCKS = new ClockEvidence("fake", false, new double[] {1500, 1500},
            new double[0], ThrottleEvidence.none());
    /** FASTER above 1.14: the net 1.15 clears it, the raw 1.125 does not. */
    private static final VerdictThresholds THRESHOLDS = new VerdictThresholds(1.14, 0.95);

    private static SampleSet set(double level, double sd, int n, int windows, long seed) {
        Random r = new Random(seed);
        double[] x = new double[n];
        int[] w = new int[n];
        for (int i = 0; i < n; i++) {
            x[i] = level + sd * r.nextGaussian();
            w[i] = i * windows / n;
        }
        return new SampleSet(x, w, 1, 0, 0);
    }

    private static List<ClockEvidence> clocks(int windows) {
        ClockEvidence[] e = new ClockEvidence[windows];
        Arrays.fill(e, CLOCKS);
        return List.of(e);
    }

    /** One session's side: its samples and (when {@code overhead} is not null) the overhead's. */
    private static Measurement session(String name, SampleSet work, SampleSet overhead) {
        Measurement.Builder b = Measurement.of(name, work, clocks(work.windowCount())).timer("fake", 0);
        if (overhead != null) {
            b.overhead(new Measurement.Overhead(0, overhead, 0));
        }
        return b.build();
    }

    /** A JMH side: {@code forks} forks, each with its own overhead, both moved by the fork's effect. */
    private static Measurement forks(String name, double work, double overhead, int forks, long seed) {
        Random r = new Random(seed);
        Measurement.Builder b = Measurement.builder(name).timer("fake", 0).fromForks();
        for (int f = 0; f < forks; f++) {
            double effect = 200 * r.nextGaussian();
            for (int w = 0; w < 3; w++) {
                double[] x = new double[20];
                Arrays.fill(x, work + effect);
                b.window(f, x, CLOCKS);
            }
            double[] o = new double[12];
            Arrays.fill(o, overhead + effect);
            b.overhead(new Measurement.Overhead(f, new SampleSet(o, new int[12], 1, 0, 0), 0));
        }
        return b.build();
    }

    private static ComparisonResult compare(Measurement c, Measurement b, Design d, SpeedupReading on) {
        return Analysis.compare(Analysis.summarize(c, BS), Analysis.summarize(b, BS), d, BS, THRESHOLDS, on);
    }

    @Test
    void exactSamplesGiveTheKnownNetSpeedupInEveryDesign() {
        SampleSet c = set(12_000, 0, 60, 6, 1);
        SampleSet b = set(13_500, 0, 60, 6, 2);
        SampleSet o = set(2_000, 0, 40, 4, 3);
        ComparisonResult paired = compare(session("c", c, o), session("b", b, o), Design.PAIRED_SAMPLES, SpeedupReading.RAW);
        ComparisonResult apart = compare(session("c", c, o), session("b", b, o), Design.INDEPENDENT, SpeedupReading.RAW);
        for (ComparisonResult r : List.of(paired, apart)) {
            assertEquals(1.125, r.speedup(), 1e-12);
            assertEquals(1.15, r.netSpeedup(), 1e-12);
            assertEquals(1.15, r.netSpeedupInterval().orElseThrow().lower(), 1e-12);
            assertEquals(1.15, r.netSpeedupInterval().orElseThrow().upper(), 1e-12);
            assertEquals("", r.netUnavailable());
            assertEquals(Verdict.PARITY, r.verdict(), "the raw 1.125 is below 1.14");
            assertEquals(SpeedupReading.RAW, r.verdictReading());
        }
        ComparisonResult onNet = compare(session("c", c, o), session("b", b, o), Design.PAIRED_SAMPLES, SpeedupReading.NET);
        assertEquals(Verdict.FASTER, onNet.verdict());
        assertEquals("net", onNet.verdictBasis());
        assertTrue(onNet.toString().contains("net 1.1500 [1.1500, 1.1500], verdict on net"), onNet.toString());
    }

    /** Drift that moves every sample of a round alike cancels when the overheads ride in the rounds. */
    @Test
    void overheadsTakenInTheRoundsCancelTheRoundsDrift() {
        int n = 60;
        double[] c = new double[n];
        double[] b = new double[n];
        double[] oc = new double[n];
        double[] ob = new double[n];
        int[] w = new int[n];
        Random r = new Random(11);
        for (int i = 0; i < n; i++) {
            double drift = 400 * r.nextGaussian();
            c[i] = 12_000 + drift;
            b[i] = 13_500 + drift;
            oc[i] = 2_000 + drift;
            ob[i] = 2_000 + drift;
            w[i] = i / 6;
        }
        Measurement cm = Measurement.of("c", new SampleSet(c, w, 1, 0, 0), clocks(10)).timer("fake", 0)
                .overhead(new Measurement.Overhead(0, new SampleSet(oc, w, 1, 0, 0), 0, true)).build();
        Measurement bm = Measurement.of("b", new SampleSet(b, w, 1, 0, 0), clocks(10)).timer("fake", 0)
                .overhead(new Measurement.Overhead(0, new SampleSet(ob, w, 1, 0, 0), 0, true)).build();
        ComparisonResult in = compare(cm, bm, Design.PAIRED_SAMPLES, SpeedupReading.NET);
        assertEquals(1.15, in.netSpeedupInterval().orElseThrow().lower(), 1e-12, in.toString());
        assertEquals(1.15, in.netSpeedupInterval().orElseThrow().upper(), 1e-12, in.toString());
        // The same overhead samples taken apart (a phase of their own): their drift no longer pairs.
        Measurement ca = Measurement.of("c", new SampleSet(c, w, 1, 0, 0), clocks(10)).timer("fake", 0)
                .overhead(new Measurement.Overhead(0, new SampleSet(oc, w, 1, 0, 0), 0)).build();
        Measurement ba = Measurement.of("b", new SampleSet(b, w, 1, 0, 0), clocks(10)).timer("fake", 0)
                .overhead(new Measurement.Overhead(0, new SampleSet(ob, w, 1, 0, 0), 0)).build();
        ComparisonResult apart = compare(ca, ba, Design.PAIRED_SAMPLES, SpeedupReading.NET);
        assertTrue(apart.netSpeedupInterval().orElseThrow().width() > 0.01, apart.toString());
    }

    @Test
    void forksCarryTheirOverheadsSoTheirEffectCancels() {
        Measurement c = forks("c", 10_000, 1_500, 4, 4);
        Measurement b = forks("b", 11_500, 1_500, 4, 5);
        ComparisonResult abba = compare(c, b, Design.PAIRED_FORKS, SpeedupReading.NET);
        // Each fork's work and empty kernel moved together: net of their own overhead, every fork reads
        // 8500 and 10000 ns exactly. (The point uses the forks' weighted overheads: exact here too.)
        assertEquals(10_000.0 / 8_500, abba.netSpeedupInterval().orElseThrow().lower(), 1e-9, abba.toString());
        assertEquals(10_000.0 / 8_500, abba.netSpeedupInterval().orElseThrow().upper(), 1e-9, abba.toString());
        assertTrue(abba.speedupInterval().width() > 0.01, abba.toString());
        assertTrue(abba.design().startsWith("interleaved ABBA: 4 rounds"), abba.design());
        ComparisonResult apart = compare(c, b, Design.INDEPENDENT, SpeedupReading.NET);
        assertEquals(10_000.0 / 8_500, apart.netSpeedupInterval().orElseThrow().lower(), 1e-9, apart.toString());
    }

    @Test
    void withoutAnOverheadThereIsNoNetSpeedupAndTheVerdictSaysItReadTheRawOne() {
        SampleSet c = set(12_000, 30, 60, 6, 6);
        SampleSet b = set(13_500, 30, 60, 6, 7);
        ComparisonResult r = compare(session("c", c, null), session("b", b, null), Design.PAIRED_SAMPLES,
                SpeedupReading.NET);
        assertTrue(r.netSpeedupInterval().isEmpty());
        assertTrue(Double.isNaN(r.netSpeedup()));
        assertTrue(r.netUnavailable().contains("no launch overhead was measured"), r.netUnavailable());
        assertEquals(SpeedupReading.RAW, r.verdictReading());
        assertTrue(r.verdictBasis().startsWith("raw (net asked for, but no launch overhead"), r.verdictBasis());
        assertEquals(r.speedupInterval(), r.verdictInterval());
    }

    @Test
    void aKernelNoLongerThanItsOverheadHasNoNetSpeedup() {
        SampleSet c = set(1_000, 5, 40, 4, 8);
        SampleSet b = set(1_100, 5, 40, 4, 9);
        SampleSet o = set(1_500, 5, 40, 4, 10);
        ComparisonResult r = compare(session("c", c, o), session("b", b, o), Design.PAIRED_SAMPLES, SpeedupReading.RAW);
        assertFalse(r.netSpeedupInterval().isPresent());
        assertTrue(r.netUnavailable().startsWith("not measurable net of launch overhead: 'c''s net interval reaches zero"), r.netUnavailable());
    }
}
