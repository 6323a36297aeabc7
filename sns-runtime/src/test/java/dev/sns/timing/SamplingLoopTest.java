package dev.sns.timing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.fakes.FakeTimer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SamplingLoopTest {
    private static SamplingPlan plan(int warmup, int iterations, int windows, int innerReps) {
        return new SamplingPlan(warmup, 0, iterations, 0, windows, innerReps, 1e6, 1 << 20);
    }

    private static Body cost(FakeTimer t, long nanos, int[] calls) {
        return () -> {
            calls[0]++;
            t.advance(nanos);
        };
    }

    @Test
    void fixedInnerRepsGiveExactCallsSamplesAndWindows() throws Exception {
        FakeTimer t = new FakeTimer();
        int[] calls = {0};
        SampleSet s = SequentialSampler.run(t, cost(t, 1000, calls), plan(5, 10, 2, 3), WindowObserver.NONE);
        // 1 prime + 5 warmup + 10 samples x 3 inner reps (too few calls a sample to open windows with one)
        assertEquals(1 + 5 + 30, calls[0]);
        assertEquals(5, s.warmupCalls());
        assertEquals(0, s.calibrationCalls());
        assertEquals(3, s.innerReps());
        assertTrue(s.firstCallNanos() >= 0, "the prime call's wall time: " + s.firstCallNanos());
        double[] expected = new double[10];
        Arrays.fill(expected, 1000.0); // each region is 3 x 1000 ns, divided by 3
        assertArrayEquals(expected, s.perCallNanos(), 0.0);
        assertArrayEquals(new int[] {0, 0, 0, 0, 0, 1, 1, 1, 1, 1}, s.windowIds());
        // prime: work then sync; warm-up in regions of 1, 2, 2 calls, each resolved.
        assertEquals(List.of("work", "sync",
                "start", "work", "stop", "resolve",
                "start", "work", "work", "stop", "resolve",
                "start", "work", "work", "stop", "resolve"), t.events().subList(0, 16));
    }

    @Test
    void onlyTheWorkRunsInsideRegions() throws Exception {
        FakeTimer t = new FakeTimer();
        SequentialSampler.run(t, cost(t, 10, new int[1]), plan(3, 20, 4, 2), new WindowObserver() {
            @Override
            public void windowStarted(int w) {
                t.mark("window-begin");
            }

            @Override
            public void windowEnded(int w) {
                t.mark("window-end");
            }
        });
        boolean inside = false;
        for (String e : t.events()) {
            switch (e) {
                case "start" -> inside = true;
                case "stop" -> inside = false;
                case "work" -> { }
                default -> assertTrue(!inside, e + " inside a timed region: " + t.events());
            }
        }
        assertEquals(4, t.count("window-begin"));
        assertEquals(4, t.count("window-end"));
    }

    @Test
    void autoInnerRepsAimAtTheTargetWindow() throws Exception {
        FakeTimer t = new FakeTimer();
        int[] calls = {0};
        // 100 us per call, 1 ms target: 3 probes of 1 call (100 us < 250 us), then 3 of 5 calls
        // (500 us >= 250 us), extrapolated: ceil(5 x 1 ms / 500 us) = 10 calls per sample.
        SampleSet s = SequentialSampler.run(t, cost(t, 100_000, calls), plan(0, 10, 1, 0), WindowObserver.NONE);
        assertEquals(10, s.innerReps());
        assertEquals(3 * 1 + 3 * 5, s.calibrationCalls());
        // and the one window opens with an untimed call
        assertEquals(1 + 18 + 1 + 10 * 10, calls[0]);
        assertEquals(100_000.0, s.perCallNanos()[0], 0.0);
    }

    @Test
    void autoInnerRepsGrowFastPastTheTimersStep() throws Exception {
        FakeTimer t = new FakeTimer(1000, 1 << 16, dev.sns.fakes.FakeStream.DEVICE_0);
        // 10 ns per call on a 1 us timer: probes of 1, 16, 256, 4096 calls (41 us >= 16 us step,
        // below 250 us), then 4096 x 500/40.96 = 50000, 500 us: reps = ceil(50000 x 1 ms / 500 us) = 100000.
        SampleSet s = SequentialSampler.run(t, cost(t, 10, new int[1]), plan(0, 10, 1, 0), WindowObserver.NONE);
        assertEquals(100_000, s.innerReps());
        assertEquals(10.0, s.perCallNanos()[3], 1e-9);
    }

    @Test
    void minimumWarmupTimeIsAFloorOnTheCount() throws Exception {
        FakeTimer t = new FakeTimer();
        int[] calls = {0};
        SamplingPlan p = new SamplingPlan(0, 1e6, 10, 0, 1, 1, 1e6, 1 << 20);
        SampleSet s = SequentialSampler.run(t, cost(t, 100_000, calls), p, WindowObserver.NONE);
        // Regions of 1, 2, 4, 8 calls: 0.1, 0.3, 0.7, 1.5 ms cumulative.
        assertEquals(15, s.warmupCalls());
    }

    /** A long time-based warm-up of short work stays in regions a blocking launch can queue. */
    @Test
    void warmupRegionsStayShortWhateverTheWarmupTime() throws Exception {
        FakeTimer t = new FakeTimer();
        SamplingPlan p = new SamplingPlan(0, 50e6, 10, 0, 1, 1, 1e6, 1 << 20);
        SampleSet s = SequentialSampler.run(t, cost(t, 10_000, new int[1]), p, WindowObserver.NONE);
        assertTrue(s.warmupCalls() >= 5_000, "50 ms of 10 us calls: " + s.warmupCalls());
        int longest = 0;
        int run = 0;
        boolean open = false;
        for (String e : t.events()) {
            if (e.equals("start")) {
                run = 0;
                open = true;
            } else if (e.equals("stop")) {
                open = false;
            } else if (e.equals("work") && open) {
                longest = Math.max(longest, ++run);
            }
        }
        assertTrue(longest <= Phases.MAX_WARMUP_CHUNK, "a region of " + longest + " calls");
    }

    /** Work the timer cannot see ends a time-based warm-up instead of running it to the cap. */
    @Test
    void invisibleWorkEndsTheWarmupTimeFloor() throws Exception {
        FakeTimer t = new FakeTimer();
        SamplingPlan p = new SamplingPlan(3, 50e6, 10, 0, 1, 1, 1e6, 1 << 20);
        SampleSet s = SequentialSampler.run(t, cost(t, 0, new int[1]), p, WindowObserver.NONE);
        assertTrue(s.warmupCalls() < 4 * Phases.MAX_WARMUP_CHUNK, "warm-up calls " + s.warmupCalls());
    }

    /**
     * Host work under a GPU timer (events read a fraction of a microsecond around milliseconds of host
     * work): the warm-up's time floor and automatic inner reps end once the wall clock shows the timer
     * sees under 1% of the time, instead of growing for hours (seen on an H200: a CPU workload given
     * to Sns.compare with timer=auto). The work burns real time here while the fake timer moves 300 ns.
     */
    @Test
    void workTheTimerBarelySeesEndsTheWarmupFloorAndCalibration() throws Exception {
        FakeTimer t = new FakeTimer(32, 1 << 16);   // an H200's event step
        int[] calls = {0};
        Body hostWork = () -> {   // the events bracket no GPU work: 300 ns per region, whatever its calls
            calls[0]++;
            List<String> events = t.events();
            if (!events.isEmpty() && events.get(events.size() - 1).equals("start")) {
                t.advance(300);
            }
            long until = System.nanoTime() + 200_000;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
        };
        SamplingPlan p = new SamplingPlan(3, 5e6, 10, 0, 1, 0, 1e6, 1 << 20);
        SampleSet s = SequentialSampler.run(t, hostWork, p, WindowObserver.NONE);
        // 5 ms of floor is 17,000 regions of 300 ns as the timer sees them; the wall clock ends it after ~30 calls.
        assertTrue(s.warmupCalls() <= 2 * Phases.MAX_WARMUP_CHUNK, "warm-up calls " + s.warmupCalls());
        // A 1 ms region is never reached as the timer sees it (growth to 2^20 calls, 210 s a region); the wall
        // clock stops it at 16 calls (3.2 ms of host work a region projected, 0.3 us seen).
        assertTrue(s.innerReps() <= 16, "inner reps " + s.innerReps());
        assertTrue(s.calibrationCalls() <= 3 * (1 + 16), "calibration calls " + s.calibrationCalls());
    }

    @Test
    void minimumSamplingTimeAddsWholeWindows() throws Exception {
        FakeTimer t = new FakeTimer();
        SamplingPlan p = new SamplingPlan(0, 0, 10, 3e6, 2, 1, 1e6, 1 << 20);
        SampleSet s = SequentialSampler.run(t, cost(t, 100_000, new int[1]), p, WindowObserver.NONE);
        // 5 samples (0.5 ms) per window: 3 ms needs 6 windows.
        assertEquals(30, s.size());
        assertEquals(6, s.windowCount());
    }

    @Test
    void aFullQueueIsResolvedBeforeItOverflows() throws Exception {
        FakeTimer t = new FakeTimer(0, 4);
        SampleSet s = SequentialSampler.run(t, cost(t, 7, new int[1]), plan(0, 10, 1, 1), WindowObserver.NONE);
        assertEquals(10, s.size());
        // prime, no warm-up, fixed reps: resolves after 4, 8 and at the end of the window.
        assertEquals(3, t.count("resolve"));
    }

    /**
     * Each window is announced to the timer (a GPU timer moves to the window's stream there) before
     * the observer hears of it and before any of its samples, in both samplers.
     */
    @Test
    void theTimerHearsOfEachWindowBeforeItsSamples() throws Exception {
        FakeTimer t = new FakeTimer();
        SequentialSampler.run(t, cost(t, 1000, new int[1]), plan(3, 12, 4, 1), marking(t));
        assertWindowsAnnounced(t.events(), 4, 1, 0);
        // four calls a sample: each window opens with one untimed call of each body
        FakeTimer v = new FakeTimer();
        SequentialSampler.run(v, cost(v, 1000, new int[1]), plan(3, 12, 4, SamplingPlan.MIN_REPS_TO_OPEN), marking(v));
        assertWindowsAnnounced(v.events(), 4, 1, 1);
        FakeTimer x = new FakeTimer();
        InterleavedSampler.run(x, List.of(cost(x, 1000, new int[1]), cost(x, 2000, new int[1])),
                plan(3, 12, 3, SamplingPlan.MIN_REPS_TO_OPEN), 7, marking(x));
        assertWindowsAnnounced(x.events(), 3, 2, 1);
        FakeTimer u = new FakeTimer();
        InterleavedSampler.run(u, List.of(cost(u, 1000, new int[1]), cost(u, 2000, new int[1])), plan(3, 12, 3, 1), 7,
                marking(u));
        assertWindowsAnnounced(u.events(), 3, 2, 0);
    }

    /** Marks "observer w" on the timer's log as each window starts. */
    private static WindowObserver marking(FakeTimer t) {
        return new WindowObserver() {
            @Override
            public void windowStarted(int w) {
                t.mark("observer " + w);
            }

            @Override
            public void windowEnded(int w) {}
        };
    }

    /**
     * "window w", then the window's untimed opening calls (each body's, on the window's stream, no region
     * around them), then "observer w", in order, and the samples of window w only after them.
     */
    private static void assertWindowsAnnounced(List<String> events, int windows, int bodies, int opensWith) {
        int last = -1;
        int opening = bodies * opensWith;
        for (int w = 0; w < windows; w++) {
            int at = events.indexOf("window " + w);
            assertTrue(at > last, "window " + w + " announced after window " + (w - 1) + ": " + events);
            assertEquals(java.util.Collections.nCopies(opening, "work"), events.subList(at + 1, at + 1 + opening),
                    "the window's opening calls, untimed, right after it is announced: " + events);
            assertEquals("observer " + w, events.get(at + 1 + opening), "the timer first, then the observer: " + events);
            last = at;
        }
        assertEquals(-1, events.indexOf("window " + windows), "only " + windows + " windows: " + events);
        // the samples follow the first announcement; only warm-up and calibration come before it
        int first = events.indexOf("window 0");
        int afterLast = events.lastIndexOf("start");
        assertTrue(afterLast > events.indexOf("window " + (windows - 1)), "samples in the last window: " + events);
        assertTrue(first > 0, events.toString());
    }

    @Test
    void interleavedRoundsArePermutationsReproducibleFromTheSeed() throws Exception {
        FakeTimer t = new FakeTimer();
        List<Body> bodies = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            bodies.add(cost(t, 1000L * (i + 1), new int[1]));
        }
        InterleavedSampler.Result a = InterleavedSampler.run(t, bodies, plan(2, 30, 3, 1), 42, WindowObserver.NONE);
        InterleavedSampler.Result b = InterleavedSampler.run(t, bodies, plan(2, 30, 3, 1), 42, WindowObserver.NONE);
        InterleavedSampler.Result c = InterleavedSampler.run(t, bodies, plan(2, 30, 3, 1), 43, WindowObserver.NONE);
        assertEquals(30, a.roundOrders().length);
        for (int[] order : a.roundOrders()) {
            int[] sorted = order.clone();
            Arrays.sort(sorted);
            assertArrayEquals(new int[] {0, 1, 2, 3}, sorted);
        }
        assertTrue(Arrays.deepEquals(a.roundOrders(), b.roundOrders()));
        assertTrue(!Arrays.deepEquals(a.roundOrders(), c.roundOrders()));
        // Not always the same order: a reshuffle per round.
        assertNotEquals(Arrays.toString(a.roundOrders()[0]), Arrays.toString(a.roundOrders()[1]) + "x");
        long distinct = Arrays.stream(a.roundOrders()).map(Arrays::toString).distinct().count();
        assertTrue(distinct > 5, "only " + distinct + " distinct orders in 30 rounds");
        for (int i = 0; i < 4; i++) {
            SampleSet s = a.sets().get(i);
            assertEquals(30, s.size());
            assertEquals(1000.0 * (i + 1), s.perCallNanos()[17], 0.0);
            assertEquals(2, s.warmupCalls());
        }
        assertArrayEquals(a.windowOfRound(), a.sets().get(0).windowIds());
        assertEquals(2, a.windowOfRound()[29]);
    }

    @Test
    void interleavedOrderFollowsJavaUtilRandomShuffle() {
        Random r = new Random(7);
        int[] p = InterleavedSampler.shuffled(2, r);
        // Random(7).nextInt(2) decides the swap of a two-element round.
        int first = new Random(7).nextInt(2);
        assertArrayEquals(first == 1 ? new int[] {0, 1} : new int[] {1, 0}, p);
    }

    @Test
    void interleavedSamplesLandOnTheirOwnBodyAcrossResolves() throws Exception {
        FakeTimer t = new FakeTimer(0, 5); // a round of 2 never straddles a resolve
        List<Body> bodies = List.of(cost(t, 100, new int[1]), cost(t, 300, new int[1]));
        InterleavedSampler.Result r = InterleavedSampler.run(t, bodies, plan(0, 12, 2, 1), 1, WindowObserver.NONE);
        for (double v : r.sets().get(0).perCallNanos()) {
            assertEquals(100.0, v, 0.0);
        }
        for (double v : r.sets().get(1).perCallNanos()) {
            assertEquals(300.0, v, 0.0);
        }
    }

    @Test
    void planValidationNamesTheBadValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> plan(0, 9, 1, 1));
        assertTrue(e.getMessage().contains("got 9"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> plan(0, 10, 11, 1));
        assertTrue(e.getMessage().contains("got 11"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> plan(-1, 10, 1, 1));
        assertTrue(e.getMessage().contains("-1"), e.getMessage());
    }

    @Test
    void hostTimerMeasuresSomethingAndRejectsMisuse() throws Exception {
        HostTimer h = new HostTimer();
        assertTrue(h.resolutionNanos() >= 1.0);
        h.start();
        assertThrows(IllegalStateException.class, h::start);
        Thread.sleep(2);
        h.stop();
        assertThrows(IllegalStateException.class, h::stop);
        double[] d = h.resolveNanos();
        assertEquals(1, d.length);
        assertTrue(d[0] >= 1e6, "slept 2 ms, measured " + d[0] + " ns");
        assertEquals(0, h.pending());
    }
}
