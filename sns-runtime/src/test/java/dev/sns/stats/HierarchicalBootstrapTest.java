package dev.sns.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.stats.ResamplingPlan.Level;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HierarchicalBootstrapTest {
    private static final BootstrapSettings S = BootstrapSettings.defaults();

    @Test
    void weightedMedianKnownAnswers() {
        double[] v = {1, 2, 3, 4};
        assertEquals(2.0, HierarchicalBootstrap.weightedMedian(v, new int[] {1, 1, 1, 0}, 3), 0.0);
        assertEquals(2.5, HierarchicalBootstrap.weightedMedian(v, new int[] {1, 1, 1, 1}, 4), 0.0);
        assertEquals(1.5, HierarchicalBootstrap.weightedMedian(v, new int[] {2, 2, 0, 0}, 4), 0.0);
        assertEquals(4.0, HierarchicalBootstrap.weightedMedian(v, new int[] {0, 0, 0, 3}, 3), 0.0);
        assertEquals(3.0, HierarchicalBootstrap.weightedMedian(v, new int[] {1, 0, 2, 1}, 4), 0.0);
    }

    /**
     * Two windows {1,1} and {3,3}: windows are drawn with replacement, so a resample is all-1
     * (median 1), all-3 (median 3) or mixed (median 2), with probabilities 1/4, 1/4, 1/2.
     */
    @Test
    void windowLevelLawIsExact() {
        ResamplingPlan plan = ResamplingPlan.builder(Level.CLUSTER)
                .add(0, 1, 0).add(0, 1, 0).add(0, 3, 1).add(0, 3, 1).build();
        double[] reps = HierarchicalBootstrap.replicates(plan, false, 100_000, 9);
        assertFrequency(reps, 1.0, 0.25);
        assertFrequency(reps, 2.0, 0.5);
        assertFrequency(reps, 3.0, 0.25);
    }

    /** A window-free plan is the ordinary bootstrap: same law as MedianBootstrap's exact sampler. */
    @Test
    void flatPlanMatchesExactMedianBootstrap() {
        double[] x = MedianBootstrapTest.noisy(61, 4);
        ResamplingPlan.Builder b = ResamplingPlan.builder();
        for (double v : x) {
            b.add(0, v);
        }
        double[] counted = HierarchicalBootstrap.replicates(b.build(), false, 20_000, 1);
        double[] sorted = x.clone();
        Arrays.sort(sorted);
        double[] exact = MedianBootstrap.replicates(sorted, 20_000, Rng.create(2, 0));
        Arrays.sort(counted);
        Arrays.sort(exact);
        for (double p : new double[] {0.025, 0.5, 0.975}) {
            assertEquals(Percentiles.ofSorted(exact, p), Percentiles.ofSorted(counted, p), 0.3, "quantile " + p);
        }
    }

    @Test
    void windowedIntervalIsWiderThanPooledWhenWindowsShift() {
        // 10 windows of 100 samples; each window's mean shifted by up to +-5%.
        Random r = new Random(1);
        int w = 10, m = 100;
        double[] x = new double[w * m];
        int[] ids = new int[w * m];
        for (int i = 0; i < w; i++) {
            double shift = 1 + 0.05 * (2 * r.nextDouble() - 1);
            for (int j = 0; j < m; j++) {
                x[i * m + j] = 100 * shift + r.nextGaussian();
                ids[i * m + j] = i;
            }
        }
        Interval pooled = MedianBootstrap.medianInterval(x, S);
        Interval windowed = WindowedBootstrap.medianInterval(x, ids, S);
        assertTrue(windowed.width() > 3 * pooled.width(), "windowed " + windowed + " pooled " + pooled);
    }

    @Test
    void windowedIntervalMatchesPooledWhenWindowsAreAlike() {
        Random r = new Random(2);
        double[] x = new double[2000];
        int[] ids = new int[x.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = 100 + r.nextGaussian();
            ids[i] = i / 100;
        }
        Interval pooled = MedianBootstrap.medianInterval(x, S);
        Interval windowed = WindowedBootstrap.medianInterval(x, ids, S);
        // Two-stage resampling counts the within-window spread twice at most: wider by up to sqrt(2).
        double ratio = windowed.width() / pooled.width();
        assertTrue(ratio > 0.8 && ratio < 1.7, "width ratio " + ratio);
    }

    @Test
    void forkLevelAddsForkSpread() {
        Random r = new Random(3);
        int forks = 6, iters = 5, per = 50;
        int n = forks * iters * per;
        double[] x = new double[n];
        int[] fork = new int[n];
        int[] window = new int[n];
        int k = 0;
        for (int f = 0; f < forks; f++) {
            double forkShift = 1 + 0.03 * r.nextGaussian();
            for (int i = 0; i < iters; i++) {
                for (int j = 0; j < per; j++) {
                    x[k] = 50 * forkShift + 0.1 * r.nextGaussian();
                    fork[k] = f;
                    window[k] = f * 100 + i;
                    k++;
                }
            }
        }
        Interval flatWindows = WindowedBootstrap.medianInterval(x, window, S);
        Interval nested = WindowedBootstrap.medianInterval(x, fork, window, S);
        assertTrue(nested.width() > 1.5 * flatWindows.width(), nested + " vs " + flatWindows);
    }

    @Test
    void resultDoesNotDependOnParallelism() {
        double[] x = MedianBootstrapTest.noisy(5000, 6);
        int[] ids = new int[x.length];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = i % 50;
        }
        // 2000 x 5000 visits crosses the parallel threshold; the same call on a small resample count does not.
        Interval a = WindowedBootstrap.medianInterval(x, ids, S);
        Interval b = WindowedBootstrap.medianInterval(x, ids, S);
        assertEquals(a, b);
        double[] seq = HierarchicalBootstrap.replicates(planOf(x, ids), false, 300, 5);
        double[] par = HierarchicalBootstrap.replicates(planOf(x, ids), false, 2000, 5);
        assertEquals(seq[0], par[0]);
        assertEquals(seq[299], par[299]);
    }

    @Test
    void boundedDrawsAreUniformAndInRange() {
        java.util.random.RandomGenerator g = Rng.create(1, 2);
        for (int bound : new int[] {1, 2, 3, 7, 1000, Integer.MAX_VALUE}) {
            for (int i = 0; i < 1000; i++) {
                int v = HierarchicalBootstrap.boundedInt(g, bound);
                assertTrue(v >= 0 && v < bound, v + " for bound " + bound);
            }
        }
        int[] counts = new int[7];
        int n = 700_000;
        for (int i = 0; i < n; i++) {
            counts[HierarchicalBootstrap.boundedInt(g, 7)]++;
        }
        for (int c : counts) {
            assertEquals(n / 7.0, c, 5 * Math.sqrt(n / 7.0));
        }
    }

    @Test
    void twoSidedPlanMustKeepBothSidesInEveryDraw() {
        // Rounds drawn with replacement, but a round holds only the candidate: a draw could lose a side.
        ResamplingPlan.Builder b = ResamplingPlan.builder(Level.CLUSTER);
        b.add(0, 1, 0).add(0, 1, 1).add(1, 2, 2).add(1, 2, 3);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::build);
        assertTrue(e.getMessage().contains("STRATUM"), e.getMessage());
        // Mixing sides in one innermost group is refused too.
        ResamplingPlan.Builder mixed = ResamplingPlan.builder();
        mixed.add(0, 1).add(1, 2);
        assertThrows(IllegalArgumentException.class, mixed::build);
    }

    @Test
    void builderNamesBadInput() {
        ResamplingPlan.Builder b = ResamplingPlan.builder(Level.CLUSTER);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.add(4, 1.0, 0));
        assertTrue(e.getMessage().contains("got 4"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> b.add(0, Double.POSITIVE_INFINITY, 0));
        assertTrue(e.getMessage().contains("Infinity"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> b.add(0, 1.0));
        assertTrue(e.getMessage().contains("0 keys"), e.getMessage());
    }

    private static ResamplingPlan planOf(double[] x, int[] ids) {
        ResamplingPlan.Builder b = ResamplingPlan.builder(Level.CLUSTER);
        for (int i = 0; i < x.length; i++) {
            b.add(0, x[i], ids[i]);
        }
        return b.build();
    }

    private static void assertFrequency(double[] reps, double value, double expected) {
        long hits = Arrays.stream(reps).filter(v -> v == value).count();
        double f = hits / (double) reps.length;
        double sd = Math.sqrt(expected * (1 - expected) / reps.length);
        assertEquals(expected, f, 5 * sd, "frequency of " + value);
    }
}
