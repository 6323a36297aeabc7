package dev.sns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.fakes.FakeBackend;
import dev.sns.fakes.FakeTimer;
import dev.sns.gpu.GpuTelemetry;
import dev.sns.model.ComparisonResult;
import dev.sns.model.SamplingStop;
import dev.sns.model.TimingResult;
import dev.sns.options.SnsOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Adaptive precision (options halfWidth, maxSamplingMs) on the fake GPU, with workloads of known
 * noise: each call advances the fake clock by a Gaussian time around its mean.
 */
class SnsEngineAdaptiveTest {
    private final List<String> log = new ArrayList<>();

    private static SnsOptions.Builder quick() {
        // 100 samples in 10 windows of 10 (the defaults' shape), one call per sample, no warm-up time
        return SnsOptions.builder().warmup(2).minWarmupMs(0).innerReps(1).launchOverhead(false);
    }

    /** A workload of {@code nanos} per call with relative Gaussian noise {@code noise}, seeded. */
    private static Workload noisy(FakeTimer t, long nanos, double noise, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        return s -> t.advance(Math.max(1, Math.round(nanos * (1 + noise * rnd.nextGaussian()))));
    }

    private SnsEngine engine(FakeTimer t) {
        return new SnsEngine(new FakeBackend(t, GpuTelemetry.none("none")), log::add);
    }

    /**
     * From four calls a sample on, each window opens with one untimed call (the GPU's first call after
     * the window's idle edge is not like the rest): its GPU time is in the samples' GPU time, and the
     * workload sees it; below four, no window opens with a call.
     */
    @Test
    void eachWindowsOpeningCallIsCountedInTheSamplesGpuTime() {
        int[] calls = {0};
        FakeTimer t = new FakeTimer();
        Workload w = s -> {
            calls[0]++;
            t.advance(100_000);
        };
        TimingResult four = engine(t).measure(w, quick().innerReps(4).build());
        // 100 samples of 4 calls of 100 us, and 10 windows' opening calls
        assertEquals(100 * 4 * 0.1 + 10 * 0.1, four.samplingGpuMillis(), 1e-9, four.toString());
        // a prime call, 2 warm-up calls, 400 timed and 10 opening calls
        assertEquals(1 + 2 + 400 + 10, calls[0]);
        calls[0] = 0;
        TimingResult three = engine(t).measure(w, quick().innerReps(3).build());
        assertEquals(100 * 3 * 0.1, three.samplingGpuMillis(), 1e-9, three.toString());
        assertEquals(1 + 2 + 300, calls[0]);
    }

    @Test
    void aQuietWorkloadStopsEarlyAtItsTarget() {
        FakeTimer t = new FakeTimer();
        TimingResult fixed = engine(t).measure(noisy(t, 100_000, 0.001, 1), quick().build());
        TimingResult r = engine(t).measure(noisy(t, 100_000, 0.001, 1), quick().halfWidthPct(0.5).build());
        assertEquals(SamplingStop.COUNT, fixed.samplingStop());
        assertEquals(100, fixed.n());
        assertTrue(Double.isNaN(fixed.precisionTargetFraction()));
        assertEquals(SamplingStop.TARGET, r.samplingStop(), r.toString());
        // sixteen windows of two samples: the sixteenth window's end is the first that can stop
        assertEquals(32, r.n(), r.toString());
        assertTrue(r.n() < fixed.n());
        assertEquals(0.005, r.precisionTargetFraction(), 0.0);
        assertTrue(r.precisionFraction() <= 0.005, "reached " + r.precisionFraction());
        // the samples' GPU time: 32 calls of ~100 us
        assertEquals(3.2, r.samplingGpuMillis(), 0.01);
        assertTrue(r.samplingGpuMillis() < 0.5 * fixed.samplingGpuMillis(), r.samplingGpuMillis() + " vs "
                + fixed.samplingGpuMillis());
        assertTrue(r.toString().contains("target reached after 3.2"), r.toString());
    }

    @Test
    void theReachedPrecisionIsTheReportedIntervalsOwnWidth() {
        FakeTimer t = new FakeTimer();
        TimingResult r = engine(t).measure(noisy(t, 100_000, 0.01, 2), quick().halfWidthPct(0.5).build());
        double width = (r.intervalMillis().upper() - r.intervalMillis().lower()) / 2 / r.medianMillis();
        assertEquals(width, r.precisionFraction(), 1e-15);
        assertEquals(SamplingStop.TARGET, r.samplingStop(), r.toString());
        assertTrue(r.precisionFraction() <= 0.005, r.toString());
    }

    @Test
    void aNoisyWorkloadHitsTheCapAndSaysSo() {
        FakeTimer t = new FakeTimer();
        TimingResult r = engine(t).measure(noisy(t, 100_000, 0.3, 3),
                quick().halfWidthPct(0.1).maxSamplingMs(20).build());
        assertEquals(SamplingStop.TIME_CAP, r.samplingStop(), r.toString());
        // whole windows of 2 samples of ~0.1 ms: the cap is passed by less than one window
        assertTrue(r.samplingGpuMillis() >= 20 && r.samplingGpuMillis() < 20 + 2 * 0.1 * 1.5, r.toString());
        assertTrue(r.precisionFraction() > 0.001, "not reached: " + r.precisionFraction());
        assertTrue(r.toString().contains("time cap"), r.toString());
    }

