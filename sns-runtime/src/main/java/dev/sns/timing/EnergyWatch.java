package dev.sns.timing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * Watches an {@link EnergyCounter} for its updates: each read that finds the counter moved is an
 * {@link Update}, stamped with the time it was seen and the calls of the work completed by then (an
 * exact count, from the caller's counter). Windows are cut between updates ({@link #window}), so a
 * window's energy is a whole number of the counter's steps and its calls are those completed between
 * the two sightings. The power sensor is read alongside, for the cross-check of each window.
 *
 * <p>On a GPU the counter is read by a daemon thread of its own ({@link #start()}), since one NVML
 * read takes milliseconds; the thread learns the update period and reads the counter only around
 * the next update's due time (the power sensor, a cheap read, in between). A scripted counter on a
 * fake clock is read by the sampling loop between samples ({@link #poll()}). Nothing here runs
 * inside a timed region, and nothing is computed.
 */
public final class EnergyWatch implements AutoCloseable {
    /** Pause between the thread's reads while it waits for an update. */
    static final long POLL_PAUSE_NANOS = 500_000;
    /**
     * How long before the next update is due the thread starts reading again. One energy read took
     * 3.55 ms on the H200 (the power sensor's 45 us): read without pause, the counter kept NVML busy
     * 87% of the time. Between updates the thread only reads power, every {@link #POWER_PERIOD_NANOS},
     * and starts reading the counter this long before the shortest of the recent gaps has passed.
     */
    static final long GUARD_NANOS = 12_000_000;
    /** How often the power sensor is read while the thread waits for the next update. */
    static final long POWER_PERIOD_NANOS = 5_000_000;
    /** Recent gaps between updates the wait is planned from. */
    static final int GAPS_KEPT = 8;

    /**
     * One sighting of a counter update.
     *
     * @param nanos when the read that saw it returned, on the counter's clock
     * @param millijoules the counter's new value
     * @param calls calls completed when it was seen
     * @param temperatureC the temperature read right after (NaN when not read)
     */
    public record Update(long nanos, double millijoules, long calls, double temperatureC) {}

    private final EnergyCounter counter;
    private final LongSupplier calls;
    private final long originNanos;
    private final Object lock = new Object();
    private final List<Update> updates = new ArrayList<>();
    private long[] powerNanos = new long[256];
    private double[] powerW = new double[256];
    private int powers;
    private double last = Double.NaN;
    private int failedReads;
    private long reads;
    private long readNanos;
    private volatile boolean running;
    private Thread thread;

    /**
     * @param counter the counter (not closed by the watch)
     * @param calls calls of the work completed so far, read when an update is seen
     */
    public EnergyWatch(EnergyCounter counter, LongSupplier calls) {
        this.counter = counter;
        this.calls = calls;
        this.originNanos = counter.nanoTime();
    }

    /** The counter watched. */
    public EnergyCounter counter() {
        return counter;
    }

    /** Whether a thread reads the counter ({@link #start()}); otherwise the caller polls. */
    public boolean threaded() {
        return thread != null;
    }

    /** Starts the reading thread, when the counter wants one; otherwise the caller must {@link #poll()}. */
    public EnergyWatch start() {
        if (counter.readOnThread() && thread == null) {
            running = true;
            thread = new Thread(this::run, "sns-energy");
            thread.setDaemon(true);
            thread.start();
        }
        return this;
    }

    private void run() {
        while (running) {
            long wait = untilReading();
            if (wait > 0) {
                readPower();
                LockSupport.parkNanos(Math.min(wait, POWER_PERIOD_NANOS));
                continue;
            }
            poll();
            LockSupport.parkNanos(POLL_PAUSE_NANOS);
        }
    }

    /**
     * Nanoseconds until the counter should be read again: after the last update, the shortest of
     * the recent gaps less {@link #GUARD_NANOS}; 0 (read now) until three updates were seen.
     */
    private long untilReading() {
        synchronized (lock) {
            int n = updates.size();
            if (n < 3) {
                return 0;
            }
            long shortest = Long.MAX_VALUE;
            for (int i = Math.max(1, n - GAPS_KEPT); i < n; i++) {
                shortest = Math.min(shortest, updates.get(i).nanos() - updates.get(i - 1).nanos());
            }
            return updates.get(n - 1).nanos() + shortest - GUARD_NANOS - counter.nanoTime();
        }
    }

    private void readPower() {
        double w = counter.powerW();
        long t = counter.nanoTime();
        if (!Double.isNaN(w)) {
            synchronized (lock) {
                addPower(t, w);
            }
        }
    }

    private void addPower(long t, double w) {
        if (powers == powerNanos.length) {
            powerNanos = Arrays.copyOf(powerNanos, powers * 2);
            powerW = Arrays.copyOf(powerW, powers * 2);
        }
        powerNanos[powers] = t;
        powerW[powers] = w;
        powers++;
    }

    /** One read of the counter (and the power sensor); a move is recorded as an update. */
    public void poll() {
        long t0 = counter.nanoTime();
        double mj = counter.millijoules();
        long t1 = counter.nanoTime();
        long done = calls.getAsLong();
        boolean moved = false;
        synchronized (lock) {
            reads++;
            readNanos += t1 - t0;
            if (Double.isNaN(mj)) {
                failedReads++;
            } else if (Double.isNaN(last)) {
                last = mj; // the first reading is where counting starts, not an update
            } else if (mj != last) {
                last = mj;
                moved = true;
            }
        }
        double c = moved ? counter.temperatureC() : Double.NaN;
        double w = counter.powerW();
        long t2 = counter.nanoTime();
        synchronized (lock) {
            if (moved) {
                updates.add(new Update(t1, mj, done, c));
            }
            if (!Double.isNaN(w)) {
                addPower(t2, w);
            }
        }
    }

    /** Updates seen so far. */
    public int updateCount() {
        synchronized (lock) {
            return updates.size();
        }
    }

    /** Update {@code i} (0: the first seen). */
    public Update update(int i) {
        synchronized (lock) {
            return updates.get(i);
        }
    }

    /** The updates seen so far (a copy). */
    public List<Update> updates() {
        synchronized (lock) {
            return List.copyOf(updates);
        }
    }

    /** Reads that failed so far. */
    public int failedReads() {
        synchronized (lock) {
            return failedReads;
        }
    }

    /** Mean time one read of the counter took, in nanoseconds (NaN before the first read). */
    public double meanReadNanos() {
        synchronized (lock) {
            return reads == 0 ? Double.NaN : (double) readNanos / reads;
        }
    }

    /** Now on the counter's clock, from the watch's start. */
    public long elapsedNanos() {
        return counter.nanoTime() - originNanos;
    }

    /**
     * The window from update {@code from} to update {@code to} (indices into {@link #updates()}),
     * in pairing round {@code round}.
     */
    public EnergyWindow window(int from, int to, int round) {
        if (from < 0 || to <= from) {
            throw new IllegalArgumentException("a window runs from one update to a later one, got " + from + " to " + to);
        }
        Update a;
        Update b;
        double integral;
        synchronized (lock) {
            a = updates.get(from);
            b = updates.get(to);
            integral = powerIntegralMillijoules(a.nanos(), b.nanos());
        }
        return new EnergyWindow(b.millijoules() - a.millijoules(), b.calls() - a.calls(), b.nanos() - a.nanos(), to - from,
                a.temperatureC(), b.temperatureC(), integral, a.nanos() - originNanos, round);
    }

    /**
     * The power readings between {@code from} and {@code to} integrated by trapezoids, with the ends
     * held at the nearest reading inside; NaN with fewer than two readings inside.
     */
    private double powerIntegralMillijoules(long from, long to) {
        int i = Arrays.binarySearch(powerNanos, 0, powers, from);
        i = i < 0 ? -i - 1 : i;
        int j = i;
        while (j < powers && powerNanos[j] <= to) {
            j++;
        }
        if (j - i < 2) {
            return Double.NaN;
        }
        double joules = powerW[i] * (powerNanos[i] - from) * 1e-9;
        for (int k = i + 1; k < j; k++) {
            joules += 0.5 * (powerW[k - 1] + powerW[k]) * (powerNanos[k] - powerNanos[k - 1]) * 1e-9;
        }
        joules += powerW[j - 1] * (to - powerNanos[j - 1]) * 1e-9;
        return joules * 1e3;
    }

    /** Stops the reading thread (the counter stays open). */
    @Override
    public void close() {
        running = false;
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
            try {
                t.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
