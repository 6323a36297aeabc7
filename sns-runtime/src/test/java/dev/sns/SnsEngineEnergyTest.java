package dev.sns;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.fakes.FakeBackend;
import dev.sns.fakes.FakeEnergyCounter;
import dev.sns.fakes.FakeTelemetry;
import dev.sns.fakes.FakeTimer;
import dev.sns.model.ComparisonResult;
import dev.sns.model.EnergyComparison;
import dev.sns.model.EnergyResult;
import dev.sns.model.EnergyVerdict;
import dev.sns.model.TimingResult;
import dev.sns.model.Verdict;
import dev.sns.options.SnsOptions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Energy through the engine on a fake counter of known power: exact joules per call, watts, idle
 * power and energy above idle; timing samples unchanged by the option; the energy ratio of pairs
 * with its verdict; and the one line where there is no counter.
 */
class SnsEngineEnergyTest {
    private static final long PERIOD = 100_000_000L;
    private final List<String> log = new ArrayList<>();
    private final FakeTimer t = new FakeTimer();
    private final FakeEnergyCounter counter = new FakeEnergyCounter(t, 300, 100, PERIOD).kernelWatts("hot", 300)
            .kernelWatts("cool", 150);

    private SnsEngine engine() {
        return new SnsEngine(FakeBackend.withEnergy(t, new FakeTelemetry(t, FakeTelemetry.steady(1980, 4)), counter),
                log::add);
    }

    private static SnsOptions.Builder quick() {
        return SnsOptions.builder().warmup(5).iterations(40).windows(4).innerReps(2).energyWindows(6).energyUpdates(3);
    }

    @Test
    void energyPerCallWattsIdleAndAboveIdleAreExact() {
        TimingResult r = engine().measure(t.work(1_000_000), quick().name("k").energy(true).bytesPerCall(1e9)
                .flopsPerCall(2e9).build());
        EnergyResult e = r.energy().orElseThrow();
        assertTrue(e.available(), e.unavailableReason());
        assertEquals(0.3, e.joulesPerCall(), 1e-12); // 300 W x 1 ms
        assertEquals(0.3, e.joulesPerCallInterval().orElseThrow().lower(), 1e-12);
        assertEquals(0.3, e.joulesPerCallInterval().orElseThrow().upper(), 1e-12);
        assertEquals(300.0, e.watts(), 1e-9);
        assertEquals(100.0, e.idleWatts(), 1e-9);
        assertEquals(0.2, e.aboveIdleJoulesPerCall(), 1e-12); // (300 - 100) W x 1 ms
        assertEquals(6, e.windows());
        assertEquals(3, e.updatesPerWindow());
        assertEquals(100.0, e.updatePeriodMillis(), 1e-9);
        assertEquals(6 * 300, e.calls());
        assertEquals(1.0 / 0.3, e.gbPerJoule(), 1e-9); // 1 GB per 0.3 J
        assertEquals(2.0 / 0.3, e.gflopsPerJoule(), 1e-9);
        assertEquals(41.0, e.temperatureMinC(), 0.0);
        assertEquals(0, e.hotWindows());
        assertEquals(1.0, e.powerSensorRatio(), 0.02); // the fake's power sensor reads the same power
        assertEquals(6 + 4, e.trace().size()); // the work's windows and the idle ones
        assertEquals(4, e.trace().stream().filter(EnergyResult.TracePoint::idle).count());
        assertTrue(counter.closed());
        assertTrue(log.isEmpty(), log.toString());
    }

    @Test
    void byDefaultNothingOfEnergyRunsAndTheSamplesAreTheSame() {
        TimingResult off = engine().measure(t.work(250_000), quick().build());
        assertTrue(off.energy().isEmpty());
        assertEquals(0, counter.reads(), "the counter is never read without energy=true");
        long idleBefore = t.count("idle");
        assertEquals(0, idleBefore);
        TimingResult on = engine().measure(t.work(250_000), quick().energy(true).build());
        assertArrayEquals(off.samplesMillis(), on.samplesMillis());
        assertArrayEquals(off.windowIds(), on.windowIds());
        assertEquals(off.medianMillis(), on.medianMillis(), 0.0);
        assertTrue(on.energy().orElseThrow().available());
    }

