package dev.sns.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.model.ClockEvidence;
import dev.sns.model.ComparisonResult;
import dev.sns.model.ThrottleEvidence;
import dev.sns.model.VerdictThresholds;
import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.Interval;
import dev.sns.stats.Percentiles;
import dev.sns.stats.Repeatability;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Issue 26.2, known answers on the fake backend: back-to-back comparisons carry the between-call
 * term. Each simulated call interleaves the two sides (200 rounds in 10 windows, 1% sample noise);
 * with a between-call offset of each side (sd 1%, its own each call), the ratio of one call misses the
 * true ratio unless its interval carries that term. The host's repeatability comes as a user gets it:
 * a self-check of 20 calls of one side (the medians' predictive sd, the option {@code repeatSdPct}).
 */
class BetweenCallTest {
    private static final BootstrapSettings BS = BootstrapSettings.defaults();
    private static final ClockEvidence CLOCKS = new ClockEvidence("fake", false, new double[0], new double[0],
            ThrottleEvidence.none());
    private static final double NANOS = 10_000;
    private static final double RATIO = 1.15;
    private static final double NOISE = 0.01;
    private static final int ROUNDS = 200;
    private static final int WINDOWS = 10;
    private static final int CALLS = 100;

    private static double[] samples(SplittableRandom rnd, double level, int n) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = level * (1 + NOISE * rnd.nextGaussian());
        }
        return x;
    }

    /** One call: both sides interleaved, each moved by its own between-call offset of sd {@code between}. */
    private static ComparisonResult call(SplittableRandom rnd, double between, double repeatSd) {
        double offC = 1 + between * rnd.nextGaussian();
        double offB = 1 + between * rnd.nextGaussian();
        Measurement.Builder c = Measurement.builder("candidate").timer("fake", 0).repeatSd(repeatSd);
        Measurement.Builder b = Measurement.builder("baseline").timer("fake", 0).repeatSd(repeatSd);
        for (int w = 0; w < WINDOWS; w++) {
            c.window(0, samples(rnd, NANOS * offC, ROUNDS / WINDOWS), CLOCKS);
            b.window(0, samples(rnd, RATIO * NANOS * offB, ROUNDS / WINDOWS), CLOCKS);
        }
        return Analysis.compare(Analysis.summarize(c.build(), BS), Analysis.summarize(b.build(), BS),
                Design.PAIRED_SAMPLES, BS, VerdictThresholds.defaults());
    }

    /** The self-check: 20 calls of one side, the predictive sd of their medians (what repeatSdPct holds). */
    private static double selfCheck(SplittableRandom rnd, double between) {
        double[] medians = new double[20];
        for (int k = 0; k < medians.length; k++) {
            medians[k] = Percentiles.median(samples(rnd, NANOS * (1 + between * rnd.nextGaussian()), ROUNDS));
        }
        return Repeatability.predictiveSdFraction(medians);
    }

    private record Tally(int covered, double meanWidth, double repeatSd) {}

    private static Tally run(double between, boolean withRepeat, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double repeatSd = withRepeat ? selfCheck(rnd, between) : Double.NaN;
        int covered = 0;
        double width = 0;
        for (int k = 0; k < CALLS; k++) {
            Interval i = call(rnd, between, repeatSd).speedupInterval();
            covered += i.contains(RATIO) ? 1 : 0;
            width += Math.log(i.upper() / i.lower());
        }
        return new Tally(covered, width / CALLS, repeatSd);
    }

    @Test
    void aBetweenCallOffsetIsCoveredOnceTheIntervalCarriesTheTerm() {
        Tally within = run(0.01, false, 2602);
        Tally carried = run(0.01, true, 2602);
        System.out.printf("between-call offset 1%% per side: covered %d/%d within the call, %d/%d with the "
                + "between-call term (repeatSd %.3f%%); mean log-width %.4f -> %.4f%n", within.covered(), CALLS,
                carried.covered(), CALLS, 100 * carried.repeatSd(), within.meanWidth(), carried.meanWidth());
        assertTrue(within.covered() < 0.8 * CALLS, "the fake must show the problem: " + within);
        assertTrue(carried.covered() >= 0.95 * CALLS, "covers the true ratio: " + carried);
    }

    @Test
    void withoutABetweenCallOffsetTheWidthIsKept() {
        Tally within = run(0.0, false, 2603);
        Tally carried = run(0.0, true, 2603);
        System.out.printf("no between-call offset: covered %d/%d within, %d/%d with the term (repeatSd %.3f%%); "
                + "mean log-width %.5f -> %.5f (x%.3f)%n", within.covered(), CALLS, carried.covered(), CALLS,
                100 * carried.repeatSd(), within.meanWidth(), carried.meanWidth(),
                carried.meanWidth() / within.meanWidth());
        assertEquals(1.0, carried.meanWidth() / within.meanWidth(), 0.05, "width kept within 5%");
    }

    @Test
    void knownAnswersOfTheTerm() {
        assertEquals(0.03, Repeatability.betweenCallSd(0.05, 0.04), 1e-12);
        assertEquals(0.0, Repeatability.betweenCallSd(0.01, 0.02), 0.0, "all within-call error: nothing between");
        Interval w = Repeatability.widenRatio(new Interval(1.0, 1.21, 0.95), 1.1, 0.0);
        assertEquals(new Interval(1.0, 1.21, 0.95), w);
        Interval wide = Repeatability.widenRatio(new Interval(1.1, 1.1, 0.95), 1.1, 0.01);
        double z = 1.959963984540054;
        assertEquals(1.1 * Math.exp(-z * 0.01), wide.lower(), 1e-9);
        assertEquals(1.1 * Math.exp(z * 0.01), wide.upper(), 1e-9);
    }
}
