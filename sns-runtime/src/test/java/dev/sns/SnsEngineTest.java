package dev.sns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.clocks.ClockLockError;
import dev.sns.fakes.FakeClockPolicy;
import dev.sns.fakes.FakeTelemetry;
import dev.sns.fakes.FakeTimer;
import dev.sns.fakes.FakeBackend;
import dev.sns.gpu.GpuTelemetry;
import dev.sns.options.SnsOptions;
import dev.sns.model.ComparisonResult;
import dev.sns.model.MeasurementTier;
import dev.sns.model.TimingResult;
import dev.sns.model.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SnsEngineTest {
    private final List<String> log = new ArrayList<>();

    private static SnsOptions.Builder quick() {
        return SnsOptions.builder().warmup(5).minWarmupMs(0).iterations(40).windows(4).innerReps(2);
    }

    @Test
    void measureReportsExactSamplesWindowsAndTierFromTelemetry() {
        FakeTimer t = new FakeTimer();
        FakeTelemetry tel = new FakeTelemetry(t, FakeTelemetry.steady(1980, 20));
        SnsEngine e = new SnsEngine(new FakeBackend(t, tel), log::add);
        TimingResult r = e.measure(t.work(250_000), quick().name("k").bytesPerCall(1e9).build());
        assertEquals("k", r.name());
        assertEquals(40, r.n());
        assertEquals(4, r.windowCount());
        assertEquals(0.25, r.medianMillis(), 1e-12);
        assertEquals(0.25, r.intervalMillis().lower(), 1e-12);
        assertEquals(0.25, r.intervalMillis().upper(), 1e-12);
        assertEquals(2, r.innerReps());
        assertEquals(5, r.warmupCalls());
        assertTrue(r.firstCallMillis() >= 0 && r.firstCallMillis() < 60_000, "the first call's wall time: "
                + r.firstCallMillis());
        assertEquals(MeasurementTier.B, r.tier());
        assertTrue(r.tierReasons().get(0).contains("not locked"), r.tierReasons().toString());
        assertEquals(1980.0, r.smClockMeanMhz(), 0.0);
        assertEquals(80, r.clocks().smClockSampleCount()); // 4 windows x 20
        assertEquals(4000.0, r.gbPerSecond(), 1e-6); // 1 GB in 0.25 ms
        assertEquals(4, tel.windowCount());
        assertTrue(tel.violations().isEmpty(), tel.violations().toString());
        assertTrue(t.isClosed());
    }

    @Test
    void lockedStableClocksEarnTierAAndThrottleGivesC() {
        FakeTimer t = new FakeTimer();
        FakeClockPolicy policy = new FakeClockPolicy(false);
        SnsEngine e = new SnsEngine(new FakeBackend(t, new FakeTelemetry(t, FakeTelemetry.clocks(1500, 1515))), log::add);
        TimingResult a = e.measure(t.work(1000), quick().clocks(policy).build());
        assertEquals(MeasurementTier.A, a.tier(), a.tierReasons().toString());
        assertEquals(1, policy.applied());
        assertEquals(1, policy.restored());

        SnsEngine c = new SnsEngine(new FakeBackend(t, new FakeTelemetry(t,
                FakeTelemetry.steady(1500, 4), FakeTelemetry.throttled(1500))), log::add);
        TimingResult r = c.measure(t.work(1000), quick().clocks(policy).build());
        assertEquals(MeasurementTier.C, r.tier());
        assertTrue(r.throttleFired());
    }

    @Test
    void clockPolicyIsRestoredWhenTheWorkThrows() {
        FakeTimer t = new FakeTimer();
        FakeClockPolicy policy = new FakeClockPolicy(false);
        SnsEngine e = new SnsEngine(new FakeBackend(t, GpuTelemetry.none("none")), log::add);
        int[] calls = {0};
        Workload failing = s -> {
            if (++calls[0] == 3) {
                throw new java.io.IOException("device lost");
            }
            t.advance(10);
        };
        SnsException ex = assertThrows(SnsException.class, () -> e.measure(failing, quick().name("bad").clocks(policy).build()));
        assertTrue(ex.getMessage().contains("workload 'bad' threw java.io.IOException: device lost"), ex.getMessage());
        assertEquals(1, policy.restored());
        assertTrue(t.isClosed());
    }

    @Test
    void refusedLockFailsBeforeMeasuringAndIsRestored() {
        FakeTimer t = new FakeTimer();
        FakeClockPolicy refusing = new FakeClockPolicy(true);
        SnsEngine e = new SnsEngine(new FakeBackend(t, GpuTelemetry.none("none")), log::add);
        ClockLockError err = assertThrows(ClockLockError.class, () -> e.measure(t.work(10), quick().clocks(refusing).build()));
        assertTrue(err.getMessage().contains("requested 1500 MHz"), err.getMessage());
        assertEquals(0, t.count("work"));
        assertEquals(1, refusing.restored());
    }

    @Test
    void compareInterleavesAndJudgesAKnownTwoToOne() {
        FakeTimer t = new FakeTimer();
        SnsEngine e = new SnsEngine(new FakeBackend(t, new FakeTelemetry(t, FakeTelemetry.steady(1980, 10))), log::add);
        ComparisonResult c = e.compare(t.work(1_000), t.work(2_000), quick().build());
        assertEquals(2.0, c.speedup(), 0.0);
        assertEquals(2.0, c.speedupInterval().lower(), 1e-12);
        assertEquals(2.0, c.speedupInterval().upper(), 1e-12);
        assertEquals(Verdict.FASTER, c.verdict());
        assertEquals(MeasurementTier.B, c.tier());
        assertTrue(c.design().startsWith("interleaved: paired rounds in 4 windows"), c.design());
        assertTrue(c.cycleSpeedupInterval().isPresent());
        assertEquals(2.0, c.cycleSpeedupInterval().get().lower(), 1e-12);
        assertEquals("candidate", c.candidate().name());
        // Interleaved: the two bodies alternate inside each window, never one block then the other.
        assertEquals(40, c.candidate().n());
        assertEquals(40, c.baseline().n());
    }

    @Test
    void compareOfIdenticalNoisyWorkIsParityWithAnIntervalAroundOne() {
        FakeTimer t = new FakeTimer();
        SnsEngine e = new SnsEngine(new FakeBackend(t, GpuTelemetry.none("none")), log::add);
        java.util.Random r = new java.util.Random(3);
        Workload noisy = s -> t.advance(100_000 + (long) (2_000 * r.nextGaussian()));
        ComparisonResult c = e.compare(noisy, noisy, quick().iterations(200).windows(10).build());
        assertTrue(c.speedupInterval().contains(1.0), c.toString());
        assertEquals(Verdict.PARITY, c.verdict());
    }

    @Test
    void sequentialCompareMeasuresOneSideThenTheOther() {
        FakeTimer t = new FakeTimer();
        SnsEngine e = new SnsEngine(new FakeBackend(t, new FakeTelemetry(t, FakeTelemetry.steady(1980, 3))), log::add);
        ComparisonResult c = e.compare(t.work(3_000), t.work(1_000), quick().interleave(false).build());
        assertEquals(1.0 / 3.0, c.speedup(), 1e-12);
        assertEquals(Verdict.SLOWER, c.verdict());
        assertTrue(c.design().startsWith("sequential"), c.design());
    }

    @Test
    void throttledComparisonGivesNoVerdict() {
        FakeTimer t = new FakeTimer();
        SnsEngine e = new SnsEngine(new FakeBackend(t, new FakeTelemetry(t, FakeTelemetry.throttled(1800))), log::add);
        ComparisonResult c = e.compare(t.work(1_000), t.work(5_000), quick().build());
        assertEquals(MeasurementTier.C, c.tier());
        assertEquals(Verdict.NO_VERDICT, c.verdict());
    }

    @Test
    void zeroCandidateIsAResolutionError() {
        FakeTimer t = new FakeTimer();
        SnsEngine e = new SnsEngine(new FakeBackend(t, GpuTelemetry.none("none")), log::add);
        SnsException ex = assertThrows(SnsException.class, () -> e.compare(t.work(0), t.work(10), quick().build()));
        assertTrue(ex.getMessage().contains("fell below the timer's resolution"), ex.getMessage());
    }

    @Test
    void measureManySequentialAndInterleaved() {
        FakeTimer t = new FakeTimer();
        SnsEngine e = new SnsEngine(new FakeBackend(t, GpuTelemetry.none("none")), log::add);
        Map<String, Workload> works = new LinkedHashMap<>();
        works.put("a", t.work(1_000));
        works.put("b", t.work(3_000));
        Map<String, TimingResult> seq = e.measureMany(works, quick().build());
        assertEquals(List.of("a", "b"), new ArrayList<>(seq.keySet()));
        assertEquals(0.003, seq.get("b").medianMillis(), 1e-15);
        t.events().clear();
        Map<String, TimingResult> inter = e.measureMany(works, quick().interleave(true).build());
        assertEquals(0.001, inter.get("a").medianMillis(), 1e-15);
        assertEquals("b", inter.get("b").name());
        assertTrue(e.measureMany(works, quick().build()).get("a").tierReasons().get(1).contains("none"));
    }

    @Test
    void autoTimerWithoutAGpuFallsBackLoudlyOnceAndCudaFailsClearly() {
        SnsEngine e = new SnsEngine(dev.sns.gpu.GpuBackend.unavailable("no CUDA driver (libcuda.so.1 not found)"), log::add);
        int[] x = {0};
        TimingResult r = e.measure(s -> x[0]++, SnsOptions.builder().warmup(0).iterations(10).windows(1).innerReps(10).build());
        e.measure(s -> x[0]++, SnsOptions.builder().warmup(0).iterations(10).windows(1).innerReps(10).build());
        assertEquals(1, log.size(), log.toString());
        assertTrue(log.get(0).contains("no GPU timer (no CUDA driver"), log.get(0));
        assertTrue(r.timer().startsWith("wall-clock"), r.timer());
        assertEquals(MeasurementTier.B, r.tier());
        SnsException ex = assertThrows(SnsException.class, () -> e.measure(s -> { },
                SnsOptions.builder().timer(dev.sns.timing.TimerKind.CUDA).build()));
        assertTrue(ex.getMessage().contains("timer=cuda was requested"), ex.getMessage());
        assertTrue(ex.getMessage().contains("timer=wall"), ex.getMessage());
    }

    @Test
    void launchOverheadIsMeasuredWithTheSameRepsAndSubtractedForTheNetTime() {
        FakeTimer t = new FakeTimer().withEmptyLaunch(2_800);
        SnsEngine e = new SnsEngine(new FakeBackend(t, GpuTelemetry.none("none")), log::add);
        TimingResult r = e.measure(t.work(12_800), quick().build());
        assertEquals(0.0128, r.medianMillis(), 1e-12);
        assertEquals(0.0028, r.launchOverheadMillis(), 1e-12);
        assertEquals(0.0100, r.netMedianMillis(), 1e-12);
        assertEquals(0.0100, r.netIntervalMillis().get().lower(), 1e-12);
        assertTrue(r.toString().contains("net of launch overhead"), r.toString());
        TimingResult off = e.measure(t.work(12_800), quick().launchOverhead(false).build());
        assertTrue(Double.isNaN(off.launchOverheadMillis()));
        assertTrue(off.netIntervalMillis().isEmpty());
        FakeTimer noGpu = new FakeTimer();
        TimingResult host = new SnsEngine(new FakeBackend(noGpu, GpuTelemetry.none("none")), log::add)
                .measure(noGpu.work(1_000), quick().build());
        assertTrue(Double.isNaN(host.netMedianMillis()), "no empty launch, no overhead");
    }

    @Test
    void quantizationFloorWidensPointIntervals() {
        FakeTimer t = new FakeTimer(1000, 1 << 16, dev.sns.fakes.FakeStream.DEVICE_0); // 1 us step
        SnsEngine e = new SnsEngine(new FakeBackend(t, GpuTelemetry.none("none")), log::add);
        TimingResult r = e.measure(t.work(50_000), quick().innerReps(1).build());
        // All samples are 50 us, but the timer cannot tell 1 us apart: the interval is 1 us wide.
        assertEquals(0.001, r.intervalMillis().width(), 1e-12);
        assertTrue(r.intervalMillis().contains(0.05));
        assertEquals(0.001, r.timerStepMillis(), 1e-15);
    }

    @Test
    void sameSeedSameResult() {
        java.util.function.Supplier<TimingResult> run = () -> {
            FakeTimer t = new FakeTimer();
            java.util.Random r = new java.util.Random(1);
            SnsEngine e = new SnsEngine(new FakeBackend(t, GpuTelemetry.none("none")), log::add);
            return e.measure(s -> t.advance(1000 + r.nextInt(100)), quick().build());
        };
        assertEquals(run.get().intervalMillis(), run.get().intervalMillis());
    }
}