    @Test
    void interleavedPairOfEqualTimeAndDoubleEnergyReadsParityInTimeAndMoreEnergy() {
        Workload hot = s -> t.kernel("hot", 1_000_000);
        Workload cool = s -> t.kernel("cool", 1_000_000);
        ComparisonResult c = engine().compare(hot, cool, quick().energy(true).build());
        assertEquals(Verdict.PARITY, c.verdict());
        EnergyComparison e = c.energy().orElseThrow();
        assertTrue(e.available(), e.unavailable());
        assertEquals(0.5, e.ratio(), 1e-12); // 0.15 J / 0.3 J: the candidate uses twice the energy
        assertTrue(e.interval().contains(0.5));
        assertEquals(EnergyVerdict.MORE_ENERGY, e.verdict());
        assertEquals((150 - 100) / (300.0 - 100), e.aboveIdleRatio(), 1e-12);
        assertTrue(e.design().contains("ABBA rounds paired"), e.design());
        assertEquals(6, c.candidate().energy().orElseThrow().windows());
        assertEquals(6, c.baseline().energy().orElseThrow().windows());
        assertTrue(c.toString().contains("MORE_ENERGY"), c.toString());
    }

    @Test
    void anAaPairReadsEnergyParityAndSequentialSidesWork() {
        Workload a = s -> t.kernel("hot", 1_000_000);
        ComparisonResult c = engine().compare(a, a, quick().energy(true).interleave(false).build());
        EnergyComparison e = c.energy().orElseThrow();
        assertEquals(1.0, e.ratio(), 1e-12);
        assertEquals(EnergyVerdict.PARITY, e.verdict());
        assertTrue(e.design().startsWith("independent sides"), e.design());
    }

    @Test
    void measureManyTakesEachWorkloadsWindowsInTurn() {
        Map<String, Workload> works = new LinkedHashMap<>();
        works.put("hot", s -> t.kernel("hot", 1_000_000));
        works.put("cool", s -> t.kernel("cool", 2_000_000));
        Map<String, TimingResult> r = engine().measureMany(works, quick().energy(true).energyIdle(false).build());
        assertEquals(0.3, r.get("hot").energy().orElseThrow().joulesPerCall(), 1e-12);
        assertEquals(0.3, r.get("cool").energy().orElseThrow().joulesPerCall(), 1e-12); // 150 W x 2 ms
        assertTrue(Double.isNaN(r.get("hot").energy().orElseThrow().idleWatts()), "no idle power asked for");
    }

    @Test
    void withoutACounterOneLineSaysSoTimingGoesOnAndTheFieldsAreAbsent() {
        SnsEngine e = new SnsEngine(new FakeBackend(t, new FakeTelemetry(t, FakeTelemetry.steady(1980, 4))), log::add);
        TimingResult r = e.measure(t.work(250_000), quick().energy(true).build());
        TimingResult again = e.measure(t.work(250_000), quick().energy(true).build());
        assertEquals(0.25, r.medianMillis(), 1e-12);
        EnergyResult en = r.energy().orElseThrow();
        assertFalse(en.available());
        assertTrue(Double.isNaN(en.joulesPerCall()) && Double.isNaN(en.watts()), "absent, not zero");
        assertTrue(en.joulesPerCallInterval().isEmpty());
        assertEquals(1, log.size(), log.toString());
        assertTrue(log.get(0).startsWith("sns: no energy: the scripted backend has no energy counter"), log.get(0));
        assertFalse(again.energy().orElseThrow().available());
        ComparisonResult c = e.compare(t.work(250_000), t.work(250_000), quick().energy(true).build());
        assertFalse(c.energy().orElseThrow().available());
        assertEquals(EnergyVerdict.NO_VERDICT, c.energy().orElseThrow().verdict());
        assertEquals(1, log.size(), "said once: " + log);
    }

    @Test
    void windowsThatStartHotterThanSteadyAreFlagged() {
        // the GPU cools by 1 C per 100 ms of fake time: the first windows start hotter than the later ones settle at
        counter.temperature(60, -10);
        TimingResult r = engine().measure(t.work(1_000_000), quick().energy(true).energyIdle(false).build());
        EnergyResult e = r.energy().orElseThrow();
        assertTrue(e.hotWindows() > 0, e.toString());
        assertTrue(e.temperatureMaxC() > e.temperatureMinC());
        assertTrue(e.trace().get(0).hot());
    }
}
