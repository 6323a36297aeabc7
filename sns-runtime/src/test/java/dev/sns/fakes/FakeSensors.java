package dev.sns.fakes;

import dev.sns.gpu.GpuSensors;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Scripted sensors: clocks cycle through a script, counters and reasons are set by the test. */
public final class FakeSensors implements GpuSensors {
    private final double[] smScript;
    private final AtomicInteger reads = new AtomicInteger();
    private volatile long reasons;
    private final Map<String, Long> counters = new TreeMap<>();
    private volatile boolean closed;

    public FakeSensors(double... smScript) {
        this.smScript = smScript;
    }

    public int reads() {
        return reads.get();
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
        int i = reads.getAndIncrement();
        return smScript[i % smScript.length];
    }

    @Override
    public double memClockMhz() {
        return 3201;
    }

    @Override
    public long clockEventReasons() {
        return reasons;
    }

    @Override
    public synchronized Map<String, Long> violationNanos() {
        return new TreeMap<>(counters);
    }

    @Override
    public double temperatureC() {
        return 41;
    }

    @Override
    public double powerW() {
        return Double.NaN;
    }

    @Override
    public void close() {
        closed = true;
    }
}
