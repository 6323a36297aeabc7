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
    void clusteredHalfWidthKnownAnswer() {
        // n = 6, median 3.5: order statistics of ranks 1 and 6 (z sqrt(6) / 2 = 2.4), half-width 2.5;
        // window sign sums -3 and +3: D = 18 / 6 = 3; t(1) / z = 12.7062 / 1.95996
        double[] a = {1, 2, 3, 4, 5, 6};
        int[] w = {0, 0, 0, 1, 1, 1};
        assertEquals(2.5, MedianPrecision.orderStatisticHalfWidth(a, 6, 0.95), 1e-12);
        assertEquals(2.5 * 12.7062047 / 1.9599640 * Math.sqrt(3), MedianPrecision.clusteredHalfWidth(a, w, 6, 0.95), 1e-5);
        assertTrue(Double.isNaN(MedianPrecision.clusteredHalfWidth(a, new int[6], 6, 0.95)), "one window: no clusters");
        // windows alternating around the median: D = 0 < 1, floored at MIN_DESIGN_EFFECT (0.5)
        double[] b = {1, 6, 2, 5, 3, 4};
        assertEquals(2.5 * 4.3026527 / 1.9599640 * Math.sqrt(0.5), MedianPrecision.clusteredHalfWidth(b,
                new int[] {0, 0, 1, 1, 2, 2}, 6, 0.95), 1e-5);
    }

    @Test
    void aSlowTailInEveryWindowDoesNotWidenItButDriftDoes() {
        // a third of every window's samples 5x slow: window medians jump about, the pooled median does not
        SplittableRandom rnd = new SplittableRandom(3);
        double[] x = new double[400];
        int[] w = new int[400];
        for (int i = 0; i < x.length; i++) {
            w[i] = i / 10;
            x[i] = (rnd.nextDouble() < 0.33 ? 5 : 1) * (1 + 0.01 * rnd.nextGaussian());
        }
        double order = MedianPrecision.orderStatisticHalfWidth(x, 400, 0.95);
        double clustered = MedianPrecision.clusteredHalfWidth(x, w, 400, 0.95);
        assertTrue(clustered < 1.5 * order, clustered + " vs " + order);
        // the same samples with every window's level moved by +-2%: now the windows are clusters, and
        // widen the interval beyond what the independent samples' own (wider now too) says
        for (int i = 0; i < x.length; i++) {
            x[i] *= (w[i] % 2 == 0) ? 1.02 : 0.98;
        }
        double drifted = MedianPrecision.clusteredHalfWidth(x, w, 400, 0.95)
                / MedianPrecision.orderStatisticHalfWidth(x, 400, 0.95);
        assertTrue(drifted > 1.2 * clustered / order, drifted + " vs " + clustered / order);
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
