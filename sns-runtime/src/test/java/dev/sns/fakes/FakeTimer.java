package dev.sns.fakes;

import dev.sns.timing.GpuStream;
import dev.sns.timing.RegionTimer;
import java.util.ArrayList;
import java.util.List;

/**
 * A timer on a fake clock that only the work moves (like Guava's FakeTicker): work calls
 * {@link #advance(long)} and a region lasts exactly what its work advanced. Every call is logged,
 * so tests can check what ran inside and outside regions.
 */
public final class FakeTimer extends RegionTimer {
    private final GpuStream stream;
    private final List<String> events = new ArrayList<>();
    private final List<Long> starts = new ArrayList<>();
    private final List<Long> ends = new ArrayList<>();
    private long now;
    private long emptyLaunchNanos = -1;
    private boolean closed;
    private FakeKernelRecorder listener;
    private String kernelName = "fake_kernel";
    private double slowdown = 1.0;
    private Runnable onClose;

    public FakeTimer() {
        this(0.0, 1 << 16);
    }

    public FakeTimer(double resolutionNanos, int capacity) {
        super(capacity);
        resolutionNanos(resolutionNanos);
        this.stream = new FakeStream(0, this);
    }

    public FakeTimer(double resolutionNanos, int capacity, GpuStream stream) {
        super(capacity);
        resolutionNanos(resolutionNanos);
        this.stream = stream;
    }

    /** Told about every piece of work and idle time on the fake clock (a fake energy counter). */
    public interface Segments {
        /** {@code kernel} ran (null: idle) from {@code from} to {@code to} on the fake clock. */
        void ran(String kernel, long from, long to);
    }

    private final List<Segments> segments = new ArrayList<>();

    /**
     * A timer of a slower GPU: every piece of work takes {@code factor} times as long (1.1: a device
     * 10% slower than its sibling). Returns this timer.
     */
    public FakeTimer slowedBy(double factor) {
        if (!(factor > 0)) {
            throw new IllegalArgumentException("slowdown factor must be positive, got " + factor);
        }
        this.slowdown = factor;
        return this;
    }

    /** Runs {@code action} when this timer is closed (a fork's trace). Returns this timer. */
    public FakeTimer onClose(Runnable action) {
        this.onClose = action;
        return this;
    }

    /**
     * Most events logged: a JMH fork times millions of instant fake kernels, and a log of every one
     * would fill its heap; tests that read the log make far fewer.
     */
    private static final int MAX_EVENTS = 1 << 20;

    private void log(String event) {
        if (events.size() < MAX_EVENTS) {
            events.add(event);
        }
    }

    /** Moves the fake clock; logged as "work" (and recorded as a kernel while a fake recorder is on). */
    public void advance(long requested) {
        long nanos = slowdown == 1.0 ? requested : Math.round(requested * slowdown);
        log("work");
        if (listener != null) {
            listener.ran(kernelName, now, now + nanos);
        }
        for (Segments s : segments) {
            s.ran(kernelName, now, now + nanos);
        }
        now += nanos;
    }

    /** Moves the fake clock with nothing running (logged as "idle"). */
    public void idle(long nanos) {
        events.add("idle");
        for (Segments s : segments) {
            s.ran(null, now, now + nanos);
        }
        now += nanos;
    }

    /** Tells {@code s} about every piece of work and idle time from now on. */
    public void onSegments(Segments s) {
        segments.add(s);
    }

    /** Moves the fake clock by {@code nanos} of a kernel named {@code name} (its record's name). */
    public void kernel(String name, long nanos) {
        String saved = kernelName;
        kernelName = name;
        try {
            advance(nanos);
        } finally {
            kernelName = saved;
        }
    }

    /** The fake clock, in nanoseconds. */
    public long now() {
        return now;
    }

    /** The recorder told about each piece of work (null: none). */
    void listen(FakeKernelRecorder recorder) {
        this.listener = recorder;
    }

    /** A workload body that advances the clock by {@code nanos} per call. */
    public dev.sns.Workload work(long nanos) {
        return s -> advance(nanos);
    }

