package dev.sns.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Known answers, reproducibility and metamorphic properties of the cluster bootstrap. */
class ClusterBootstrapTest {
    private static final BootstrapSettings S = BootstrapSettings.defaults();

    /** {@code windows} windows of {@code per} samples around 100, each window at its own level. */
    private static double[] windowed(int windows, int per, double drift, long seed, int[] ids) {
        Random r = new Random(seed);
        double[] x = new double[windows * per];
        for (int w = 0; w < windows; w++) {
            double level = 100 * (1 + drift * r.nextGaussian());
            for (int i = 0; i < per; i++) {
                x[w * per + i] = level * (1 + 0.01 * r.nextGaussian());
                ids[w * per + i] = w;
            }
        }
        return x;
    }

    @Test
    void aSingleClusterIsTheExactBootstrapOfTheMedian() {
        double[] x = MedianBootstrapTest.noisy(51, 3);
        ClusterBootstrap.Result r = ClusterBootstrap.median(x, new int[x.length], S);
        assertEquals(MedianBootstrap.medianInterval(x, S), r.interval());
        assertEquals(51, r.clusters());
    }

    @Test
    void sameSeedSameIntervalAndScalingScalesIt() {
        int[] ids = new int[100];
        double[] x = windowed(10, 10, 0.005, 4, ids);
        Interval a = ClusterBootstrap.median(x, ids, S).interval();
        assertEquals(a, ClusterBootstrap.median(x.clone(), ids.clone(), S).interval());
        double[] k = Arrays.stream(x).map(v -> v * 1000).toArray();
        Interval scaled = ClusterBootstrap.median(k, ids, S).interval();
        assertEquals(a.lower() * 1000, scaled.lower(), 1e-9 * scaled.lower());
        assertEquals(a.upper() * 1000, scaled.upper(), 1e-9 * scaled.upper());
        assertTrue(a.contains(Percentiles.median(x)), a.toString());
        assertEquals(10, ClusterBootstrap.median(x, ids, S).clusters());
    }

    /** Windows drawn whole: ten identical windows give a point, whatever the spread inside them. */
    @Test
    void identicalWindowsGiveAPoint() {
        double[] one = {1, 2, 3, 4, 5};
        double[] x = new double[50];
        int[] ids = new int[50];
        for (int w = 0; w < 10; w++) {
            System.arraycopy(one, 0, x, w * 5, 5);
            Arrays.fill(ids, w * 5, w * 5 + 5, w);
        }
        Interval iv = ClusterBootstrap.median(x, ids, S).interval();
        assertEquals(3.0, iv.lower(), 0.0);
        assertEquals(3.0, iv.upper(), 0.0);
    }

    /**
     * A baseline exactly twice the candidate in every round, with windows far apart: the drift is
     * shared, so the speedup is exactly 2 in every resample.
     */
    @Test
    void sharedDriftCancelsInThePairedRatio() {
        int[] ids = new int[100];
        double[] c = windowed(10, 10, 0.05, 5, ids);
        double[] b = Arrays.stream(c).map(v -> 2 * v).toArray();
        ClusterBootstrap.Result r = ClusterBootstrap.pairedRatio(c, b, ids, S);
        assertEquals(2.0, r.interval().lower(), 1e-12);
        assertEquals(2.0, r.interval().upper(), 1e-12);
        assertEquals(10, r.clusters());
    }

