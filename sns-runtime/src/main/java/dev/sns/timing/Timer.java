package dev.sns.timing;

/**
 * Times regions of work. Regions are queued ({@link #start()}, the work, {@link #stop()}) and their
 * durations read back in order by {@link #resolveNanos()}, which waits once for all of them: many
 * samples cost one synchronisation.
 *
 * <p>Implementations: the host wall clock ({@link HostTimer}), CUDA events
 * ({@code dev.sns.gpu.cuda.CudaEventTimer}) and scripted fakes in the test-jar.
 */
public interface Timer extends AutoCloseable {
    /** The timer in words, e.g. "wall-clock (System.nanoTime)" or "cuda-events (blocking launch)". */
    String description();

    /** The smallest difference the timer can show for one region, in nanoseconds. */
    double resolutionNanos();

    /** Where the work must be launched for its time to land between the timer's marks. */
    GpuStream stream();

    /** How many regions may be queued before {@link #resolveNanos()} must be called. */
    int capacity();

    /** Regions queued and not yet resolved. */
    int pending();

    /**
     * The body that runs {@code work} {@code reps} times inside one region. The default is a loop;
     * a graph-replay timer captures the calls once and replays them.
     */
    default Body repeat(Body work, int reps) throws Exception {
        if (reps < 1) {
            throw new IllegalArgumentException("reps must be at least 1, got " + reps);
        }
        if (reps == 1) {
            return work;
        }
        return () -> {
            for (int i = 0; i < reps; i++) {
                work.run();
            }
        };
    }

    /**
     * Frees what {@link #repeat} made for {@code body} (a captured graph); the body must not run
     * again. A no-op for timers whose bodies hold nothing.
     */
    default void release(Body body) {}

    /**
     * A window of samples begins (window 0 first, right after the warm-up and calibration). A GPU
     * timer may move the work to another stream here ({@link #stream()} then launches there): a
     * stream holds a launch-cost level of its own, which a repeat call, on other streams, would not
     * share, so windows on several streams put that variation in the interval. A no-op by default.
     */
    default void windowStarting(int window) throws Exception {}

    /**
     * A launch of an empty kernel on {@link #stream()}, when the timer has one: timed exactly like
     * the work (same launch mode, same calls per region), it measures what the launches themselves
     * cost between the timer's marks. Empty for timers with no launch cost to measure.
     */
    default java.util.Optional<Body> emptyLaunch() {
        return java.util.Optional.empty();
    }

    /**
     * Queues an overwrite of the device's L2 cache on {@link #stream()} now, before the next region
     * opens, so that its work starts cold (the overwrite is never timed). Timers without a device
     * cache refuse with the reason and the fix.
     */
    default void flushL2() {
        throw new UnsupportedOperationException(description() + " has no GPU cache to flush: flushL2 needs the GPU "
                + "timer (run on a GPU host with timer=auto or timer=cuda)");
    }

    /**
     * Opens a region: does any preparation (L2 flush, blocking launch) first, then marks the start.
     * Throws when a region is already open or the queue is full.
     */
    void start() throws Exception;

    /** Closes the open region. */
    void stop() throws Exception;

    /** Waits for every queued region and returns their durations in nanoseconds, in order; clears the queue. */
    double[] resolveNanos() throws Exception;

    /** Waits for all work launched so far, without timing it. */
    void synchronize() throws Exception;

    @Override
    void close();
}