    /** A workload that advances by the given costs in turn, cycling. */
    public dev.sns.Workload scripted(long... nanos) {
        int[] i = {0};
        return s -> advance(nanos[i[0]++ % nanos.length]);
    }

    /** Gives this timer an empty launch that costs {@code nanos} per call (like a GPU's launch overhead). */
    public FakeTimer withEmptyLaunch(long nanos) {
        this.emptyLaunchNanos = nanos;
        return this;
    }

    @Override
    public java.util.Optional<dev.sns.timing.Body> emptyLaunch() {
        if (emptyLaunchNanos < 0) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(() -> advance(emptyLaunchNanos));
    }

    private long quietNanos = -1;
    private long busyNanos;
    private long hostNanosPerRegion;
    private long hostNow;

    /**
     * Gives every timed region a launch overhead that depends on whether the host is ahead of the
     * GPU, as in a blocking launch on the H200 (the empty kernel read 2.9 us in a block of empty
     * kernels, where the GPU waits for the host at every sample, and 3.55 us in the rounds of 2 ms
     * kernels, where the host has queued far ahead). The host takes {@code hostNanosPerRegion} to queue
     * a region; a region the GPU reaches before the host has queued it waits for it (idle, outside the
     * region) and costs {@code quietNanos}; one already queued when the GPU reaches it costs
     * {@code busyNanos}. A resolve or sync lets the host catch up. The overhead is inside the region,
     * before its work, on the fake clock but not logged as work. Returns this timer.
     */
    public FakeTimer withHostLeadOverhead(long quietNanos, long busyNanos, long hostNanosPerRegion) {
        if (quietNanos < 0 || busyNanos < 0 || hostNanosPerRegion < 0) {
            throw new IllegalArgumentException("host-lead overhead: quiet " + quietNanos + ", busy " + busyNanos
                    + ", host per region " + hostNanosPerRegion);
        }
        this.quietNanos = quietNanos;
        this.busyNanos = busyNanos;
        this.hostNanosPerRegion = hostNanosPerRegion;
        return this;
    }

    private java.util.function.IntConsumer windowListener = w -> {};

    /**
     * Tells {@code listener} of every window as it starts (before its first region): a workload of
     * known structure can draw the window's level there, as a GPU window takes a stream with a
     * launch-cost level of its own. Returns this timer.
     */
    public FakeTimer onWindow(java.util.function.IntConsumer listener) {
        this.windowListener = java.util.Objects.requireNonNull(listener, "listener");
        return this;
    }

    /** Logged as "window N": where a GPU timer would move to the window's stream. */
    @Override
    public void windowStarting(int window) {
        log("window " + window);
        windowListener.accept(window);
    }

    public List<String> events() {
        return events;
    }

    public boolean isClosed() {
        return closed;
    }

    /** Number of events of a kind ("start", "stop", "resolve", "sync", "work"). */
    public long count(String event) {
        return events.stream().filter(event::equals).count();
    }

    /** Logs a marker event (used by fake telemetry). */
    public void mark(String event) {
        log(event);
    }

    @Override
    public String description() {
        return "fake";
    }

    @Override
    public GpuStream stream() {
        return stream;
    }

    @Override
    protected void markStart(int slot) {
        log("start");
        long overhead = 0;
        if (quietNanos >= 0) {
            hostNow += hostNanosPerRegion;
            boolean queuedAhead = now >= hostNow;
            if (!queuedAhead) {
                now = hostNow; // the GPU waited for the host, outside the region
            }
            overhead = queuedAhead ? busyNanos : quietNanos;
        }
        starts.add(now);
        now += overhead;
    }

    @Override
    protected void markEnd(int slot) {
        log("stop");
        ends.add(now);
    }

    @Override
    protected double[] resolve(int regions) {
        log("resolve");
        hostNow = Math.max(hostNow, now);
        double[] d = new double[ends.size()];
        for (int i = 0; i < d.length; i++) {
            d[i] = ends.get(i) - starts.get(i);
        }
        starts.clear();
        ends.clear();
        return d;
    }

    @Override
    public void synchronize() {
        log("sync");
        hostNow = Math.max(hostNow, now);
    }

    @Override
    public void close() {
        if (!closed && onClose != null) {
            onClose.run();
        }
        closed = true;
    }
}
