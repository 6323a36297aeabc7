package dev.sns.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.model.ClockEvidence;
import dev.sns.model.MeasurementTier;
import dev.sns.model.ThrottleEvidence;
import dev.sns.model.TimingResult;
import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.CarriedDrift;
import dev.sns.stats.ClusterBootstrap;
import dev.sns.stats.Interval;
import dev.sns.stats.QuantizationFloor;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Issue 26.8, known answers on the fake backend: window-to-window drift that carries over (each
 * window's level an AR(1) step from the last) is detected and the session's interval widened, so that
 * it covers the process's true median about as often as it says; independent window drift is left as
 * it was. Coverage counts over simulated sessions are printed and held below.
 */
class CarriedDriftTest {
    private static final BootstrapSettings BS = BootstrapSettings.defaults();
    /** Locked clocks, steady: tier A unless the drift test says otherwise. */
    private static final ClockEvidence CLOCKS = new ClockEvidence("fake", true, new double[] {1980, 1980},
            new double[] {2619, 2619}, ThrottleEvidence.none());
    private static final double NANOS = 10_000;
    private static final int WINDOWS = 16;
    private static final int PER_WINDOW = 30;
    private static final int SESSIONS = 200;

    /** One session: window levels with lag-1 correlation {@code phi} and stationary sd {@code drift}. */
    private static Measurement session(SplittableRandom rnd, double phi, double drift, double noise) {
        Measurement.Builder b = Measurement.builder("drift").timer("fake", 0);
        double d = drift * rnd.nextGaussian(); // stationary start
        for (int w = 0; w < WINDOWS; w++) {
            if (w > 0) {
                d = phi * d + Math.sqrt(1 - phi * phi) * drift * nextGaussian(rnd);
            }
            double[] x = new double[PER_WINDOW];
            for (int i = 0; i < PER_WINDOW; i++) {
                x[i] = NANOS * (1 + d) * (1 + noise * nextGaussian(rnd));
            }
            b.window(0, x, CLOCKS);
        }
        return b.build();
    }

    private static double nextGaussian(SplittableRandom rnd) {
        return rnd.nextGaussian();
    }

    /** What the session's interval was before issue 26.8: the cluster bootstrap of its windows. */
    private static Interval before(Measurement m) {
        double[] ms = Analysis.toMillis(m.samples());
        return QuantizationFloor.atLeast(ClusterBootstrap.median(ms, m.windowIds(), BS).interval(), 0);
    }

    /**
     * Coverage before and after, sessions widened, sessions at tier B (each with the drift's reason),
     * and the mean width after over before.
     */
    private record Tally(int coveredBefore, int coveredAfter, int widened, int tierB, int coveredAtA, double widthRatio) {}

    private static Tally run(double phi, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int cb = 0;
        int ca = 0;
        int widened = 0;
        int tierB = 0;
        int coveredAtA = 0;
        double ratio = 0;
        double truth = NANOS / 1e6;
        for (int s = 0; s < SESSIONS; s++) {
            Measurement m = session(rnd, phi, 0.01, 0.01);
            Interval b = before(m);
            TimingResult r = Analysis.timing(m, BS);
            Interval a = r.intervalMillis();
            cb += b.contains(truth) ? 1 : 0;
            ca += a.contains(truth) ? 1 : 0;
            boolean wide = r.estimator().contains("carried over");
            widened += wide ? 1 : 0;
            // the tier says it: B with the drift's reason exactly where the drift was found, else A
            assertEquals(wide ? MeasurementTier.B : MeasurementTier.A, r.tier(), r.tierReasons().toString());
            assertEquals(wide, !r.tierReasons().isEmpty()
                    && r.tierReasons().get(0).startsWith("window medians drift from window to window (lag-1 "
                    + "autocorrelation "), r.tierReasons().toString());
            tierB += r.tier() == MeasurementTier.B ? 1 : 0;
            coveredAtA += r.tier() == MeasurementTier.A && a.contains(truth) ? 1 : 0;
            ratio += (a.upper() - a.lower()) / (b.upper() - b.lower());
        }
        return new Tally(cb, ca, widened, tierB, coveredAtA, ratio / SESSIONS);
    }

    /**
     * AR(1) window levels (phi 0.5, sd 1%), 1% sample noise, 16 windows of 30 samples, 200 sessions.
     * Measured: covered 144/200 before, 167/200 after, widened in 85 (the test's power at phi 0.5 and 16
     * windows), each of them tier B with the drift's reason (and covered, 85/85); the sessions it misses
     * keep their too narrow interval and tier A (covered 82/115), so coverage stays short of 95%.
     */
    @Test
    void carriedDriftIsDetectedAndTheIntervalWidenedToCoverTheTruth() {
        Tally t = run(0.5, 2608);
        System.out.printf("carried drift (AR(1) phi 0.5): covered %d/%d before, %d/%d after; widened in %d; "
                + "tier B in %d, tier A covered %d/%d; mean width x%.2f%n", t.coveredBefore(), SESSIONS, t.coveredAfter(),
                SESSIONS, t.widened(), t.tierB(), t.coveredAtA(), SESSIONS - t.tierB(), t.widthRatio());
        assertTrue(t.coveredBefore() < 0.90 * SESSIONS, "the fake must show the problem: " + t);
        assertTrue(t.coveredAfter() >= t.coveredBefore() + 0.075 * SESSIONS, "coverage rises: " + t);
        assertTrue(t.widened() >= 0.3 * SESSIONS, "the test finds it in a good share of sessions: " + t);
        assertEquals(t.widened(), t.tierB(), "every session found is tier B: " + t);
    }

    /**
     * Strong carried drift (phi 0.8): measured 98/200 covered before, 175/200 after, widened (tier B) in
     * 156; tier A covered 20/44.
     */
    @Test
    void strongCarriedDriftIsWidenedAsFarAsItsWindowsAllow() {
        Tally t = run(0.8, 2610);
        System.out.printf("carried drift (AR(1) phi 0.8): covered %d/%d before, %d/%d after; widened in %d; "
                + "tier B in %d, tier A covered %d/%d; mean width x%.2f%n", t.coveredBefore(), SESSIONS, t.coveredAfter(),
                SESSIONS, t.widened(), t.tierB(), t.coveredAtA(), SESSIONS - t.tierB(), t.widthRatio());
        assertTrue(t.coveredAfter() >= t.coveredBefore() + 0.15 * SESSIONS, "coverage rises: " + t);
    }

    /**
     * Independent window levels: the test fires at about its 5% level (measured 11/200: the false alarms,
     * tier B), the other sessions keep tier A and their width exactly; the mean width over all rises by the
     * false alarms' widening (measured x1.107).
     */
    @Test
    void independentWindowDriftIsLeftAsItWas() {
        Tally t = run(0.0, 2609);
        System.out.printf("independent drift: covered %d/%d before, %d/%d after; widened in %d; "
                + "false alarms (tier B) %d/%d; mean width x%.3f%n", t.coveredBefore(), SESSIONS, t.coveredAfter(),
                SESSIONS, t.widened(), t.tierB(), SESSIONS, t.widthRatio());
        assertTrue(t.widened() <= 0.10 * SESSIONS, "false alarms near the test's 5%: " + t);
        assertEquals(t.widened(), t.tierB(), "tier B only for the false alarms: " + t);
        assertTrue(t.widthRatio() < 1.15, "mean width within 15% (the false alarms' widening): " + t);
        assertTrue(t.coveredAfter() >= t.coveredBefore(), "never less coverage: " + t);
    }

    @Test
    void knownAnswersOfTheTest() {
        assertEquals(26.25 / 42, CarriedDrift.lag1(new double[] {1, 2, 3, 4, 5, 6, 7, 8}), 1e-12, "a ramp of 8");
        CarriedDrift.Finding ramp = CarriedDrift.test(new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 1);
        assertTrue(ramp.carried() && ramp.pValue() < 0.01, ramp.toString());
        CarriedDrift.Finding alternating = CarriedDrift.test(new double[] {1, 3, 1, 3, 1, 3, 1, 3, 1, 3}, 1);
        assertFalse(alternating.carried(), alternating.toString());
        assertFalse(CarriedDrift.test(new double[] {1, 2, 3, 4, 5}, 1).carried(), "too few windows to tell");
        assertEquals(CarriedDrift.test(new double[] {1, 2, 3, 4, 5, 6, 7, 8}, 7),
                CarriedDrift.test(new double[] {1, 2, 3, 4, 5, 6, 7, 8}, 7), "seeded: the same finding");
        Interval w = CarriedDrift.widen(new Interval(9, 12, 0.95), 10, 2);
        assertEquals(new Interval(8, 14, 0.95), w, "each side of the median widened on its own");
    }
}
