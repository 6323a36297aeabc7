package dev.sns.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The speedup net of launch overheads: known answers, the metamorphic rules every ratio interval
 * obeys, and why the overhead is resampled with its rounds rather than subtracted as a constant.
 */
class NetRatioBootstrapTest {
    private static final BootstrapSettings BS = BootstrapSettings.defaults();

    private static double[] noisy(double level, int n, double sd, long seed) {
        Random r = new Random(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = level + sd * r.nextGaussian();
        }
        return x;
    }

    private static int[] windows(int n, int per) {
        int[] w = new int[n];
        for (int i = 0; i < n; i++) {
            w[i] = i / per;
        }
        return w;
    }

    @Test
    void exactSamplesGiveTheExactNetRatio() {
        double[] c = new double[40];
        double[] b = new double[40];
        java.util.Arrays.fill(c, 12_000);
        java.util.Arrays.fill(b, 13_500);
        double[] o = new double[20];
        java.util.Arrays.fill(o, 2_000);
        RatioBootstrap.Overhead oh = RatioBootstrap.Overhead.of(o, windows(20, 5));
        Interval paired = RatioBootstrap.pairedWindowedNet(c, b, windows(40, 4), oh, null, BS);
        assertEquals(1.15, paired.lower(), 1e-12);
        assertEquals(1.15, paired.upper(), 1e-12);
        double[] inRounds = new double[40];
        java.util.Arrays.fill(inRounds, 2_000);
        Interval rounds = RatioBootstrap.pairedWindowedNetInRounds(c, b, inRounds, inRounds.clone(), windows(40, 4), BS);
        assertEquals(1.15, rounds.lower(), 1e-12);
        assertEquals(1.15, rounds.upper(), 1e-12);
        Interval apart = RatioBootstrap.independentWindowedNet(c, windows(40, 4), b, windows(40, 4), oh, oh, BS);
        assertEquals(1.15, apart.lower(), 1e-12);
        assertEquals(1.15, apart.upper(), 1e-12);
    }

    @Test
    void aSharedOverheadCancelsInAnAaPairWhereTwoCopiesWouldNot() {
        double[] x = noisy(12_000, 60, 50, 1);
        RatioBootstrap.Overhead oh = RatioBootstrap.Overhead.of(noisy(2_000, 40, 30, 2), windows(40, 10));
        Interval shared = RatioBootstrap.pairedWindowedNet(x, x.clone(), windows(60, 6), oh, null, BS);
        assertEquals(1.0, shared.lower(), 0.0, "identical rounds and one overhead: every resample is exactly 1");
        assertEquals(1.0, shared.upper(), 0.0);
        Interval twice = RatioBootstrap.pairedWindowedNet(x, x.clone(), windows(60, 6), oh, oh, BS);
        assertTrue(twice.width() > 0 && twice.contains(1.0), twice.toString());
    }

    @Test
    void swappingTheSidesInvertsTheIntervalAndScalingChangesNothing() {
        double[] c = noisy(10_000, 50, 40, 3);
        double[] b = noisy(11_500, 50, 40, 4);
        RatioBootstrap.Overhead oc = RatioBootstrap.Overhead.of(noisy(1_500, 30, 20, 5), windows(30, 10));
        RatioBootstrap.Overhead ob = RatioBootstrap.Overhead.of(noisy(1_500, 30, 20, 6), windows(30, 10));
        Interval forward = RatioBootstrap.independentWindowedNet(c, windows(50, 5), b, windows(50, 5), oc, ob, BS);
        Interval backward = RatioBootstrap.independentWindowedNet(b, windows(50, 5), c, windows(50, 5), ob, oc, BS);
        assertEquals(1 / forward.upper(), backward.lower(), 1e-3 * backward.lower());
        assertEquals(1 / forward.lower(), backward.upper(), 1e-3 * backward.upper());
        double k = 1000;
        Interval scaled = RatioBootstrap.independentWindowedNet(times(c, k), windows(50, 5), times(b, k), windows(50, 5),
                RatioBootstrap.Overhead.of(times(oc.values(), k), oc.windows()),
                RatioBootstrap.Overhead.of(times(ob.values(), k), ob.windows()), BS);
        assertEquals(forward.lower(), scaled.lower(), 1e-12);
        assertEquals(forward.upper(), scaled.upper(), 1e-12);
        assertTrue(forward.contains((11_500.0 - 1_500) / (10_000 - 1_500)), forward.toString());
    }

