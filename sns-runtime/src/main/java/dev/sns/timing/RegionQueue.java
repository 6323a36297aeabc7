package dev.sns.timing;

/**
 * The bookkeeping every {@link Timer} shares: regions are opened and closed in turn, up to
 * {@link #capacity()} of them wait to be resolved, and misuse fails with the same message from
 * every timer. A timer keeps its own marks (events, clock readings) in arrays indexed by
 * {@link #next()}; this class only says which slot is next and whether the call is allowed.
 */
public final class RegionQueue {
    private final int capacity;
    private int pending;
    private boolean open;

    /** @param capacity regions that can wait for a resolve, at least 1 */
    public RegionQueue(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a timer must hold at least 1 region, got " + capacity);
        }
        this.capacity = capacity;
    }

    public int capacity() {
        return capacity;
    }

    /** Regions closed and not yet resolved. */
    public int pending() {
        return pending;
    }

    /** The slot the next (or the open) region uses. */
    public int next() {
        return pending;
    }

    /** Checks that a region may open now; call before marking its start, then {@link #opened()}. */
    public void checkStart() {
        if (open) {
            throw new IllegalStateException("start() while a region is open: call stop() first");
        }
        if (pending == capacity) {
            throw new IllegalStateException("the timer holds " + capacity + " regions: call resolveNanos() first");
        }
    }

    /** The region at {@link #next()} is open. */
    public void opened() {
        open = true;
    }

    /** Checks that a region is open; call before marking its end, then {@link #closed()}. */
    public void checkStop() {
        if (!open) {
            throw new IllegalStateException("stop() without start()");
        }
    }

    /** The open region is closed and waits to be resolved. */
    public void closed() {
        open = false;
        pending++;
    }

    /** Checks that no region is open, and empties the queue: returns how many regions were waiting. */
    public int drain() {
        if (open) {
            throw new IllegalStateException("resolveNanos() while a region is open: call stop() first");
        }
        int n = pending;
        pending = 0;
        return n;
    }

    /** Whether a region is open. */
    public boolean isOpen() {
        return open;
    }
}
