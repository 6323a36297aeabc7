package dev.sns.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.fakes.FakeVariance;
import dev.sns.model.ClockEvidence;
import dev.sns.model.ComparisonResult;
import dev.sns.model.SpeedupReading;
import dev.sns.model.ThrottleEvidence;
import dev.sns.model.TimingResult;
import dev.sns.model.VerdictThresholds;
import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.MinDetectableChange;
import dev.sns.timing.SampleSet;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Issue 26.3 and 26.7, known answers: what a reading cannot say. A kernel whose time is about the
 * launch overhead has no net reading (it says so and gives the raw one); every result and comparison
 * reports the smallest change it can see at 80% power, within 10% of the analytic figure for a fake
 * of known normal noise.
 */
class ReadingLimitsTest {
    private static final BootstrapSettings BS = BootstrapSettings.defaults();
    private static final ClockEvidence CLOCKS = new ClockEvidence("fake", false, new double[] {1500, 1500},
            new double[0], ThrottleEvidence.none());

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

    private static Measurement session(String name, SampleSet work, SampleSet overhead) {
        ClockEvidence[] e = new ClockEvidence[work.windowCount()];
        Arrays.fill(e, CLOCKS);
        return Measurement.of(name, work, List.of(e)).timer("fake", 0)
                .overhead(new Measurement.Overhead(0, overhead, 0)).build();
    }

    /** The case: raw 1.464 us, the empty kernel 1.520 us (ns in the fake). */
    @Test
    void aKernelAboutAsLongAsTheOverheadIsNotMeasurableNetAndSaysTheRawReading() {
        TimingResult near = Analysis.timing(session("near", set(1464, 30, 400, 4, 1), set(1520, 30, 200, 1, 2)), BS);
        assertFalse(near.netMeasurable());
        assertEquals(0.0, near.netIntervalMillis().orElseThrow().lower(), "the clamped net interval reaches zero");
        assertTrue(near.toString().contains("not measurable net of launch overhead (raw 1.46"), near.toString());
        assertFalse(near.toString().contains("net of launch overhead 0"), near.toString());

        TimingResult clear = Analysis.timing(session("clear", set(11464, 30, 400, 4, 3), set(1520, 30, 200, 1, 4)), BS);
        assertTrue(clear.netMeasurable());
        assertTrue(clear.toString().contains(", net of launch overhead 9.9"), clear.toString());

        // just above the overhead, but its interval still reaches the overhead's upper bound: not measurable
        TimingResult touching = Analysis.timing(session("touch", set(1550, 60, 40, 4, 5), set(1520, 60, 40, 1, 6)), BS);
        assertTrue(touching.netMedianMillis() > 0);
        assertFalse(touching.netMeasurable(), "a positive net median whose interval reaches zero is no reading");

        // a comparison with such a side has no net speedup, says why, and judges the raw one
        ComparisonResult c = Analysis.compare(Analysis.summarize(session("near", set(1464, 30, 400, 4, 1),
                set(1520, 30, 200, 1, 2)), BS), Analysis.summarize(session("base", set(3000, 30, 400, 4, 7),
                set(1520, 30, 200, 1, 8)), BS), Design.INDEPENDENT, BS, VerdictThresholds.defaults(),
                SpeedupReading.NET);
        assertTrue(c.netSpeedupInterval().isEmpty());
        assertTrue(c.whyNetUnavailable().orElseThrow().startsWith("not measurable net of launch overhead: 'near''s"),
                c.whyNetUnavailable().orElseThrow());
        assertEquals(SpeedupReading.RAW, c.verdictReading());
    }

    /**
     * Normal noise of sd 2% around 10 us, 4,000 samples in one window: the median's SE is
     * sqrt(pi/2) x 0.02 / sqrt(4000) = 3.96e-4, the MDC 2.8016 x that = 0.1110%. Twelve fakes' mean
     * figure lies within 10% of it (measured: see the message), each within 25% (the bootstrap's
     * estimate of a median's SE is itself noisy, about n^-1/4).
     */
    @Test
    void theMinimumDetectableChangeOfAResultMatchesTheAnalyticValue() {
        double noise = 0.02;
        int n = 4000;
        double analytic = MinDetectableChange.FACTOR * Math.sqrt(Math.PI / 2) * noise / Math.sqrt(n);
        FakeVariance fake = FakeVariance.noise("normal", noise);
        SplittableRandom rnd = new SplittableRandom(26);
        double sum = 0;
        int fakes = 12;
        for (int k = 0; k < fakes; k++) {
            TimingResult r = Analysis.timing(fake.single(rnd, 10_000, n, 1).candidate(), BS);
            double mdc = r.minDetectableChange();
            assertEquals(analytic, mdc, 0.25 * analytic, "fake " + k);
            sum += mdc;
        }
        double mean = sum / fakes;
        System.out.printf("MDC of a result: mean of %d fakes %.5f%% vs analytic %.5f%% (x%.3f)%n", fakes, 100 * mean,
                100 * analytic, mean / analytic);
        assertEquals(analytic, mean, 0.10 * analytic, "mean MDC " + mean + " vs analytic " + analytic);
    }

    /**
     * Two independent sides of the same noise: the speedup's MDC combines both SEs, sqrt(2) x one
     * side's: 0.1570% for sd 2% and 4,000 samples each.
     */
    @Test
    void theMinimumDetectableChangeOfAComparisonCombinesBothSides() {
        double noise = 0.02;
        int n = 4000;
        double analytic = MinDetectableChange.FACTOR * Math.sqrt(2) * Math.sqrt(Math.PI / 2) * noise / Math.sqrt(n);
        FakeVariance fake = FakeVariance.noise("normal", noise);
        SplittableRandom rnd = new SplittableRandom(27);
        double sum = 0;
        int fakes = 8;
        for (int k = 0; k < fakes; k++) {
            Measurement a = fake.single(rnd, 10_000, n, 1).candidate();
            Measurement b = fake.single(rnd, 12_000, n, 1).candidate();
            ComparisonResult c = Analysis.compare(Analysis.summarize(a, BS), Analysis.summarize(b, BS),
                    Design.INDEPENDENT, BS, VerdictThresholds.defaults());
            sum += c.minDetectableChange();
        }
        double mean = sum / fakes;
        System.out.printf("MDC of a comparison: mean of %d fakes %.5f%% vs analytic %.5f%% (x%.3f)%n", fakes,
                100 * mean, 100 * analytic, mean / analytic);
        assertEquals(analytic, mean, 0.10 * analytic, "mean MDC " + mean + " vs analytic " + analytic);
    }

    @Test
    void theFiguresAreKnownAnswersOfTheirDefinition() {
        assertEquals(2.8016, MinDetectableChange.FACTOR, 1e-4);
        // [98, 102] at 95% around 100: SE = 4 / 3.92 / 100 = 1.0204%, MDC 2.859%
        assertEquals(0.028588, MinDetectableChange.of(MinDetectableChange.relativeSe(100,
                new dev.sns.stats.Interval(98, 102, 0.95))), 1e-5);
        assertEquals(MinDetectableChange.FACTOR * Math.sqrt(2) * 0.01, MinDetectableChange.combined(0.01, 0.01), 1e-12);
        assertTrue(Double.isNaN(MinDetectableChange.logRatioSe(new dev.sns.stats.Interval(0, 2, 0.95))));
    }
}
