package dev.sns.gpu;

import dev.sns.model.ClockEvidence;
import dev.sns.model.ThrottleEvidence;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.LockSupport;

/**
 * Telemetry by sampling a device's sensors on a background thread during each window.
 *
 * <p>At {@link #beginWindow()} the cumulative violation counters are read and one sample is taken;
 * a daemon thread then samples the SM and memory clocks and the clock-event reasons every period;
 * {@link #endWindow()} stops it, takes a last sample and reads the counters again. A throttle
 * shorter than the period still shows, as growth of a counter. The thread never touches the
 * timed stream: nothing here runs inside a timed region.
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

    private final GpuSensors sensors;
    private final long periodNanos;
    private final Object lock = new Object();
    private final List<double[]> samples = new ArrayList<>(); // {sm, mem, temperature, power}
    private long reasonMask;
    private int failedReads;
    private int implausibleReads;
    private Map<String, Long> countersAtStart = Map.of();
    private volatile boolean sampling;
    private Thread sampler;
    private boolean inWindow;

    /**
     * @param sensors the device's sensors (closed with this telemetry)
     * @param periodMillis how often the background thread samples, e.g. 2
     */
    public SampledTelemetry(GpuSensors sensors, double periodMillis) {
        if (!(periodMillis > 0)) {
            throw new IllegalArgumentException("telemetry period must be positive, got " + periodMillis + " ms");
        }
        this.sensors = sensors;
        this.periodNanos = (long) (periodMillis * 1e6);
    }

    @Override
    public boolean available() {
        return true;
    }

    @Override
    public String describe() {
        return sensors.describe();
    }

    @Override
    public void beginWindow() {
        if (inWindow) {
            throw new IllegalStateException("beginWindow() twice: end the window first");
        }
        inWindow = true;
        synchronized (lock) {
            samples.clear();
            reasonMask = 0;
            failedReads = 0;
            implausibleReads = 0;
        }
        countersAtStart = sensors.violationNanos();
        sampleOnce();
        sampling = true;
        sampler = new Thread(this::run, "sns-telemetry");
        sampler.setDaemon(true);
        sampler.start();
    }

    private void run() {
        while (sampling) {
            LockSupport.parkNanos(periodNanos);
            if (sampling) {
                sampleOnce();
            }
        }
    }

    private void sampleOnce() {
        double sm = sensors.smClockMhz();
        double mem = sensors.memClockMhz();
        long reasons = sensors.clockEventReasons();
        double temp = sensors.temperatureC();
        double power = sensors.powerW();
        synchronized (lock) {
            boolean implausible = !plausible(sm, MAX_PLAUSIBLE_MHZ) || !plausible(mem, MAX_PLAUSIBLE_MHZ)
                    || !plausible(temp, MAX_PLAUSIBLE_C) || !plausible(power, MAX_PLAUSIBLE_W);
            if (implausible) {
                implausibleReads++;
                sm = plausible(sm, MAX_PLAUSIBLE_MHZ) ? sm : Double.NaN;
                mem = plausible(mem, MAX_PLAUSIBLE_MHZ) ? mem : Double.NaN;
                temp = plausible(temp, MAX_PLAUSIBLE_C) ? temp : Double.NaN;
                power = plausible(power, MAX_PLAUSIBLE_W) ? power : Double.NaN;
            }
            if (Double.isNaN(sm)) {
                failedReads++;
            } else {
                samples.add(new double[] {sm, mem, temp, power});
            }
            if (reasons >= 0) {
                reasonMask |= reasons;
            }
        }
    }

    @Override
    public ClockEvidence endWindow() {
        if (!inWindow) {
            throw new IllegalStateException("endWindow() without beginWindow()");
        }
        inWindow = false;
        sampling = false;
        Thread t = sampler;
        sampler = null;
        LockSupport.unpark(t);
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        sampleOnce();
        Map<String, Long> countersAtEnd = sensors.violationNanos();
        synchronized (lock) {
            return evidence(countersAtEnd);
        }
    }

    private ClockEvidence evidence(Map<String, Long> countersAtEnd) {
        TreeMap<String, Long> deltas = new TreeMap<>();
        LinkedHashSet<String> throttles = new LinkedHashSet<>(ThrottleClassifier.throttleReasons(reasonMask));
        LinkedHashSet<String> metadata = new LinkedHashSet<>(ThrottleClassifier.metadataReasons(reasonMask));
        countersAtEnd.forEach((name, end) -> {
            Long start = countersAtStart.get(name);
            if (start == null) {
                return;
            }
            long d = Math.max(0, end - start);
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
        int n = samples.size();
        double[] sm = new double[n];
        List<Double> mem = new ArrayList<>();
        List<Double> temp = new ArrayList<>();
        List<Double> power = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double[] s = samples.get(i);
            sm[i] = s[0];
            addIfNumber(mem, s[1]);
            addIfNumber(temp, s[2]);
            addIfNumber(power, s[3]);
        }
        ThrottleEvidence te = new ThrottleEvidence(List.copyOf(throttles), List.copyOf(metadata), deltas);
        return new ClockEvidence(sensors.describe(), false, sm, toArray(mem), te, toArray(temp), toArray(power));
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

    @Override
    public void close() {
        if (inWindow) {
            endWindow();
        }
        sensors.close();
    }
}