    private static double[] times(double[] x, double k) {
        double[] y = x.clone();
        for (int i = 0; i < y.length; i++) {
            y[i] *= k;
        }
        return y;
    }

    /**
     * Each fork of an ABBA round is its own JVM: its kernels and its empty kernel are slower or
     * faster together. Resampled with their forks the fork effects cancel exactly; the raw ratio
     * carries them.
     */
    @Test
    void overheadsResampledWithTheirForksCancelTheForkEffect() {
        int rounds = 6;
        int per = 20;
        double[] c = new double[rounds * per];
        double[] b = new double[rounds * per];
        int[] forks = new int[rounds * per];
        int[] wins = new int[rounds * per];
        double[] oc = new double[rounds * 10];
        double[] ob = new double[rounds * 10];
        int[] ofork = new int[rounds * 10];
        int[] owin = new int[rounds * 10];
        Random r = new Random(7);
        for (int k = 0; k < rounds; k++) {
            double ec = 300 * r.nextGaussian();
            double eb = 300 * r.nextGaussian();
            for (int i = 0; i < per; i++) {
                int j = k * per + i;
                c[j] = 10_000 + ec;
                b[j] = 11_500 + eb;
                forks[j] = k;
                wins[j] = i / 10;
            }
            for (int i = 0; i < 10; i++) {
                int j = k * 10 + i;
                oc[j] = 1_500 + ec;
                ob[j] = 1_500 + eb;
                ofork[j] = k;
                owin[j] = 0;
            }
        }
        Interval net = RatioBootstrap.pairedByForkNet(c, forks, wins, b, forks, wins,
                new RatioBootstrap.Overhead(oc, ofork, owin), new RatioBootstrap.Overhead(ob, ofork, owin), BS);
        assertEquals(10_000.0 / 8_500, net.lower(), 1e-12, net.toString());
        assertEquals(10_000.0 / 8_500, net.upper(), 1e-12, net.toString());
        Interval raw = RatioBootstrap.pairedByFork(c, forks, wins, b, forks, wins, BS);
        assertTrue(raw.width() > 0.01, raw.toString());
        Interval forked = RatioBootstrap.independentForkedNet(c, forks, wins, b, forks, wins,
                new RatioBootstrap.Overhead(oc, ofork, owin), new RatioBootstrap.Overhead(ob, ofork, owin), BS);
        assertEquals(10_000.0 / 8_500, forked.lower(), 1e-12, forked.toString());
        assertEquals(10_000.0 / 8_500, forked.upper(), 1e-12, forked.toString());
    }

    @Test
    void aNetCandidateOfZeroOrLessIsAnErrorSayingSo() {
        double[] c = noisy(1_000, 20, 1, 8);
        RatioBootstrap.Overhead oh = RatioBootstrap.Overhead.of(noisy(1_500, 20, 1, 9), windows(20, 5));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RatioBootstrap.pairedWindowedNet(c, c.clone(), windows(20, 5), oh, null, BS));
        assertTrue(e.getMessage().contains("no longer than an empty launch"), e.getMessage());
    }

    @Test
    void plansOfFourSidesKeepEverySideInEveryDraw() {
        ResamplingPlan.Builder b = ResamplingPlan.builder(ResamplingPlan.Level.CLUSTER);
        b.add(0, 1.0, 0).add(1, 2.0, 0).add(2, 0.5, 1).add(3, 0.5, 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::build);
        assertTrue(e.getMessage().contains("STRATUM"), e.getMessage());
        ResamplingPlan.Builder missing = ResamplingPlan.builder(ResamplingPlan.Level.STRATUM);
        missing.add(0, 1.0, 0).add(1, 2.0, 1).add(3, 0.5, 3);
        e = assertThrows(IllegalArgumentException.class, missing::build);
        assertTrue(e.getMessage().contains("no samples on side 2"), e.getMessage());
        ResamplingPlan.Builder two = ResamplingPlan.builder(ResamplingPlan.Level.STRATUM);
        two.add(0, 1.0, 0).add(0, 1.0, 0).add(1, 2.0, 1).add(1, 2.0, 1);
        e = assertThrows(IllegalArgumentException.class, () -> HierarchicalBootstrap.netRatioInterval(two.build(), BS));
        assertTrue(e.getMessage().contains("overhead"), e.getMessage());
    }
}
