package dev.sns.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RatioBootstrapTest {
    private static final BootstrapSettings S = BootstrapSettings.defaults();

    @Test
    void knownTwoToOneRatio() {
        double[] c = MedianBootstrapTest.noisy(400, 1);
        double[] b = Arrays.stream(MedianBootstrapTest.noisy(400, 2)).map(v -> 2 * v).toArray();
        Interval iv = RatioBootstrap.independent(c, b, S);
        assertTrue(iv.contains(2.0), iv.toString());
        assertTrue(iv.width() < 0.05, iv.toString());
    }

    @Test
    void exactlyTwiceEverySampleGivesExactlyTwo() {
        double[] c = MedianBootstrapTest.noisy(101, 3);
        double[] b = Arrays.stream(c).map(v -> 2 * v).toArray();
        Interval paired = RatioBootstrap.paired(c, b, S);
        assertEquals(2.0, paired.lower(), 1e-12);
        assertEquals(2.0, paired.upper(), 1e-12);
    }

    @Test
    void sameSeedSameIntervalAndScaleInvariance() {
        double[] c = MedianBootstrapTest.noisy(300, 4);
        double[] b = MedianBootstrapTest.noisy(300, 5);
        Interval a = RatioBootstrap.independent(c, b, S);
        assertEquals(a, RatioBootstrap.independent(c.clone(), b.clone(), S));
        double[] c1000 = Arrays.stream(c).map(v -> v * 1000).toArray();
        double[] b1000 = Arrays.stream(b).map(v -> v * 1000).toArray();
        Interval scaled = RatioBootstrap.independent(c1000, b1000, S);
        assertEquals(a.lower(), scaled.lower(), 1e-12);
        assertEquals(a.upper(), scaled.upper(), 1e-12);
        Interval p = RatioBootstrap.paired(c, b, S);
        Interval ps = RatioBootstrap.paired(c1000, b1000, S);
        assertEquals(p.lower(), ps.lower(), 1e-12);
        assertEquals(p.upper(), ps.upper(), 1e-12);
    }

    /** Paired: swapping sides inverts every replicate, so the interval is exactly the reciprocal. */
    @Test
    void swappingSidesInvertsPairedIntervalExactly() {
        double[] c = MedianBootstrapTest.noisy(200, 6);
        double[] b = MedianBootstrapTest.noisy(200, 7);
        Interval forward = RatioBootstrap.paired(c, b, S);
        Interval backward = RatioBootstrap.paired(b, c, S).reciprocal();
        assertEquals(forward.lower(), backward.lower(), 1e-12);
        assertEquals(forward.upper(), backward.upper(), 1e-12);
    }

    /** Independent: each side uses its own random stream, so the inversion holds within resampling noise. */
    @Test
    void swappingSidesInvertsIndependentInterval() {
        double[] c = MedianBootstrapTest.noisy(2000, 8);
        double[] b = Arrays.stream(MedianBootstrapTest.noisy(2000, 9)).map(v -> 1.3 * v).toArray();
        Interval forward = RatioBootstrap.independent(c, b, S);
        Interval backward = RatioBootstrap.independent(b, c, S).reciprocal();
        assertEquals(forward.lower(), backward.lower(), 0.002 * forward.lower());
        assertEquals(forward.upper(), backward.upper(), 0.002 * forward.upper());
    }

    /**
     * Both sides share a slow drift (+-20% over the run) but differ by a true 1.10: pairing by round
     * cancels the drift, resampling sides independently cannot.
     */
    @Test
    void pairingCancelsSharedDrift() {
        Random r = new Random(10);
        int rounds = 200;
        double[] c = new double[rounds];
        double[] b = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            double drift = 1 + 0.2 * Math.sin(i / 20.0);
            c[i] = 100 * drift * (1 + 0.005 * r.nextGaussian());
            b[i] = 110 * drift * (1 + 0.005 * r.nextGaussian());
        }
        Interval paired = RatioBootstrap.paired(c, b, S);
        Interval independent = RatioBootstrap.independent(c, b, S);
        assertTrue(paired.contains(1.10), paired.toString());
        assertTrue(paired.width() * 5 < independent.width(), "paired " + paired + " independent " + independent);
    }

    @Test
    void pairedWindowedIsWiderThanPairedWhenRatioShiftsBetweenWindows() {
        Random r = new Random(11);
        int rounds = 400;
        double[] c = new double[rounds];
        double[] b = new double[rounds];
        int[] window = new int[rounds];
        double shift = 1;
        for (int i = 0; i < rounds; i++) {
            if (i % 40 == 0) {
                shift = 1 + 0.02 * r.nextGaussian();
            }
            window[i] = i / 40;
            c[i] = 100 * (1 + 0.01 * r.nextGaussian());
            b[i] = 100 * shift * (1 + 0.01 * r.nextGaussian());
        }
        Interval flat = RatioBootstrap.paired(c, b, S);
        Interval windowed = RatioBootstrap.pairedWindowed(c, b, window, S);
        assertTrue(windowed.width() > 2 * flat.width(), windowed + " vs " + flat);
    }

    @Test
    void zeroCandidateMedianIsAClearError() {
        double[] c = {0, 0, 0, 0};
        double[] b = {1, 1, 1, 1};
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RatioBootstrap.independent(c, b, S));
        assertTrue(e.getMessage().contains("resolution"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> RatioBootstrap.paired(c, b, S));
        assertTrue(e.getMessage().contains("resolution"), e.getMessage());
    }

    @Test
    void pairedNeedsEqualRounds() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RatioBootstrap.paired(new double[] {1, 2, 3}, new double[] {1, 2}, S));
        assertTrue(e.getMessage().contains("3 candidate and 2 baseline"), e.getMessage());
        assertFalse(e.getMessage().isEmpty());
    }
}
