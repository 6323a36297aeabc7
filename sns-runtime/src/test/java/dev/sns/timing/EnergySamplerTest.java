package dev.sns.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.fakes.FakeEnergyCounter;
import dev.sns.fakes.FakeTimer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Known answers of the energy pass on a fake counter: a device that draws a known power and whose
 * counter steps every 100 ms gives exact joules per call and watts, because windows start and end on
 * the counter's steps and the calls between them are counted exactly.
 */
class EnergySamplerTest {
    private static final long PERIOD = 100_000_000L; // 100 ms, like the H200's counter
    private static final long CALL = 1_000_000L; // 1 ms per call

    private final FakeTimer timer = new FakeTimer();
    private final AtomicLong calls = new AtomicLong();
    private final List<String> observed = new ArrayList<>();
    private final WindowObserver observer = new WindowObserver() {
        @Override
        public void windowStarted(int window) {
            observed.add("start " + window);
        }

        @Override
        public void windowEnded(int window) {
            observed.add("end " + window);
        }
    };

    @Test
    void knownPowerAndPeriodGiveExactJoulesPerCallAndWatts() throws Exception {
        FakeEnergyCounter c = new FakeEnergyCounter(timer, 300, 100, PERIOD);
        EnergyWatch watch = new EnergyWatch(c, calls::get).start();
        Body call = () -> timer.advance(CALL);
        EnergySampler.Result r = EnergySampler.run(timer, List.of(call), new int[] {1},
                EnergySampler.Schedule.sequential(1, 10), 5, EnergyCool.NONE, watch, calls, observer);
        List<EnergyWindow> ws = r.windowsOf().get(0);
        assertEquals(10, ws.size());
        for (EnergyWindow w : ws) {
            assertEquals(5, w.updates());
            assertEquals(500, w.calls()); // 5 x 100 ms of 1 ms calls, counted exactly
            assertEquals(150_000.0, w.millijoules(), 0.0); // 300 W x 0.5 s
            assertEquals(0.3, w.joulesPerCall(), 1e-15);
            assertEquals(300.0, w.watts(), 1e-9);
            assertEquals(500_000_000L, w.nanos());
            assertEquals(-1, w.round());
        }
        // contiguous windows: each starts where the last ended
        for (int i = 1; i < ws.size(); i++) {
            assertEquals(ws.get(i - 1).startNanos() + ws.get(i - 1).nanos(), ws.get(i).startNanos());
        }
        // one block of the body's windows back to back: its evidence opens before the warm-up and closes
        // after the last window, never while a window is open
        assertEquals(List.of("start 0", "end 0"), observed);
        assertTrue(timer.count("start") == 0 && timer.count("sync") > 0, "the energy pass times nothing");
    }

    @Test
    void idleWindowsReadIdlePowerExactly() {
        FakeEnergyCounter c = new FakeEnergyCounter(timer, 300, 120, PERIOD);
        EnergyWatch watch = new EnergyWatch(c, calls::get).start();
        List<EnergyWindow> idle = EnergySampler.idle(watch);
        assertEquals(EnergySampler.IDLE_WINDOWS, idle.size());
        for (EnergyWindow w : idle) {
            assertEquals(0, w.calls());
            assertEquals(EnergySampler.IDLE_UPDATES, w.updates());
            assertEquals(120.0, w.watts(), 1e-9);
            assertTrue(Double.isNaN(w.joulesPerCall()));
        }
        assertEquals(0, timer.count("work"));
    }

    @Test
    void abbaWindowsAlternateBodiesSettleBetweenThemAndCarryTheirRounds() throws Exception {
        FakeEnergyCounter c = new FakeEnergyCounter(timer, 300, 100, PERIOD).kernelWatts("hot", 300)
                .kernelWatts("cool", 150);
        EnergyWatch watch = new EnergyWatch(c, calls::get).start();
        Body hot = () -> timer.kernel("hot", CALL);
        Body cool = () -> timer.kernel("cool", CALL);
        EnergySampler.Result r = EnergySampler.run(timer, List.of(hot, cool), new int[] {1, 1},
                EnergySampler.Schedule.abba(4), 3, EnergyCool.NONE, watch, calls, observer);
        assertEquals(List.of(0, 1, 1, 0, 0, 1, 1, 0), java.util.Arrays.stream(r.ownerOfWindow()).boxed().toList());
        for (EnergyWindow w : r.windowsOf().get(0)) {
            assertEquals(0.3, w.joulesPerCall(), 1e-15, "no window holds the other body's energy");
        }
        for (EnergyWindow w : r.windowsOf().get(1)) {
            assertEquals(0.15, w.joulesPerCall(), 1e-15);
        }
        assertEquals(List.of(0, 1, 1, 2, 2, 3, 3, 4), java.util.Arrays.stream(r.blockOfWindow()).boxed().toList());
        assertEquals(List.of("start 0", "end 0", "start 1", "end 1", "start 2", "end 2", "start 3", "end 3", "start 4",
                "end 4"), observed);
        assertEquals(List.of(0, 1, 2, 3), r.windowsOf().get(0).stream().map(EnergyWindow::round).toList());
        assertEquals(List.of(0, 1, 2, 3), r.windowsOf().get(1).stream().map(EnergyWindow::round).toList());
    }

