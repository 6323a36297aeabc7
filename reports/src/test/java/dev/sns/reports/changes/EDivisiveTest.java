package dev.sns.reports.changes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The statistic and the splits on hand-checked series; the robust noise on known data. */
class EDivisiveTest {
    /**
     * [0, 0, 1, 1] split after 2: between-distance sum 4 (four pairs at 1), within sums 0; E = 2*4/(2*2)
     * - 0 - 0 = 2, scaled by n1 n2 / (n1 + n2) = 1: Q = 2.
     */
    @Test
    void theStatisticOfATinySeriesByHand() {
        assertArrayEquals(new double[] {2, 2.0}, EDivisive.bestSplit(new double[] {0, 0, 1, 1}, 0, 4, 2));
        assertEquals(null, EDivisive.bestSplit(new double[] {0, 0, 1}, 0, 3, 2), "too short to split");
    }

    @Test
    void twoClearStepsAreBothFoundWithSmallPValues() {
        double[] x = new double[30];
        for (int i = 0; i < 30; i++) {
            x[i] = (i < 10 ? 0 : i < 20 ? 5 : 1) + 0.01 * (i % 3);
        }
        List<EDivisive.Split> s = EDivisive.detect(x, 3, 0.05, 199, 1);
        assertEquals(List.of(10, 20), s.stream().map(EDivisive.Split::index).toList());
        assertTrue(s.stream().allMatch(p -> p.pValue() == 1.0 / 200), s.toString());
    }

    @Test
    void badSettingsAreNamed() {
        assertThrows(IllegalArgumentException.class, () -> EDivisive.detect(new double[4], 1, 0.05, 99, 1));
        assertThrows(IllegalArgumentException.class, () -> new ChangeSettings(0.05, 199, 5, 5000, Space.AUTO, 0, 1));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Space.parse("kelvin")).getMessage()
                .contains("use auto, time or cycles"));
    }

    @Test
    void theRobustNoiseIgnoresStepsAndOutliers() {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(3);
        double[] x = new double[10_000];
        for (int i = 0; i < x.length; i++) {
            x[i] = Series.gaussian(rnd);
        }
        assertEquals(1.0, RobustNoise.sd(x), 0.03);
        for (int i = 5000; i < x.length; i++) {
            x[i] += 100;
        }
        x[100] = 1e6;
        assertEquals(1.0, RobustNoise.sd(x), 0.03);
        assertEquals(1.959964, RobustNoise.normalQuantile(0.975), 1e-6);
        assertEquals(-1.644854, RobustNoise.normalQuantile(0.05), 1e-6);
        assertEquals(0.0, RobustNoise.sd(new double[] {1, 2}));
    }
}
