package dev.sns.gpu;

import dev.sns.model.ClockEvidence;
import dev.sns.model.ThrottleEvidence;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Telemetry by one sampler thread that reads a device's sensors every period, for the telemetry's
 * life; a window's brackets only mark which readings are its own, and never read a sensor.
 *
 * <p><b>Why.</b> Adaptive precision samples many windows of two samples (about 2 ms each on the
 * GPU). Brackets that read the sensors themselves (the violation counters and one sample at each edge,
 * 18 NVML calls, and a thread started and joined per window) cost 5.3 ms a window on an H200 with the
 * GPU idle, more than the window's samples (docs/measured-h200.md). Here {@link #beginWindow()} and
 * {@link #endWindow()} take a lock, note where the window starts and ends in the sampler's readings,
 * and build the evidence: microseconds.
 *
 * <p><b>The sampler.</b> A daemon thread, started when the telemetry opens (in the engine before the
 * work's warm-up, so the first window finds a reading) and stopped by {@link #close()}, reads the SM and memory clocks, the clock-event reasons, temperature, power and the cumulative
 * violation counters, then pauses one period ({@link #every}), as the sampler of each window did
 * before; between windows too, so that the next window finds a fresh reading. It never touches the
 * timed stream: NVML is the driver's management interface, read beside the timed work as before.
 *
 * <p><b>A window's evidence.</b> Its readings are the latest one completed before it began (so a
 * window shorter than the period still has a reading) and every one completed while it was open;
 * clocks, temperature, power and the reasons' union come from them. The counters' growth is taken
 * between two readings: the one the previous window ended on (the latest before it began, for the
 * first window) and the latest completed before this window's end. So the windows' counter spans
 * follow each other without a gap, and a throttle is charged to the first window that ends after the
 * reading that shows it: the window open when that reading completed, or the next one when it came
 * between windows; never to an earlier window, never to none. The granularity is one sampling cycle
 * (a period and a read; NVML's own counters may update more coarsely still): a throttle in a window's
 * last cycle may be charged to the next window instead, one in the pause before a window to that
 * window (conservative: the evidence is kept, on a neighbour at worst). A window that began before the
 * first reading ever (a first window opened at once) waits at its end for that reading, once, at most
 * {@link #FIRST_READING_WAIT_MILLIS} ms.
 *
 * <p>Readings are checked as before: an absurd reading is dropped and counted as a sensor fault, a
 * failed one counted as a failed read; each window counts those among its own readings.
 */
public final class SampledTelemetry implements GpuTelemetry {
    /**
     * Largest clock reading believed, in MHz: GPU clocks are a few GHz; a larger reading (1e308 has been
     * seen from a faulty sensor) is counted as a failed read and kept out of the evidence.
     */
    static final double MAX_PLAUSIBLE_MHZ = 20_000;
    /** Largest temperature believed, in degrees Celsius (a GPU shuts down long before). */
    static final double MAX_PLAUSIBLE_C = 200;
    /** Largest board power believed, in watts. */
    static final double MAX_PLAUSIBLE_W = 100_000;
    /** How long a window's end waits for the sampler's very first reading, in ms, before it says there was none. */
    static final long FIRST_READING_WAIT_MILLIS = 2_000;

    /**
     * When the sampler thread reads the sensors next. {@link #every} paces it in real time; the
     * test-jar's stepped pacer lets a test decide, so that windows have known readings.
     */
    public interface Pacer {
        /**
         * Blocks the sampler thread until its next reading is due (the first call: at once).
         *
         * @throws InterruptedException when the telemetry closes
         */
        void awaitNext() throws InterruptedException;

        /** Called on the caller's thread at each window's edge, before it is marked; periodic pacing does nothing. */
        default void atEdge() { }
    }

    /** One reading of every sensor, checked; {@code failed}: no SM clock; {@code implausible}: a sensor fault. */
    private record Reading(double sm, double mem, long reasons, double temp, double power, Map<String, Long> counters,
                           boolean failed, boolean implausible) { }

    private final GpuSensors sensors;
    private final String description;
    private final Pacer pacer;
    private final Object lock = new Object();
    /** Guarded by lock: the latest reading completed, the open window's readings (null: none open). */
    private Reading latest;
    private List<Reading> window;
    private volatile boolean running;
    private final Thread sampler;
    private boolean inWindow;
    private boolean closed;
    /** Counters where the previous window's span ended (null before the first window ended). */
    private Map<String, Long> countersAtLastEnd;
    /** Counters where the open window's span starts (null: at its first reading). */
    private Map<String, Long> countersFrom;

    /**
     * @param sensors the device's sensors (closed with this telemetry; read on the sampler thread only)
     * @param periodMillis how often the sampler thread reads them, e.g. 2
     */
    public SampledTelemetry(GpuSensors sensors, double periodMillis) {
        this(sensors, every(periodMillis));
    }

    /**
     * @param sensors the device's sensors (closed with this telemetry; read on the sampler thread only)
     * @param pacer when the sampler reads them
     */
    public SampledTelemetry(GpuSensors sensors, Pacer pacer) {
        this.sensors = java.util.Objects.requireNonNull(sensors, "sensors");
        this.pacer = java.util.Objects.requireNonNull(pacer, "pacer");
        this.description = sensors.describe();
        running = true;
        sampler = new Thread(this::run, "sns-telemetry");
        sampler.setDaemon(true);
        sampler.start(); // last: the thread sees a whole object
    }

    /**
     * Pacing by pauses: the first reading at once, then a pause of {@code periodMillis} after each
     * reading ends. The driver is polled no harder than by the sampler of each window before (a read,
     * then a period's pause): when a read takes longer than the period, the sampler still rests half the
     * time and more, beside the timed work.
     */
    public static Pacer every(double periodMillis) {
        if (!(periodMillis > 0)) {
            throw new IllegalArgumentException("telemetry period must be positive, got " + periodMillis + " ms");
        }
        long periodNanos = Math.max(1, (long) (periodMillis * 1e6));
        return new Pacer() {
            private boolean started;

            @Override
            public void awaitNext() throws InterruptedException {
                if (!started) {
                    started = true;
                    return;
                }
                long due = System.nanoTime() + periodNanos;
                for (long wait = periodNanos; wait > 0; wait = due - System.nanoTime()) {
                    LockSupport.parkNanos(wait);
                    if (Thread.interrupted()) {
                        throw new InterruptedException();
                    }
                }
            }
        };
    }

    @Override
    public boolean available() {
        return true;
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public void beginWindow() {
        if (inWindow) {
            throw new IllegalStateException("beginWindow() twice: end the window first");
        }
        if (closed) {
            throw new IllegalStateException("beginWindow() after close(): open the telemetry again");
        }
        pacer.atEdge();
        synchronized (lock) {
            window = new ArrayList<>();
            if (latest != null) {
                window.add(latest);
            }
            countersFrom = countersAtLastEnd != null ? countersAtLastEnd : latest != null ? latest.counters() : null;
        }
        inWindow = true;
    }

    private void run() {
        try {
            while (running) {
                pacer.awaitNext();
                if (!running) {
                    return;
                }
                Reading r = read();
                synchronized (lock) {
                    latest = r;
                    if (window != null) {
                        window.add(r);
                    }
                    lock.notifyAll();
                }
            }
        } catch (InterruptedException e) {
            // closing
        }
    }

    /** One reading of every sensor, on the sampler thread; the plausibility checks of every reading. */
    private Reading read() {
        double sm;
        double mem;
        long reasons;
        double temp;
        double power;
        Map<String, Long> counters;
        try {
            sm = sensors.smClockMhz();
            mem = sensors.memClockMhz();
            reasons = sensors.clockEventReasons();
            temp = sensors.temperatureC();
            power = sensors.powerW();
            counters = Map.copyOf(sensors.violationNanos());
        } catch (RuntimeException e) {
            return new Reading(Double.NaN, Double.NaN, -1, Double.NaN, Double.NaN, Map.of(), true, false);
        }
        boolean implausible = !plausible(sm, MAX_PLAUSIBLE_MHZ) || !plausible(mem, MAX_PLAUSIBLE_MHZ)
                || !plausible(temp, MAX_PLAUSIBLE_C) || !plausible(power, MAX_PLAUSIBLE_W);
        if (implausible) {
            sm = plausible(sm, MAX_PLAUSIBLE_MHZ) ? sm : Double.NaN;
            mem = plausible(mem, MAX_PLAUSIBLE_MHZ) ? mem : Double.NaN;
            temp = plausible(temp, MAX_PLAUSIBLE_C) ? temp : Double.NaN;
            power = plausible(power, MAX_PLAUSIBLE_W) ? power : Double.NaN;
        }
        return new Reading(sm, mem, reasons, temp, power, counters, Double.isNaN(sm), implausible);
    }

    @Override
    public ClockEvidence endWindow() {
        if (!inWindow) {
            throw new IllegalStateException("endWindow() without beginWindow()");
        }
        pacer.atEdge();
        List<Reading> readings;
        Map<String, Long> from;
        synchronized (lock) {
            awaitFirstReading();
            readings = window;
            window = null;
            from = countersFrom != null ? countersFrom : readings.isEmpty() ? null : readings.get(0).counters();
            countersAtLastEnd = readings.isEmpty() ? countersAtLastEnd : readings.get(readings.size() - 1).counters();
        }
        inWindow = false;
        return evidence(readings, from);
    }

    /** Only while no reading was ever taken (a first window begun at once, shorter than one read): waits for it, bounded. */
    private void awaitFirstReading() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(FIRST_READING_WAIT_MILLIS);
        long left;
        while (window.isEmpty() && running && (left = deadline - System.nanoTime()) > 0) {
            try {
                TimeUnit.NANOSECONDS.timedWait(lock, left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private ClockEvidence evidence(List<Reading> readings, Map<String, Long> from) {
        if (readings.isEmpty()) {
            String why = "no sensor reading in this window: the sampler gave none within " + FIRST_READING_WAIT_MILLIS + " ms";
            return new ClockEvidence(description, false, new double[0], new double[0],
                    new ThrottleEvidence(List.of(), List.of(why), Map.of()), new double[0], new double[0]);
        }
        long reasonMask = 0;
        int failedReads = 0;
        int implausibleReads = 0;
        List<Double> sm = new ArrayList<>();
        List<Double> mem = new ArrayList<>();
        List<Double> temp = new ArrayList<>();
        List<Double> power = new ArrayList<>();
        for (Reading r : readings) {
            if (r.reasons() >= 0) {
                reasonMask |= r.reasons();
            }
            failedReads += r.failed() ? 1 : 0;
            implausibleReads += r.implausible() ? 1 : 0;
            if (!r.failed()) { // as ever: the other sensors' values count beside a clock reading only
                sm.add(r.sm());
                addIfNumber(mem, r.mem());
                addIfNumber(temp, r.temp());
                addIfNumber(power, r.power());
            }
        }
        LinkedHashSet<String> throttles = new LinkedHashSet<>(ThrottleClassifier.throttleReasons(reasonMask));
        LinkedHashSet<String> metadata = new LinkedHashSet<>(ThrottleClassifier.metadataReasons(reasonMask));
        TreeMap<String, Long> deltas = new TreeMap<>();
        Map<String, Long> start = from != null ? from : Map.of();
        readings.get(readings.size() - 1).counters().forEach((name, end) -> {
            Long begin = start.get(name);
            if (begin == null) {
                return;
            }
            long d = Math.max(0, end - begin);
            deltas.put(name, d);
            if (d > 0) {
                String what = String.format(Locale.ROOT, "%s counter +%.3f ms", name, d / 1e6);
                (ThrottleClassifier.isThrottleCounter(name) ? throttles : metadata).add(what);
            }
        });
        if (failedReads > 0) {
            metadata.add(failedReads + " clock reads failed");
        }
        if (implausibleReads > 0) {
            metadata.add(implausibleReads + " implausible sensor readings ignored (a sensor fault)");
        }
        ThrottleEvidence te = new ThrottleEvidence(List.copyOf(throttles), List.copyOf(metadata), deltas);
        return new ClockEvidence(description, false, toArray(sm), toArray(mem), te, toArray(temp), toArray(power));
    }

    /** A reading that is a number, at least 0 and at most {@code max}; NaN (a failed read) passes as NaN. */
    private static boolean plausible(double v, double max) {
        return Double.isNaN(v) || v >= 0 && v <= max;
    }

    private static void addIfNumber(List<Double> list, double v) {
        if (!Double.isNaN(v)) {
            list.add(v);
        }
    }

    private static double[] toArray(List<Double> list) {
        return list.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** Ends an open window, stops the sampler thread (waiting for a read in flight) and closes the sensors. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        if (inWindow) {
            endWindow();
        }
        closed = true;
        running = false;
        sampler.interrupt();
        boolean interrupted = false;
        while (sampler.isAlive()) {
            try {
                sampler.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        sensors.close();
    }
}
