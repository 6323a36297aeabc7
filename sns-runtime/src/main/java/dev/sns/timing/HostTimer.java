package dev.sns.timing;

/**
 * The wall-clock timer on {@link System#nanoTime()}: for CPU work, and the loud fallback where no
 * GPU is found. Work runs on the calling thread; a GPU launch timed this way would time only its
 * enqueueing, which is why sns says so whenever it falls back to this timer.
 */
public final class HostTimer implements Timer {
    /** Regions queued before a resolve; a plain array, so the cost of a region is two nanoTime calls. */
    public static final int CAPACITY = 4096;

    private final long[] starts = new long[CAPACITY];
    private final long[] ends = new long[CAPACITY];
    private final RegionQueue queue = new RegionQueue(CAPACITY);
    private final double resolutionNanos;

    public HostTimer() {
        this.resolutionNanos = measureGranularityNanos();
    }

    /** The smallest step nanoTime was seen to take, over a few hundred tries (at least 1 ns). */
    static double measureGranularityNanos() {
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 200; i++) {
            long a = System.nanoTime();
            long b;
            do {
                b = System.nanoTime();
            } while (b == a);
            best = Math.min(best, b - a);
        }
        return Math.max(1L, best);
    }

    @Override
    public String description() {
        return "wall-clock (System.nanoTime)";
    }

    @Override
    public double resolutionNanos() {
        return resolutionNanos;
    }

    @Override
    public GpuStream stream() {
        return GpuStream.HOST;
    }

    @Override
    public int capacity() {
        return queue.capacity();
    }

    @Override
    public int pending() {
        return queue.pending();
    }

    @Override
    public void start() {
        queue.checkStart();
        queue.opened();
        starts[queue.next()] = System.nanoTime();
    }

    @Override
    public void stop() {
        long t = System.nanoTime();
        queue.checkStop();
        ends[queue.next()] = t;
        queue.closed();
    }

    @Override
    public double[] resolveNanos() {
        int n = queue.drain();
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = ends[i] - starts[i];
        }
        return out;
    }

    @Override
    public void synchronize() {}

    @Override
    public void close() {}
}
