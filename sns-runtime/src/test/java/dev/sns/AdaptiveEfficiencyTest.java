package dev.sns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.fakes.FakeBackend;
import dev.sns.fakes.FakeTimer;
import dev.sns.gpu.GpuTelemetry;
import dev.sns.model.SamplingStop;
import dev.sns.model.TimingResult;
import dev.sns.options.SnsOptions;
import dev.sns.timing.SamplingPlan;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Issue 26, adaptive precision's efficiency: on a fake GPU whose windows differ in level (as each
 * window's stream has a launch-cost level of its own on the H200) with noise inside each window,
 * {@code halfWidth} asked for the width the fixed defaults reach (100 samples in 10 windows) gets
 * there with at most half their samples and GPU time, each window's cost counted, and its interval
 * still holds the truth about 95% of the time. Seeded; the figures are printed.
 *
 * <p>The structure: window w's level {@code 1 + between * z_w}, each call {@code level * (1 + within
 * * z)} of 100 us, one call per sample; the truth is 100 us (the levels' and the noise's median).
 * The intraclass correlation {@code between^2 / (between^2 + within^2)}: 0.8 and 0.5 here (on the
 * H200 a 10 us spin's windows sit at two stream levels 1.1% apart with a few ns of noise each:
 * near 1). With no level between windows (ICC 0) the width shrinks only with the samples, and
 * adaptive sampling saves only the fixed run's few-window widening (t(9)/z = 1.15: about 0.8x).
 */
class AdaptiveEfficiencyTest {
    private static final long NANOS = 100_000;
    /** Fixed runs whose median precision sets the target. */
    private static final int FIXED_TRIALS = 60;
    /** Adaptive runs per structure: coverage has a standard error of 1.5 points at 95%. */
    private static final int TRIALS = Integer.getInteger("trials", 200);
    /**
     * What a window costs beyond its samples, in samples of GPU time: on a GPU the stream switch's sync,
     * the drain's sync, the telemetry's reads and the rule's look, the GPU idle meanwhile. A quarter of a
     * ~1 ms sample is charged here (an assumption; the H200 table measures the wall time per call).
     */
    private static final double WINDOW_COST_SAMPLES = 0.25;

    private static SnsOptions.Builder defaults() {
        return SnsOptions.builder().warmup(2).minWarmupMs(0).innerReps(1).launchOverhead(false);
    }

