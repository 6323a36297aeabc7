package dev.sns.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MedianBootstrapTest {
    private static final BootstrapSettings S = BootstrapSettings.defaults();

    /**
     * Exact law of the bootstrap median of {1, 2, 3}: the median is 1 when at least two of three
     * draws are 1: 3 (1/3)^2 (2/3) + (1/3)^3 = 7/27; likewise 3; and 2 with 13/27.
     */
    @Test
    void replicateLawOfThreeValuesIsExact() {
        double[] reps = MedianBootstrap.replicates(new double[] {1, 2, 3}, 200_000, Rng.create(7, 0));
        assertFrequency(reps, 1.0, 7.0 / 27);
        assertFrequency(reps, 2.0, 13.0 / 27);
        assertFrequency(reps, 3.0, 7.0 / 27);
    }

    /** Even count: the median of a resample of {1, 2} is 1, 1.5 or 2 with 1/4, 1/2, 1/4. */
    @Test
    void replicateLawOfTwoValuesIsExact() {
        double[] reps = MedianBootstrap.replicates(new double[] {1, 2}, 200_000, Rng.create(7, 0));
        assertFrequency(reps, 1.0, 0.25);
        assertFrequency(reps, 1.5, 0.5);
        assertFrequency(reps, 2.0, 0.25);
    }

    /** Four values: enumerate all 256 resamples by hand-written brute force and compare laws. */
    @Test
    void replicateLawMatchesEnumerationOfAllResamples() {
        double[] x = {1, 2, 4, 8};
        java.util.Map<Double, Integer> exact = new java.util.TreeMap<>();
        for (int a = 0; a < 4; a++) for (int b = 0; b < 4; b++) for (int c = 0; c < 4; c++) for (int d = 0; d < 4; d++) {
            double m = Percentiles.median(new double[] {x[a], x[b], x[c], x[d]});
            exact.merge(m, 1, Integer::sum);
        }
        double[] reps = MedianBootstrap.replicates(x, 256_000, Rng.create(11, 0));
        exact.forEach((value, count) -> assertFrequency(reps, value, count / 256.0));
    }

    /** Against a plain resampling implementation on larger data: same quantiles of the replicate law. */
    @Test
    void agreesWithBruteForceResampling() {
        Random r = new Random(5);
        double[] x = new double[101];
        for (int i = 0; i < x.length; i++) {
            x[i] = Math.exp(r.nextGaussian());
        }
        double[] sorted = x.clone();
        Arrays.sort(sorted);
        int reps = 40_000;
        double[] fast = MedianBootstrap.replicates(sorted, reps, Rng.create(3, 0));
        double[] slow = new double[reps];
        double[] buf = new double[x.length];
        for (int i = 0; i < reps; i++) {
            for (int j = 0; j < x.length; j++) {
                buf[j] = x[r.nextInt(x.length)];
            }
            slow[i] = Percentiles.median(buf);
        }
        Arrays.sort(fast);
        Arrays.sort(slow);
        for (double p : new double[] {0.025, 0.25, 0.5, 0.75, 0.975}) {
            double a = Percentiles.ofSorted(fast, p);
            double b = Percentiles.ofSorted(slow, p);
            assertEquals(b, a, 0.02 * b, "quantile " + p);
        }
    }

    @Test
    void sameSeedSameInterval() {
        double[] x = noisy(500, 1);
        assertEquals(MedianBootstrap.medianInterval(x, S), MedianBootstrap.medianInterval(x.clone(), S));
        assertNotEquals(MedianBootstrap.medianInterval(x, S), MedianBootstrap.medianInterval(x, S.withSeed(1)));
    }

    @Test
    void scalingSamplesScalesInterval() {
        double[] x = noisy(300, 2);
        double[] y = Arrays.stream(x).map(v -> v * 1000).toArray();
        Interval a = MedianBootstrap.medianInterval(x, S);
        Interval b = MedianBootstrap.medianInterval(y, S);
        assertEquals(a.lower() * 1000, b.lower(), 1e-9 * b.lower());
        assertEquals(a.upper() * 1000, b.upper(), 1e-9 * b.upper());
    }

    @Test
    void intervalContainsTheMedianAndNarrowsWithMoreSamples() {
        double[] small = noisy(50, 3);
        double[] large = noisy(5000, 3);
        Interval a = MedianBootstrap.medianInterval(small, S);
        Interval b = MedianBootstrap.medianInterval(large, S);
        assertTrue(a.contains(Percentiles.median(small)));
        assertTrue(b.contains(Percentiles.median(large)));
        assertTrue(b.width() < a.width() / 4, a + " vs " + b);
    }

    @Test
    void identicalSamplesGiveAPoint() {
        Interval i = MedianBootstrap.medianInterval(new double[] {2, 2, 2, 2}, S);
        assertEquals(2.0, i.lower());
        assertEquals(2.0, i.upper());
    }

    @Test
    void intervalIsSymmetricOrderStatisticsOfReplicates() {
        double[] reps = new double[2000];
        for (int i = 0; i < reps.length; i++) {
            reps[i] = i;
        }
        Interval iv = MedianBootstrap.percentileInterval(reps, 0.95);
        assertEquals(50.0, iv.lower()); // 50 replicates below
        assertEquals(1949.0, iv.upper()); // 50 replicates above
    }

    @Test
    void rejectsTooFewOrNonFiniteSamples() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MedianBootstrap.medianInterval(new double[] {1}, S));
        assertTrue(e.getMessage().contains("at least 2"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> MedianBootstrap.medianInterval(new double[] {1, Double.NaN}, S));
        assertTrue(e.getMessage().contains("sample 1 is NaN"), e.getMessage());
    }

    static double[] noisy(int n, long seed) {
        Random r = new Random(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = 100 + 5 * r.nextGaussian();
        }
        return x;
    }

    private static void assertFrequency(double[] reps, double value, double expected) {
        long hits = Arrays.stream(reps).filter(v -> v == value).count();
        double f = hits / (double) reps.length;
        double sd = Math.sqrt(expected * (1 - expected) / reps.length);
        assertEquals(expected, f, 5 * sd + 1e-9, "frequency of " + value);
    }
}
