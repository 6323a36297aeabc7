package dev.sns.timing;

/**
 * The wall-clock timer on {@link System#nanoTime()}: for CPU work, and the loud fallback where no
 * GPU is found. Work runs on the calling thread; a GPU launch timed this way would time only its
 * enqueueing, which is why sns says so whenever it falls back to this timer.
 */
public final class HostTimer extends RegionTimer {
    /** Regions queued before a resolve; a plain array, so the cost of a region is two nanoTime calls. */
    public static final int CAPACITY = 4096;

    private final long[] starts = new long[CAPACITY];
    private final long[] ends = new long[CAPACITY];

    public HostTimer() {
        super(CAPACITY);
        resolutionNanos(measureGranularityNanos());
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
    public GpuStream stream() {
        return GpuStream.HOST;
    }

    @Override
    protected void markStart(int slot) {
        starts[slot] = System.nanoTime();
    }

    @Override
    protected void markEnd(int slot) {
        ends[slot] = System.nanoTime();
    }

    @Override
    protected double[] resolve(int regions) {
        double[] out = new double[regions];
        for (int i = 0; i < regions; i++) {
            out[i] = ends[i] - starts[i];
        }
        return out;
    }

    @Override
    public void synchronize() {}

    @Override
    public void close() {}
}
