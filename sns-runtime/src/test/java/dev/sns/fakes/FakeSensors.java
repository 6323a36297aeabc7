package dev.sns.fakes;

import dev.sns.gpu.GpuSensors;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Scripted sensors: clocks cycle through a script, counters and reasons are set by the test. Every
 * read is counted by the thread that made it ({@link #readsOn(Thread)}), and may be slowed down by a
 * fixed delay per call ({@link #delayPerCallNanos(long)}: NVML's calls take a fraction of a millisecond).
 */
public final class FakeSensors implements GpuSensors {
    private final double[] smScript;
    private final AtomicInteger reads = new AtomicInteger();
    private final Map<Thread, AtomicInteger> callsByThread = new ConcurrentHashMap<>();
    private volatile long delayNanos;
    private volatile long reasons;
    private final Map<String, Long> counters = new TreeMap<>();
    private volatile boolean closed;

    public FakeSensors(double... smScript) {
        this.smScript = smScript;
    }

    public int reads() {
        return reads.get();
    }

    /** Sensor calls (of every read, not {@code describe()}) made on {@code thread}. */
    public int readsOn(Thread thread) {
        AtomicInteger n = callsByThread.get(thread);
        return n == null ? 0 : n.get();
    }

    /** The threads that read these sensors. */
    public java.util.Set<Thread> readers() {
        return java.util.Set.copyOf(callsByThread.keySet());
    }

    /** Every read takes this long (parked), like a call into the driver. */
    public FakeSensors delayPerCallNanos(long nanos) {
        this.delayNanos = nanos;
        return this;
    }

    private void call() {
        callsByThread.computeIfAbsent(Thread.currentThread(), t -> new AtomicInteger()).incrementAndGet();
        long d = delayNanos;
        if (d > 0) {
            LockSupport.parkNanos(d);
        }
    }

    public boolean closed() {
        return closed;
    }

    public FakeSensors reasons(long mask) {
        this.reasons = mask;
        return this;
    }

    public synchronized FakeSensors counter(String name, long nanos) {
        counters.put(name, nanos);
        return this;
    }

    @Override
    public String describe() {
        return "fake sensors";
    }

    @Override
    public double smClockMhz() {
        call();
        int i = reads.getAndIncrement();
        return smScript[i % smScript.length];
    }

    @Override
    public double memClockMhz() {
        call();
        return 3201;
    }

    @Override
    public long clockEventReasons() {
        call();
        return reasons;
    }

    @Override
    public Map<String, Long> violationNanos() {
        call();
        synchronized (this) {
            return new TreeMap<>(counters);
        }
    }

    @Override
    public double temperatureC() {
        call();
        return 41;
    }

    @Override
    public double powerW() {
        call();
        return Double.NaN;
    }

    @Override
    public void close() {
        closed = true;
    }
}
