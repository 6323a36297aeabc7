package dev.sns.jmh.fork;

import dev.sns.Timers;
import dev.sns.jmh.link.EnergySamples;
import dev.sns.options.SnsOptions;
import dev.sns.timing.EnergyCounter;
import dev.sns.timing.EnergySampler;
import dev.sns.timing.EnergyWatch;
import dev.sns.timing.EnergyWindow;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The fork's energy watch (option {@code energy}): opened at the benchmark's first call, before any
 * work of the fork (after the cool-down, if asked, it measures idle power with the GPU idle: about a
 * second of the first warm-up iteration, so windows wait for the work's own warm-up), then
 * watching the counter on its own thread while JMH runs. Each measurement iteration's windows are
 * its whole spans of {@code energyUpdates} counter updates, their calls those every benchmark thread
 * completed in between ({@link #calls}, counted by {@link ThreadSession}). Energy is the device's,
 * so every thread's calls count. One per fork ({@link #FORK}: the fork's benchmark threads and its
 * profiler half share it); its watch is closed with the trial.
 */
final class ForkEnergy {
    /** This fork's: the benchmark threads open it and count calls, the fork half marks and takes windows. */
    static final ForkEnergy FORK = new ForkEnergy();

    /** Calls of the work completed by every benchmark thread of this fork (each sample adds its inner reps). */
    final AtomicLong calls = new AtomicLong();

    private EnergyCounter counter;
    private EnergyWatch watch;
    private String unavailable = "";
    private List<EnergyWindow> idle = List.of();
    private List<String> notes = List.of();
    private boolean opened;
    private boolean idleSent;
    private int mark = -1;
    private int workStart;
    private long markNanos;

    ForkEnergy() {}

    /** At a benchmark thread's first call: opens the watch once per trial (cool-down, idle power first). */
    synchronized void open(SnsOptions o) {
        if (opened || !o.energy()) {
            return;
        }
        opened = true;
        counter = Timers.detect().openEnergyCounter(o);
        if (!counter.unavailableReason().isEmpty()) {
            unavailable = counter.unavailableReason();
            return;
        }
        watch = new EnergyWatch(counter, calls::get).start();
        List<String> said = new ArrayList<>();
        try {
            String cooled = EnergySampler.cool(watch, o.energyCool());
            if (!cooled.isEmpty()) {
                said.add(cooled);
            }
            if (o.energyIdle()) {
                idle = EnergySampler.idle(watch);
            }
        } catch (EnergySampler.CounterStuckException e) {
            unavailable = e.getMessage();
        }
        notes = List.copyOf(said);
        workStart = watch.updateCount();
    }

    /** At a measurement iteration's start: its windows begin at the first update after now. */
    synchronized void markIteration() {
        if (watch != null) {
            mark = watch.updateCount();
            markNanos = watch.elapsedNanos();
        }
    }

    /**
     * At a measurement iteration's end: its windows of {@code updates} counter updates each, back to back
     * from the first update seen after its start; the idle windows ride on the fork's first.
     */
    synchronized EnergySamples take(SnsOptions o) {
        if (!opened) {
            return EnergySamples.unavailable("the benchmark made no GpuBlackhole call before this iteration");
        }
        if (watch == null || !unavailable.isEmpty()) {
            return EnergySamples.unavailable(unavailable);
        }
        if (mark < 0) {
            return EnergySamples.unavailable("the energy watch opened during this iteration (at the benchmark's first "
                    + "call: -wi 0?); its windows start with the next iteration");
        }
        int n = watch.updateCount();
        int updates = o.energyUpdates();
        List<EnergyWindow> ws = new ArrayList<>();
        // The idle power took the first warm-up iteration's time: the work's first windows wait for it to warm up
        int from = Math.max(mark, workStart + EnergySampler.WARM_UPDATES - 1);
        while (from + updates <= n - 1) {
            EnergyWindow w = watch.window(from, from + updates, -1);
            if (w.calls() > 0) {
                ws.add(w);
            }
            from += updates;
        }
        String why = "";
        if (ws.isEmpty()) {
            double ms = (watch.elapsedNanos() - markNanos) / 1e6;
            why = String.format(Locale.ROOT, "a measurement iteration of %.0f ms held %d counter updates; a window needs "
                    + "%d after the first (energyUpdates): use longer iterations (-r 1s or more) or fewer energyUpdates",
                    ms, Math.max(0, n - mark), updates);
        }
        List<EnergyWindow> idleNow = idleSent ? List.of() : idle;
        idleSent = true;
        mark = -1;
        return new EnergySamples(ws, idleNow, why, idleNow.isEmpty() ? List.of() : notes);
    }

    /** With the trial: stops the watch and forgets it (the next trial, with -f 0, opens afresh). */
    synchronized void close() {
        if (watch != null) {
            watch.close();
        }
        if (counter != null) {
            counter.close();
        }
        counter = null;
        watch = null;
        unavailable = "";
        idle = List.of();
        notes = List.of();
        opened = false;
        idleSent = false;
        mark = -1;
        workStart = 0;
    }
}
