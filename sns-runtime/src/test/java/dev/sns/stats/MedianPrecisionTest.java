package dev.sns.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MedianPrecisionTest {
    @Test
    void orderStatisticHalfWidthKnownAnswer() {
        // 1..100: ranks floor(50 - 1.96 * 10 / 2) = 40 and ceil(1 + 50 + 9.8) = 61 (1-based): values 40 and 61
        double[] a = new double[100];
        for (int i = 0; i < a.length; i++) {
            a[a.length - 1 - i] = i + 1; // reversed: the order of the input does not matter
        }
        assertEquals(10.5, MedianPrecision.orderStatisticHalfWidth(a, 100, 0.95), 1e-12);
        assertEquals(1.0, a[a.length - 1], 0.0, "the input is not changed");
    }

    @Test
    void windowMedianHalfWidthKnownAnswer() {
        // window medians 2 and 5: sd 2.1213, / sqrt(2) = 1.5, t(1, 0.975) = 12.706
        double[] a = {1, 2, 3, 4, 5, 6};
        int[] w = {0, 0, 0, 1, 1, 1};
        assertEquals(12.7062047 * 1.5, MedianPrecision.windowMedianHalfWidth(a, w, 6, 0.95), 1e-5);
        assertTrue(Double.isNaN(MedianPrecision.windowMedianHalfWidth(a, new int[6], 6, 0.95)), "one window: no spread");
        // only the first n samples count: window 1 holds 4 and 5 -> medians 2 and 4.5, sd 1.7678, / sqrt(2) = 1.25
        assertEquals(12.7062047 * 1.25, MedianPrecision.windowMedianHalfWidth(a, w, 5, 0.95), 1e-5);
    }

    @Test
    void relativeHalfWidthIsTheWiderOverTheMedian() {
        double[] a = {1, 2, 3, 4, 5, 6};
        int[] w = {0, 0, 0, 1, 1, 1};
        double rel = MedianPrecision.relativeHalfWidth(a, w, 6, 0.95);
        assertEquals(12.7062047 * 1.5 / 3.5, rel, 1e-5);
        assertEquals(Double.POSITIVE_INFINITY, MedianPrecision.relativeHalfWidth(new double[4], new int[4], 4, 0.95));
    }

    @Test
    void orderStatisticIntervalCoversTheMedianAtItsLevel() {
        // 2000 samples of 101 from N(10, 1): the interval median +- half-width holds 10 about 95% of the time
        SplittableRandom rnd = new SplittableRandom(7);
        int held = 0;
        int trials = 2000;
        for (int t = 0; t < trials; t++) {
            double[] a = new double[101];
            for (int i = 0; i < a.length; i++) {
                a[i] = 10 + rnd.nextGaussian();
            }
            double half = MedianPrecision.orderStatisticHalfWidth(a, a.length, 0.95);
            double median = Percentiles.median(a);
            held += Math.abs(median - 10) <= half ? 1 : 0;
        }
        double coverage = held / (double) trials;
        assertTrue(coverage >= 0.93 && coverage <= 0.99, "coverage " + coverage);
    }

    @Test
    void badArgumentsAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MedianPrecision.orderStatisticHalfWidth(new double[1], 1, 0.95));
        assertTrue(e.getMessage().contains("at least 2 samples, got 1"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> MedianPrecision.orderStatisticHalfWidth(new double[4], 4, 1.5));
        assertTrue(e.getMessage().contains("1.5"), e.getMessage());
    }
}