    /** A workload of window levels and noise, its levels drawn as each window starts. */
    private static Workload structured(FakeTimer t, double between, double within, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] level = {1};
        t.onWindow(w -> level[0] = 1 + between * rnd.nextGaussian());
        return s -> t.advance(Math.max(1, Math.round(NANOS * level[0] * (1 + within * rnd.nextGaussian()))));
    }

    private static TimingResult run(double between, double within, long seed, SnsOptions o) {
        FakeTimer t = new FakeTimer();
        Workload w = structured(t, between, within, seed);
        return new SnsEngine(new FakeBackend(t, GpuTelemetry.none("none")), s -> {}).measure(w, o);
    }

    /** Cost in samples of GPU time: the samples' own, and each window's. */
    private static double cost(TimingResult r) {
        long windows = Arrays.stream(r.windowIds()).distinct().count();
        return r.samplingGpuMillis() / (NANOS / 1e6) + WINDOW_COST_SAMPLES * windows;
    }

    private record Figures(double fixedWidth, double fixedCost, double adaptiveCost, double adaptiveSamples,
                           int covered, int onTarget, int atTarget) {
        String line(String name) {
            return String.format(Locale.ROOT, "%s: fixed +-%.3f%% at %.1f samples' cost; halfWidth=%.3f%%: %.1f samples, "
                    + "%.1f samples' cost (%.2fx), covered %d/%d, stop target %d/%d, all within the target %d",
                    name, 100 * fixedWidth, fixedCost, 100 * fixedWidth, adaptiveSamples, adaptiveCost,
                    adaptiveCost / fixedCost, covered, TRIALS, onTarget, TRIALS, atTarget);
        }
    }

    private static Figures figures(double between, double within, long seed) {
        double[] widths = new double[FIXED_TRIALS];
        double fixedCost = 0;
        for (int i = 0; i < FIXED_TRIALS; i++) {
            TimingResult f = run(between, within, seed + i, defaults().build());
            assertEquals(100, f.n());
            widths[i] = f.precisionFraction();
            fixedCost += cost(f);
        }
        Arrays.sort(widths);
        double target = widths[FIXED_TRIALS / 2];
        double cost = 0;
        double samples = 0;
        int covered = 0;
        int onTarget = 0;
        int met = 0;
        double truth = NANOS / 1e6;
        for (int i = 0; i < TRIALS; i++) {
            TimingResult a = run(between, within, seed + 1000 + i,
                    defaults().halfWidthPct(100 * target).build());
            cost += cost(a);
            samples += a.n();
            covered += a.intervalMillis().contains(truth) ? 1 : 0;
            if (a.samplingStop() == SamplingStop.TARGET) {
                onTarget++;
                met += a.precisionFraction() <= target ? 1 : 0;
            }
        }
        return new Figures(target, fixedCost / FIXED_TRIALS, cost / TRIALS, samples / TRIALS, covered, onTarget, met);
    }

    private static void check(Figures f, String name, double atMost) {
        check(f, name, atMost, 0.92);
    }

    private static void check(Figures f, String name, double atMost, double coverageAtLeast) {
        System.out.println(f.line(name));
        assertTrue(f.adaptiveCost() <= atMost * f.fixedCost(), "at most " + atMost + " of the fixed run's cost: "
                + f.line(name));
        assertTrue(f.adaptiveSamples() <= atMost * 100, "at most " + atMost + " of the fixed run's samples: "
                + f.line(name));
        // 95% +- 3 points (two standard errors of 200 trials)
        assertTrue(f.covered() >= coverageAtLeast * TRIALS && f.covered() <= 0.98 * TRIALS, "coverage: " + f.line(name));
        assertEquals(f.onTarget(), f.atTarget(), "a stop on target is a reported interval within it: " + f.line(name));
    }

    @Test
    void windowLevelsThatDominateGiveTheFixedWidthAtUnderHalfTheCost() {
        check(figures(0.01, 0.005, 26_000), "ICC 0.8", 0.5);
    }

    @Test
    void levelsAndNoiseAlikeStillUnderHalf() {
        check(figures(0.005, 0.005, 27_000), "ICC 0.5", 0.5);
    }

    /**
     * No level between windows: the width shrinks with the samples only, and the same width needs
     * about the same samples; adaptive sampling saves the fixed run's few-window widening, no more.
     */
    /**
     * Without window levels a stop comes where a noisy width first crosses the target, and the interval
     * at that moment is a little narrower than its n's typical one: over 1,000 runs (-Dtrials=1000) it
     * held the truth in 92.1% of them (92.7% with the design effect floored at 1), against 95.7% at ICC
     * 0.5. Held here to at least 90% of 200; the known shortfall is in docs/internals.md.
     */
    @Test
    void withoutWindowLevelsItSavesOnlyTheFewWindowWidening() {
        check(figures(0.0, 0.01, 28_000), "ICC 0", 1.0, 0.90);
    }

    @Test
    void adaptiveWindowsAreSmallAndTheFirstLookHasSixteen() {
        TimingResult a = run(0.0, 0.0001, 5, defaults().halfWidthPct(5).build());
        assertEquals(SamplingStop.TARGET, a.samplingStop(), a.toString());
        assertEquals(SamplingPlan.MIN_ADAPTIVE_WINDOWS * SamplingPlan.ADAPTIVE_WINDOW_SAMPLES, a.n(), a.toString());
        assertEquals(SamplingPlan.MIN_ADAPTIVE_WINDOWS, Arrays.stream(a.windowIds()).distinct().count());
    }
}
