package dev.sns.fakes;

import dev.sns.gpu.SampledTelemetry;
import java.util.concurrent.Semaphore;

/**
 * Paces a {@link SampledTelemetry}'s sampler thread by the test: it reads the sensors once per
 * {@link #step()}, and {@code step()} returns when that reading is in. {@link #atEdges()} steps at each
 * window's edge (one reading just before the window begins, one inside it just before it ends), so a
 * window's readings are exactly known: two, as with brackets that read the sensors themselves.
 */
public final class SteppedPacer implements SampledTelemetry.Pacer {
    private static final long STEP_TIMEOUT_MILLIS = 10_000;
    private final boolean atEdges;
    private final Semaphore due = new Semaphore(0);
    /** Calls of awaitNext so far: the sampler has finished {@code waits - 1} readings when it waits again. */
    private int waits;

    private SteppedPacer(boolean atEdges) {
        this.atEdges = atEdges;
    }

    /** Reads only when the test calls {@link #step()}. */
    public static SteppedPacer onStep() {
        return new SteppedPacer(false);
    }

    /** Reads once at each window edge (and at each {@link #step()}). */
    public static SteppedPacer atEdges() {
        return new SteppedPacer(true);
    }

    @Override
    public void awaitNext() throws InterruptedException {
        synchronized (this) {
            waits++;
            notifyAll();
        }
        due.acquire();
    }

    @Override
    public void atEdge() {
        if (atEdges) {
            step();
        }
    }

    /** Lets the sampler take one reading and returns once it has. */
    public void step() {
        int target;
        synchronized (this) {
            target = Math.max(waits, 1) + 1;
        }
        due.release();
        long deadline = System.currentTimeMillis() + STEP_TIMEOUT_MILLIS;
        synchronized (this) {
            while (waits < target) {
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) {
                    throw new IllegalStateException("the sampler took no reading within " + STEP_TIMEOUT_MILLIS
                            + " ms: is the telemetry open (a closed one has no sampler)?");
                }
                try {
                    wait(left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while stepping the sampler", e);
                }
            }
        }
    }

    /** Readings the sampler has finished. */
    public synchronized int readings() {
        return Math.max(0, waits - 1);
    }
}