    @Test
    void aStopOnTargetIsAStopOnTheReportedInterval() {
        // the fast estimate decides when to look; the stop is judged on the interval the result
        // reports (issue 26: on the H200 a stop at a fast 0.5% reported 0.593%). Every seed that
        // stops on target reports a half-width within it
        int met = 0;
        int stopped = 0;
        for (long seed = 10; seed < 30; seed++) {
            FakeTimer t = new FakeTimer();
            TimingResult r = engine(t).measure(noisy(t, 50_000, 0.02, seed), quick().halfWidthPct(0.5).build());
            if (r.samplingStop() == SamplingStop.TARGET) {
                stopped++;
                met += r.precisionFraction() <= 0.005 ? 1 : 0;
            }
        }
        assertEquals(20, stopped);
        assertEquals(20, met, met + " of 20 within the target");
    }

    /**
     * A fake where the fast estimate is optimistic: window levels that follow each other (a slow ramp of
     * 0.1% a window), which the fast estimate reads as independent windows but the reported interval
     * widens for (drift carried over). The fast estimate is within 1% at the first look; the reported
     * interval is not, so sampling goes on to the cap, and the result says so.
     */
    @Test
    void whereTheFastEstimateIsOptimisticSamplingGoesOn() {
        FakeTimer t = new FakeTimer();
        SplittableRandom rnd = new SplittableRandom(7);
        int[] window = {0};
        t.onWindow(w -> window[0] = w);
        Workload ramp = s -> t.advance(Math.round(100_000 * (1 + 0.001 * window[0]) * (1 + 0.0005 * rnd.nextGaussian())));
        TimingResult r = engine(t).measure(ramp, quick().halfWidthPct(1).maxSamplingMs(10).build());
        double[] first = java.util.Arrays.copyOf(r.samplesMillis(), 32);
        int[] firstWindows = java.util.Arrays.copyOf(r.windowIds(), 32);
        double fast = dev.sns.stats.MedianPrecision.relativeHalfWidth(first, firstWindows, 32, 0.95);
        assertTrue(fast <= 0.01, "the fast estimate says 'reached' at the first look: " + fast);
        assertEquals(SamplingStop.TIME_CAP, r.samplingStop(), r.toString());
        assertTrue(r.precisionFraction() > 0.01, r.toString());
        assertTrue(r.estimator().contains("carried over"), r.estimator());
    }

    @Test
    void aComparisonStopsWhenBothSidesAreThere() {
        FakeTimer t = new FakeTimer();
        ComparisonResult c = engine(t).compare(noisy(t, 100_000, 0.001, 4), noisy(t, 200_000, 0.001, 5),
                quick().halfWidthPct(0.5).build());
        assertEquals(SamplingStop.TARGET, c.candidate().samplingStop());
        assertEquals(SamplingStop.TARGET, c.baseline().samplingStop());
        assertEquals(32, c.candidate().n());
        assertEquals(2.0, c.speedup(), 0.01);
    }

    @Test
    void adaptiveSamplingOpensAStreamForEachOfItsFirstSixteenWindows() {
        assertEquals(16, SnsEngine.timerOptions(quick().halfWidthPct(1).build()).streamsPerCall());
        assertEquals(10, SnsEngine.timerOptions(quick().build()).streamsPerCall(), "the fixed count: unchanged");
        assertEquals(3, SnsEngine.timerOptions(quick().halfWidthPct(1).streams(3).build()).streamsPerCall(),
                "streams asked for are kept");
    }

    @Test
    void optionsSayWhatIsWrongAndTheFix() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SnsOptions.builder().set("halfWidth", "0.5"));
        assertTrue(e.getMessage().contains("'0.5'") && e.getMessage().contains("halfWidth=0.5%"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SnsOptions.builder().set("halfWidth", "60%"));
        assertTrue(e.getMessage().contains("60.0%") && e.getMessage().contains("at most 50%"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SnsOptions.builder().set("maxSamplingMs", "0"));
        assertTrue(e.getMessage().contains("got 0.0") && e.getMessage().contains("maxSamplingMs=10000"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SnsOptions.builder().halfWidthPct(1).minSamplingMs(50)
                .maxSamplingMs(10).build());
        assertTrue(e.getMessage().contains("maxSamplingMs (10.0) < minSamplingMs (50.0)"), e.getMessage());
        SnsOptions o = SnsOptions.builder().set("halfWidth", "0.5%").set("maxSamplingMs", "2000").build();
        assertEquals(0.5, o.halfWidthPct(), 0.0);
        assertEquals("0.5%", o.describe().get("halfWidth"));
        assertEquals("2000", o.describe().get("maxSamplingMs"));
        assertEquals("none", SnsOptions.defaults().describe().get("halfWidth"));
        assertEquals("none", SnsOptions.builder().set("halfWidth", "none").build().describe().get("halfWidth"));
    }
}
