package dev.sns.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PrecisionRuleTest {
    /** {@code windows} windows of {@code per} samples around 1000 with relative noise {@code noise}. */
    private static double[] samples(long seed, int windows, int per, double noise, double[] levels) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] x = new double[windows * per];
        for (int i = 0; i < x.length; i++) {
            double level = levels == null ? 1 : levels[i / per];
            x[i] = 1000 * level * (1 + noise * rnd.nextGaussian());
        }
        return x;
    }

    private static int[] windows(int windows, int per) {
        int[] w = new int[windows * per];
        for (int i = 0; i < w.length; i++) {
            w[i] = i / per;
        }
        return w;
    }

    @Test
    void quietSamplesReachATargetTheirIntervalMeets() {
        PrecisionRule rule = new PrecisionRule(0.005, 0.95, 1);
        double[] x = samples(1, 4, 10, 0.001, null);
        assertTrue(rule.reached(new double[][] {x}, windows(4, 10), 40));
    }

    @Test
    void noisySamplesDoNot() {
        PrecisionRule rule = new PrecisionRule(0.005, 0.95, 1);
        double[] x = samples(2, 4, 10, 0.2, null);
        assertFalse(rule.reached(new double[][] {x}, windows(4, 10), 40));
    }

    @Test
    void windowDriftWidensWhatIndependentSamplesWouldNot() {
        // every sample within 0.01% of its window's level, the levels 1% apart: +-2.1% after six
        // windows, +-4.0% after five
        double[] levels = {1.00, 1.01, 0.99, 1.02, 0.98, 1.01};
        double[] x = samples(3, 6, 10, 0.0001, levels);
        assertFalse(new PrecisionRule(0.005, 0.95, 1).reached(new double[][] {x}, windows(6, 10), 60));
        assertFalse(new PrecisionRule(0.03, 0.95, 1).reached(new double[][] {x}, windows(6, 10), 60), "not at two looks");
        assertTrue(new PrecisionRule(0.05, 0.95, 1).reached(new double[][] {x}, windows(6, 10), 60));
    }

    @Test
    void aSpreadStillGrowingIsNotStable() {
        // four quiet windows, then one 2% off: +-0.033% after four, +-0.073% after five, both within a
        // 0.15% target, but the spread grew 2.5-fold with the newest window: grown once more, 0.18%
        double[] levels = {1.0, 1.0, 1.0, 1.0, 1.02};
        double[] x = samples(4, 5, 10, 0.0005, levels);
        PrecisionRule rule = new PrecisionRule(0.0015, 0.95, 1);
        assertTrue(rule.reached(new double[][] {x}, windows(4, 10), 40), "four quiet windows");
        assertFalse(rule.reached(new double[][] {x}, windows(5, 10), 50), "the fifth moved the spread");
    }

    @Test
    void everySideMustReachItButNotTheBodiesAfter() {
        double[] quiet = samples(5, 4, 10, 0.001, null);
        double[] noisy = samples(6, 4, 10, 0.2, null);
        int[] w = windows(4, 10);
        assertFalse(new PrecisionRule(0.005, 0.95, 2).reached(new double[][] {quiet, noisy}, w, 40));
        assertTrue(new PrecisionRule(0.005, 0.95, 1).reached(new double[][] {quiet, noisy}, w, 40),
                "an empty kernel timed in the rounds is not held to the target");
    }

    @Test
    void aSingleWindowIsNeverEnough() {
        double[] x = samples(7, 1, 40, 0.0, null);
        assertFalse(new PrecisionRule(0.005, 0.95, 1).reached(new double[][] {x}, new int[40], 40));
    }

    @Test
    void badTargetsAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new PrecisionRule(0, 0.95, 1));
        assertTrue(e.getMessage().contains("got 0.0"), e.getMessage());
        assertEquals(1.0, PrecisionRule.growth(1, 2));
        assertEquals(1.5, PrecisionRule.growth(3, 2));
        assertEquals(Double.POSITIVE_INFINITY, PrecisionRule.growth(1, 0));
    }
}
