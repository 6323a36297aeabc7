package dev.sns.timing;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The energy pass: a workload's calls run back to back in windows that each span a whole number of
 * the energy counter's updates, apart from the timed samples (which it never touches). A window
 * starts just after the counter moves and ends just after it has moved at least
 * {@code updatesPerWindow} more times; the calls completed in between are counted exactly
 * ({@link EnergyWatch}). Before the first window the work runs for {@value #WARM_UPDATES} updates
 * (steady clocks and power, and the counter's own delay behind the work); where the work changes from
 * one body to another, {@value #SETTLE_UPDATES} updates pass before the next window opens, so that no
 * window's energy holds the previous body's.
 *
 * <p>Also here, with nothing launched: idle power ({@link #idle}) in windows of
 * {@value #IDLE_UPDATES} updates, and the cool-down between sides ({@link #cool}). Nothing is
 * computed: windows leave as {@link EnergyWindow}s.
 */
public final class EnergySampler {
    /**
     * Updates the work runs before its first window: the first comes at a random point of a counter
     * period, so two leave at least one whole period of the work (~100 ms) before the window, covering
     * the clock ramp and the counter's delay behind the power it integrates.
     */
    public static final int WARM_UPDATES = 3;
    /** Updates between two bodies' windows: one whole counter period of the new body before its window. */
    public static final int SETTLE_UPDATES = 2;
    /**
     * Fewest steps (launches of a body, each its calls per sample) a window holds: a window shorter than this many calls is extended to
     * the next update, so that one call's phase against the power sensor's sampling (Yang et al.,
     * SC'24: the H100's sensor averages a quarter of each period) is averaged over many calls.
     */
    public static final int MIN_STEPS_PER_WINDOW = 20;
    /** Idle windows measured before the work, and the updates each spans. */
    public static final int IDLE_WINDOWS = 4;
    public static final int IDLE_UPDATES = 2;
    /** Updates waited before the idle windows, for power to fall back after earlier work. */
    public static final int IDLE_SETTLE_UPDATES = 2;
    /** Longest wait for one counter update (~100 ms apart on an H200): past it the counter is stuck. */
    public static final long MAX_UPDATE_WAIT_NANOS = 3_000_000_000L;
    /** Pause between reads while the GPU idles. */
    static final long IDLE_PAUSE_NANOS = 2_000_000;

    private EnergySampler() {}

    /**
     * Which body each window runs and the pairing round it belongs to.
     *
     * @param owner the body of window i
     * @param round the pairing round of window i (-1: not paired)
     */
    public record Schedule(int[] owner, int[] round) {
        public Schedule {
            if (owner.length != round.length || owner.length == 0) {
                throw new IllegalArgumentException("a schedule needs one owner and one round per window, got "
                        + owner.length + " and " + round.length);
            }
        }

        /** Each body's {@code windows} windows in turn, unpaired. */
        public static Schedule sequential(int bodies, int windows) {
            int[] o = new int[bodies * windows];
            int[] r = new int[o.length];
            for (int i = 0; i < o.length; i++) {
                o[i] = i / windows;
                r[i] = -1;
            }
            return new Schedule(o, r);
        }

        /**
         * Two bodies in ABBA order, {@code rounds} rounds of one window each: 0 1 | 1 0 | 0 1 ...; a
         * body runs two windows back to back at every round boundary, which halves the switches.
         */
        public static Schedule abba(int rounds) {
            int[] o = new int[2 * rounds];
            int[] r = new int[o.length];
            for (int k = 0; k < rounds; k++) {
                o[2 * k] = k % 2 == 0 ? 0 : 1;
                o[2 * k + 1] = k % 2 == 0 ? 1 : 0;
                r[2 * k] = k;
                r[2 * k + 1] = k;
            }
            return new Schedule(o, r);
        }

        int windows() {
            return owner.length;
        }
    }

    /**
     * What the pass took: each body's windows in the order they ran, each window's body and block in
     * run order. A block is a body's run of windows back to back (with its warm-up or settling): the
     * observer saw block {@code k} as its window {@code k}, opened and closed with the GPU idle and no
     * energy window open, so that reading the clock evidence (NVML's throttle counters take ~0.5 ms
     * each, longer behind an energy read) never stalls the work inside a window.
     */
    public record Result(List<List<EnergyWindow>> windowsOf, int[] ownerOfWindow, int[] blockOfWindow,
                         List<String> notes) {}

    /** The counter did not move, or could not be read: energy cannot be measured (timing goes on). */
    public static final class CounterStuckException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public CounterStuckException(String message) {
            super(message);
        }
    }

    /**
     * Idle power: with nothing launched, waits {@value #IDLE_SETTLE_UPDATES} updates, then takes
     * {@value #IDLE_WINDOWS} windows of {@value #IDLE_UPDATES} updates.
     */
    public static List<EnergyWindow> idle(EnergyWatch watch) {
        int start = awaitUpdates(watch, IDLE_SETTLE_UPDATES) - 1;
        List<EnergyWindow> out = new ArrayList<>();
        for (int w = 0; w < IDLE_WINDOWS; w++) {
            int end = awaitUpdates(watch, IDLE_UPDATES) - 1;
            out.add(watch.window(start, end, -1));
            start = end;
        }
        return out;
    }

    /**
     * Waits, with nothing launched, as {@code cool} says; returns what was done in words ("" for
     * no wait), saying so when the temperature band was not reached in time.
     */
    public static String cool(EnergyWatch watch, EnergyCool cool) {
        EnergyCounter c = watch.counter();
        if (!cool.waits()) {
            return "";
        }
        long t0 = c.nanoTime();
        if (Double.isNaN(cool.maxTemperatureC())) {
            while (c.nanoTime() - t0 < cool.seconds() * 1e9) {
                pause(watch);
            }
            return String.format(Locale.ROOT, "cooled %.0f s", cool.seconds());
        }
        double now = c.temperatureC();
        while (!(now <= cool.maxTemperatureC()) && c.nanoTime() - t0 < EnergyCool.MAX_WAIT_SECONDS * 1e9) {
            for (int i = 0; i < 50; i++) {
                pause(watch);
            }
            now = c.temperatureC();
        }
        double waited = (c.nanoTime() - t0) / 1e9;
        if (Double.isNaN(now)) {
            return "no temperature reading: the cool-down to " + cool + " could not be checked";
        }
        return now <= cool.maxTemperatureC()
                ? String.format(Locale.ROOT, "cooled to %.0f C in %.1f s", now, waited)
                : String.format(Locale.ROOT, "still %.0f C after %.0f s (band %s): measured anyway", now, waited, cool);
    }

    /**
     * Runs the bodies' windows as {@code schedule} says. Each step launches one body's calls
     * ({@code callsPerStep[b]} calls of the work; {@code bodies} are already repeated), waits for
     * them ({@link Timer#synchronize()}) and counts them. Nothing is timed and nothing else is launched:
     * no events, no L2 flush, no blocking kernel; the energy is the work's own, back to back.
     *
     * @param observer told when each block of windows opens and closes (for its clock evidence), never
     *     while a window is open
     * @throws CounterStuckException when the counter does not move for {@link #MAX_UPDATE_WAIT_NANOS}
     */
    public static Result run(Timer timer, List<Body> bodies, int[] callsPerStep, Schedule schedule,
                             int updatesPerWindow, EnergyCool cool, EnergyWatch watch, AtomicLong calls,
                             WindowObserver observer) throws Exception {
        if (updatesPerWindow < 1) {
            throw new IllegalArgumentException("a window spans at least 1 update, got " + updatesPerWindow);
        }
        List<List<EnergyWindow>> out = new ArrayList<>();
        for (int i = 0; i < bodies.size(); i++) {
            out.add(new ArrayList<>());
        }
        List<String> notes = new ArrayList<>();
        int total = schedule.windows();
        int[] blockOf = new int[total];
        int window = 0;
        int block = 0;
        int body = schedule.owner()[0];
        note(notes, cool(watch, cool));
        timer.synchronize();
        observer.windowStarted(block);
        int start = watch.updateCount() + WARM_UPDATES - 1;
        boolean open = false;
        int stepsInWindow = 0;
        Stall stall = new Stall(watch);
        while (true) {
            bodies.get(body).run();
            timer.synchronize();
            calls.addAndGet(callsPerStep[body]);
            if (!watch.threaded()) {
                watch.poll();
            }
            int count = stall.check();
            if (!open) {
                if (count > start) {
                    open = true;
                    stepsInWindow = 0;
                }
                continue;
            }
            stepsInWindow++;
            int end = count - 1;
            if (end - start < updatesPerWindow || stepsInWindow < MIN_STEPS_PER_WINDOW) {
                continue;
            }
            out.get(body).add(watch.window(start, end, schedule.round()[window]));
            blockOf[window] = block;
            window++;
            if (window == total) {
                break;
            }
            int next = schedule.owner()[window];
            if (next == body && !cool.waits()) {
                start = end; // the next window of the same body starts where this one ended
                stepsInWindow = 0;
                continue;
            }
            // A new block: the clock evidence closes and opens here, with the GPU idle and no window open.
            observer.windowEnded(block++);
            open = false;
            body = next;
            if (cool.waits()) {
                note(notes, cool(watch, cool));
                observer.windowStarted(block);
                start = watch.updateCount() + WARM_UPDATES - 1;
            } else {
                observer.windowStarted(block);
                start = end + SETTLE_UPDATES;
            }
            stall = new Stall(watch);
        }
        timer.synchronize();
        observer.windowEnded(block);
        return new Result(out, schedule.owner().clone(), blockOf, notes);
    }

    private static void note(List<String> notes, String note) {
        if (!note.isEmpty()) {
            notes.add(note);
        }
    }

    /** Waits, with nothing launched, for {@code n} more updates; returns the update count then. */
    private static int awaitUpdates(EnergyWatch watch, int n) {
        int target = watch.updateCount() + n;
        Stall stall = new Stall(watch);
        while (stall.check() < target) {
            pause(watch);
        }
        return target;
    }

    private static void pause(EnergyWatch watch) {
        watch.counter().idle(IDLE_PAUSE_NANOS);
        if (!watch.threaded()) {
            watch.poll();
        }
    }

    /** Notices a counter that stopped moving. */
    private static final class Stall {
        private final EnergyWatch watch;
        private int count;
        private long since;

        Stall(EnergyWatch watch) {
            this.watch = watch;
            this.count = watch.updateCount();
            this.since = watch.counter().nanoTime();
        }

        /** The update count now; throws when it has not grown for too long. */
        int check() {
            int n = watch.updateCount();
            long now = watch.counter().nanoTime();
            if (n > count) {
                count = n;
                since = now;
            } else if (now - since > MAX_UPDATE_WAIT_NANOS) {
                throw new CounterStuckException(String.format(Locale.ROOT, "the energy counter did not move in %.1f s "
                        + "(%d reads failed): no energy windows", (now - since) / 1e9, watch.failedReads()));
            }
            return n;
        }
    }
}