    @Test
    void swappingSidesInvertsThePairedIntervalExactly() {
        int[] ids = new int[120];
        double[] c = windowed(12, 10, 0.01, 6, ids);
        Random r = new Random(7);
        double[] b = Arrays.stream(c).map(v -> 1.1 * v * (1 + 0.01 * r.nextGaussian())).toArray();
        Interval forward = ClusterBootstrap.pairedRatio(c, b, ids, S).interval();
        Interval backward = ClusterBootstrap.pairedRatio(b, c, ids, S).interval().reciprocal();
        assertEquals(forward.lower(), backward.lower(), 1e-12);
        assertEquals(forward.upper(), backward.upper(), 1e-12);
        assertTrue(forward.contains(1.1), forward.toString());
        double[] bk = Arrays.stream(b).map(v -> v * 1e3).toArray();
        double[] ck = Arrays.stream(c).map(v -> v * 1e3).toArray();
        Interval scaled = ClusterBootstrap.pairedRatio(ck, bk, ids, S).interval();
        assertEquals(forward.lower(), scaled.lower(), 1e-12);
        assertEquals(forward.upper(), scaled.upper(), 1e-12);
    }

    /** A speedup that differs between windows (each side drifts on its own) widens the interval. */
    @Test
    void windowsWhoseSpeedupsDisagreeWidenTheInterval() {
        int[] ids = new int[100];
        double[] c = windowed(10, 10, 0, 8, ids);
        Random r = new Random(9);
        double[] calm = new double[100];
        double[] moving = new double[100];
        for (int w = 0; w < 10; w++) {
            double own = 1 + 0.01 * r.nextGaussian();
            for (int i = 0; i < 10; i++) {
                double noise = 1 + 0.01 * r.nextGaussian();
                calm[w * 10 + i] = 100 * noise;
                moving[w * 10 + i] = 100 * noise * own;
            }
        }
        Interval a = ClusterBootstrap.pairedRatio(c, calm, ids, S).interval();
        Interval b = ClusterBootstrap.pairedRatio(c, moving, ids, S).interval();
        assertTrue(b.width() > 1.5 * a.width(), b + " vs " + a);
    }

    /** With one window the rounds are the clusters. */
    @Test
    void oneWindowResamplesRounds() {
        Random r = new Random(10);
        double[] c = new double[60];
        double[] b = new double[60];
        for (int i = 0; i < 60; i++) {
            c[i] = 100 + r.nextGaussian();
            b[i] = 150 + r.nextGaussian();
        }
        ClusterBootstrap.Result res = ClusterBootstrap.pairedRatio(c, b, new int[60], S);
        assertEquals(60, res.clusters());
        assertTrue(res.interval().contains(1.5) && res.interval().width() < 0.02, res.interval().toString());
    }

    @Test
    void independentSidesRestOnTheSideWithFewerWindows() {
        int[] ci = new int[100];
        int[] bi = new int[60];
        double[] c = windowed(10, 10, 0.003, 11, ci);
        double[] b = Arrays.stream(windowed(6, 10, 0.003, 12, bi)).map(v -> 0.5 * v).toArray();
        ClusterBootstrap.Result r = ClusterBootstrap.independentRatio(c, ci, b, bi, S);
        assertEquals(6, r.clusters());
        assertTrue(r.interval().contains(0.5), r.interval().toString());
    }

    @Test
    void badInputIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClusterBootstrap.pairedRatio(new double[] {1, 2, 3}, new double[] {1, 2}, new int[3], S));
        assertTrue(e.getMessage().contains("3 candidate and 2 baseline"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> ClusterBootstrap.pairedRatio(new double[] {0, 0, 0}, new double[] {1, 2, 3}, new int[3], S));
        assertTrue(e.getMessage().contains("resolution"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> ClusterBootstrap.median(new double[] {1, 2}, new int[3], S));
        assertTrue(e.getMessage().contains("3 cluster ids"), e.getMessage());
    }

    @Test
    void selectFindsTheMedianAsSortingDoes() {
        Random r = new Random(13);
        for (int t = 0; t < 500; t++) {
            int n = 1 + r.nextInt(40);
            double[] a = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = r.nextInt(5) + (r.nextBoolean() ? 0 : r.nextDouble()); // ties, too
            }
            double expected = Percentiles.median(a);
            assertEquals(expected, Select.median(a.clone(), n), 1e-12 * Math.abs(expected), Arrays.toString(a));
        }
    }
}