    @Test
    void longCallsExtendAWindowToEnoughCalls() throws Exception {
        FakeEnergyCounter c = new FakeEnergyCounter(timer, 200, 100, PERIOD);
        EnergyWatch watch = new EnergyWatch(c, calls::get).start();
        Body slow = () -> timer.advance(25_000_000L); // 25 ms: 4 per update
        EnergySampler.Result r = EnergySampler.run(timer, List.of(slow), new int[] {1},
                EnergySampler.Schedule.sequential(1, 3), 1, EnergyCool.NONE, watch, calls, observer);
        for (EnergyWindow w : r.windowsOf().get(0)) {
            assertEquals(EnergySampler.MIN_STEPS_PER_WINDOW, w.calls());
            assertEquals(5, w.updates());
            assertEquals(200.0 * 0.025, w.joulesPerCall(), 1e-12);
        }
    }

    @Test
    void coolDownWaitsIdleForATimeOrATemperature() throws Exception {
        FakeEnergyCounter c = new FakeEnergyCounter(timer, 300, 100, PERIOD).temperature(41, 0);
        EnergyWatch watch = new EnergyWatch(c, calls::get).start();
        long t0 = timer.now();
        assertEquals("cooled 3 s", EnergySampler.cool(watch, EnergyCool.parse("3s")));
        assertTrue(timer.now() - t0 >= 3_000_000_000L);
        assertEquals(0, timer.count("work"));
        assertTrue(EnergySampler.cool(watch, EnergyCool.parse("45C")).startsWith("cooled to 41 C"));
        FakeEnergyCounter hot = new FakeEnergyCounter(timer, 300, 100, PERIOD).temperature(80, 0);
        String s = EnergySampler.cool(new EnergyWatch(hot, calls::get).start(), EnergyCool.parse("45C"));
        assertTrue(s.startsWith("still 80 C after 120 s"), s);
        assertEquals("", EnergySampler.cool(watch, EnergyCool.NONE));
    }

    @Test
    void aCounterThatNeverMovesIsStuckNotAHang() {
        EnergyCounter frozen = new EnergyCounter() {
            @Override
            public double millijoules() {
                return 42;
            }

            @Override
            public long nanoTime() {
                return timer.now();
            }

            @Override
            public boolean readOnThread() {
                return false;
            }
        };
        EnergyWatch watch = new EnergyWatch(frozen, calls::get).start();
        Body call = () -> timer.advance(CALL);
        EnergySampler.CounterStuckException e = assertThrows(EnergySampler.CounterStuckException.class,
                () -> EnergySampler.run(timer, List.of(call), new int[] {1}, EnergySampler.Schedule.sequential(1, 2), 2,
                        EnergyCool.NONE, watch, calls, observer));
        assertTrue(e.getMessage().contains("did not move"), e.getMessage());
    }

    @Test
    void theThreadReadsTheCounterOnlyAroundTheNextUpdateAndThePowerSensorBetween() throws Exception {
        long origin = System.nanoTime();
        long period = 50_000_000L;
        java.util.concurrent.atomic.AtomicInteger energyReads = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger powerReads = new java.util.concurrent.atomic.AtomicInteger();
        EnergyCounter real = new EnergyCounter() {
            @Override
            public double millijoules() {
                energyReads.incrementAndGet();
                return 200.0 * ((System.nanoTime() - origin) / period * period) * 1e-6;
            }

            @Override
            public double powerW() {
                powerReads.incrementAndGet();
                return 200.0;
            }
        };
        try (EnergyWatch watch = new EnergyWatch(real, calls::get).start()) {
            Thread.sleep(600);
            int n = watch.updateCount();
            assertTrue(n >= 8, "updates seen: " + n);
            // reading without pause would be ~100 reads an update; around the due time it is a few
            assertTrue(energyReads.get() < 40 * n, energyReads.get() + " energy reads for " + n + " updates");
            assertTrue(powerReads.get() > 3 * n, powerReads.get() + " power reads for " + n + " updates");
            EnergyWindow w = watch.window(2, n - 1, -1);
            assertEquals(200.0, w.watts(), 200.0 * 0.03);
            assertEquals(1.0, w.powerSensorMillijoules() / w.millijoules(), 0.03);
        }
    }

    @Test
    void coolSpellingsParseAndRoundTrip() {
        assertEquals("none", EnergyCool.parse("none").toString());
        assertEquals("10s", EnergyCool.parse("10s").toString());
        assertEquals("45C", EnergyCool.parse("45C").toString());
        assertThrows(IllegalArgumentException.class, () -> EnergyCool.parse("warm"));
        assertThrows(IllegalArgumentException.class, () -> EnergyCool.parse("300C"));
    }

    @Test
    void aThreadedWatchOnTheHostClockSeesUpdatesAndCountsCalls() throws Exception {
        long origin = System.nanoTime();
        long period = 5_000_000L;
        EnergyCounter real = () -> 100.0 * ((System.nanoTime() - origin) / period * period) * 1e-6;
        AtomicLong done = new AtomicLong();
        try (EnergyWatch watch = new EnergyWatch(real, done::get).start()) {
            assertTrue(watch.threaded());
            long until = System.nanoTime() + 200_000_000L;
            while (System.nanoTime() < until) {
                done.incrementAndGet();
                Thread.onSpinWait();
            }
            int n = watch.updateCount();
            assertTrue(n >= 10, "updates seen: " + n);
            EnergyWindow w = watch.window(1, n - 1, -1);
            // mean power from whole steps: exact up to the sightings' lag (a read every ~0.5 ms)
            assertEquals(100.0, w.watts(), 100.0 * 0.02 * 10 / (n - 2) + 3);
            assertTrue(w.calls() > 0);
        }
    }
}
