package dev.sns.timing;

/**
 * The region bookkeeping every {@link Timer} shares, done once: regions open and close in turn, up
 * to {@link #capacity()} of them wait to be resolved, and misuse fails with the same message from
 * every timer. A subclass only marks a region's start and end in its own slot (event, clock reading)
 * and reads the slots back.
 */
public abstract class RegionTimer implements Timer {
    private final int capacity;
    private double resolutionNanos;
    private int pending;
    private boolean open;

    /** @param capacity regions that can wait for a resolve, at least 1 */
    protected RegionTimer(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a timer must hold at least 1 region, got " + capacity);
        }
        this.capacity = capacity;
    }

    /** Sets the step the timer was measured (or documented) to take, in nanoseconds. */
    protected final void resolutionNanos(double nanos) {
        if (!(nanos >= 0) || !Double.isFinite(nanos)) {
            throw new IllegalArgumentException("a timer's resolution must be finite and non-negative, got " + nanos);
        }
        this.resolutionNanos = nanos;
    }

    @Override
    public final double resolutionNanos() {
        return resolutionNanos;
    }

    /** Marks the start of the region in {@code slot}: preparation (flush, blocking launch), then the mark. */
    protected abstract void markStart(int slot) throws Exception;

    /** Marks the end of the region in {@code slot}. */
    protected abstract void markEnd(int slot) throws Exception;

    /** Waits for regions 0 to {@code regions - 1} (possibly none) and returns their durations in nanoseconds. */
    protected abstract double[] resolve(int regions) throws Exception;

    @Override
    public final int capacity() {
        return capacity;
    }

    @Override
    public final int pending() {
        return pending;
    }

    /** Whether a region is open. */
    public final boolean isOpen() {
        return open;
    }

    @Override
    public final void start() throws Exception {
        if (open) {
            throw new IllegalStateException("start() while a region is open: call stop() first");
        }
        if (pending == capacity) {
            throw new IllegalStateException("the timer holds " + capacity + " regions: call resolveNanos() first");
        }
        markStart(pending);
        open = true;
    }

    @Override
    public final void stop() throws Exception {
        if (!open) {
            throw new IllegalStateException("stop() without start()");
        }
        markEnd(pending);
        pending++;
        open = false;
    }

    @Override
    public final double[] resolveNanos() throws Exception {
        if (open) {
            throw new IllegalStateException("resolveNanos() while a region is open: call stop() first");
        }
        int n = pending;
        pending = 0;
        return resolve(n);
    }
}
