package dev.sns.fakes;

import dev.sns.timing.EnergyCounter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An energy counter on a {@link FakeTimer}'s clock, with known answers: the device draws
 * {@code busyWatts} while work runs (or a kernel's own power, {@link #kernelWatts}), {@code idleWatts}
 * while idle, and the counter moves every {@code periodNanos}, by exactly the energy of the period
 * just ended (like NVML's counter, whose steps come every ~100 ms). Read between samples
 * ({@link #readOnThread()} false): the fake clock only moves with the work.
 */
public final class FakeEnergyCounter implements EnergyCounter {
    private record Segment(long from, long to, double watts) {}

    private final FakeTimer clock;
    private final double busyWatts;
    private final double idleWatts;
    private final long periodNanos;
    private final Map<String, Double> kernelWatts = new HashMap<>();
    private final List<Segment> segments = new ArrayList<>();
    private int next;
    private long doneUntil;
    private double doneMillijoules;
    private double temperatureC = 41;
    private double temperatureRisePerSecond;
    private int reads;
    private boolean closed;

    public FakeEnergyCounter(FakeTimer clock, double busyWatts, double idleWatts, long periodNanos) {
        this.clock = clock;
        this.busyWatts = busyWatts;
        this.idleWatts = idleWatts;
        this.periodNanos = periodNanos;
        clock.onSegments((kernel, from, to) -> segments.add(new Segment(from, to, kernel == null ? idleWatts
                : kernelWatts.getOrDefault(kernel, busyWatts))));
    }

    /** Work of the kernel named {@code name} ({@link FakeTimer#kernel}) draws {@code watts}. */
    public FakeEnergyCounter kernelWatts(String name, double watts) {
        kernelWatts.put(name, watts);
        return this;
    }

    /** The temperature the sensor reads: {@code startC}, rising by {@code perSecond} with the fake clock. */
    public FakeEnergyCounter temperature(double startC, double perSecond) {
        this.temperatureC = startC;
        this.temperatureRisePerSecond = perSecond;
        return this;
    }

    public int reads() {
        return reads;
    }

    public boolean closed() {
        return closed;
    }

    @Override
    public double millijoules() {
        reads++;
        long boundary = clock.now() / periodNanos * periodNanos;
        integrateTo(boundary);
        return doneMillijoules;
    }

    /** Energy from {@code doneUntil} to {@code x} added, segment by segment (time only moves forward). */
    private void integrateTo(long x) {
        while (doneUntil < x && next < segments.size()) {
            Segment s = segments.get(next);
            long to = Math.min(s.to(), x);
            if (to > doneUntil) {
                doneMillijoules += s.watts() * (to - Math.max(doneUntil, s.from())) * 1e-6;
                doneUntil = to;
            }
            if (s.to() <= x) {
                next++;
            } else {
                break;
            }
        }
    }

    @Override
    public double powerW() {
        long now = clock.now();
        for (int i = segments.size() - 1; i >= 0 && i >= segments.size() - 4; i--) {
            Segment s = segments.get(i);
            if (s.from() < now && s.to() >= now) {
                return s.watts();
            }
        }
        return idleWatts;
    }

    @Override
    public double temperatureC() {
        return temperatureC + temperatureRisePerSecond * clock.now() / 1e9;
    }

    @Override
    public long nanoTime() {
        return clock.now();
    }

    @Override
    public void idle(long nanos) {
        clock.idle(nanos);
    }

    @Override
    public boolean readOnThread() {
        return false;
    }

    @Override
    public void close() {
        closed = true;
    }
}
