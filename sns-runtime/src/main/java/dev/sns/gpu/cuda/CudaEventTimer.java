package dev.sns.gpu.cuda;

import static dev.sns.gpu.cuda.CudaException.check;

import dev.sns.timing.GpuStream;
import dev.sns.timing.Body;
import dev.sns.timing.LaunchMode;
import dev.sns.timing.RegionTimer;
import dev.sns.timing.Timer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import jcuda.driver.CUevent;
import jcuda.driver.CUgraph;
import jcuda.driver.CUgraphExec;
import jcuda.driver.CUstream;
import jcuda.driver.CUstreamCaptureMode;
import jcuda.driver.JCudaDriver;
import org.apiguardian.api.API;

/**
 * A {@link Timer} over CUDA events, from a pool created up front: between a start and an end
 * event nothing is allocated, logged or queried, and many samples are resolved after one
 * {@code cuEventSynchronize}.
 *
 * <p>What each {@link LaunchMode} measures:
 * <ul>
 *   <li><b>plain</b>: start event, the work, end event, queued as the host gets to them. When the
 *       GPU catches up with the host, it waits inside the events for the next launch, so the time
 *       includes host launch latency (about 6 us per launch from Java on an H200).</li>
 *   <li><b>blocking</b>: a one-thread kernel spinning on a host-mapped counter is queued first, the
 *       sample (start event, work x inner reps, end event) behind it, then the counter is raised: the
 *       GPU runs the sample back to back and the time is the GPU's alone (NVBench's method). A sample
 *       the host could not queue in time (a full launch queue) fails loudly after the timeout.</li>
 *   <li><b>graph</b>: the inner reps are captured once into a CUDA graph and each sample replays
 *       it: one launch per sample, and the GPU's own inter-kernel gaps of a graph replay. Queued
 *       behind the blocking kernel like a blocking sample, so the host's return from the graph
 *       launch stays out: without it an empty graph's sample waited for the host (3.9-6.8 us for one
 *       call against a spin's 2.7 us of excess on an H200) and the net read 1-4 us short.</li>
 * </ul>
 *
 * <p>Which stream: the work must be launched on {@link #stream()}; the events are recorded there
 * too. Work a library launches on a stream of its own lies outside the events, unless the events
 * are recorded on the legacy default stream ({@code legacyEvents}), which waits for every blocking
 * stream of the context and which they all wait for (not for non-blocking streams).
 *
 * <p>The L2 flush, when on, is an asynchronous memset queued before the start event (and before
 * the blocking kernel), so it is never timed.
 *
 * <p>Long because the three launch modes, the resolution probe, graph capture and the flushes all
 * work on the same event pool and stream; the blocking kernel and the flush live in their own classes.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public final class CudaEventTimer extends RegionTimer {
    /** Regions that can be queued before a resolve. */
    public static final int CAPACITY = 1024;
    /** Streams made at opening, from which the windows' streams are drawn ({@link #drawStreams}). */
    static final int STREAM_POOL = 64;
    /** The blocking kernel gives up after this long and reports a full launch queue. */
    public static final long BLOCK_TIMEOUT_NANOS = 10_000_000_000L;
    /** CUDA's documented event resolution, used if measuring it shows no step at all. */
    static final double DOCUMENTED_RESOLUTION_NANOS = 500.0;

    private static final Map<Integer, PtxModule> SNS_KERNELS = new ConcurrentHashMap<>();

    private final CudaContext context;
    /** Streams the windows take in turn, drawn from a pool at opening; {@link #stream} is one of them. */
    private final List<CudaStream> streams = new ArrayList<>();
    /** How many streams the windows take in turn (1: all on one). */
    private final int streamCount;
    private final GpuStream timedStream = new TimedStream();
    private CudaStream stream;
    private int streamIndex;
    private CUstream eventStream;
    private final LaunchMode mode;
    private final L2Flush flush;
    private final StreamBlocker blocker;
    private final CUevent[] starts = new CUevent[CAPACITY];
    private final CUevent[] ends = new CUevent[CAPACITY];
    private final float[] elapsed = new float[1];
    /** Graphs captured by {@link #repeat}, by the body that replays them, until released or closed. */
    private final Map<Body, Object[]> graphs = new java.util.IdentityHashMap<>();
    private final boolean legacyEvents;
    private final Kernel empty;
    private final Kernel.KernelArgs noArgs = Kernel.KernelArgs.of();
    /** Made on the first {@link #flushL2()} call, when the flushL2 option is off. */
    private L2Flush manualFlush;
    private boolean closed;

    private CudaEventTimer(CudaContext context, LaunchMode mode, boolean flushL2, long flushBytes,
                           boolean legacyEvents, int streams) {
        super(CAPACITY);
        if (streams < 1) {
            throw new IllegalArgumentException("streams must be at least 1, got " + streams);
        }
        this.context = context;
        this.mode = mode;
        this.legacyEvents = legacyEvents;
        this.streamCount = streams;
        this.empty = snsKernels(context).kernel("sns_empty");
        this.streams.addAll(drawStreams(context, streams));
        this.stream = this.streams.get(0);
        this.eventStream = legacyEvents ? new CUstream() : stream.cu();
        for (int i = 0; i < CAPACITY; i++) {
            starts[i] = newEvent();
            ends[i] = newEvent();
        }
        this.flush = flushL2 ? new L2Flush(context, flushBytes) : null;
        this.blocker = mode != LaunchMode.PLAIN
                ? new StreamBlocker(context, snsKernels(context).kernel("sns_block_stream"), BLOCK_TIMEOUT_NANOS)
                : null;
        resolutionNanos(measureResolutionNanos());
    }

    /**
     * The streams the windows take: {@code n} drawn at random (afresh for each timer, not from the
     * seed) from {@value #STREAM_POOL} made in a row, each primed by an untimed empty launch. Where
     * a stream lands, and so its launch-cost level, follows the order streams are made in a process
     * (on an H200, the 10 streams of successive calls made in order read the same three sets of
     * levels in turn); drawn from a pool, the windows are a sample of the levels a repeat call would
     * meet, which the interval then resamples.
     */
    private List<CudaStream> drawStreams(CudaContext context, int n) {
        List<CudaStream> pool = new ArrayList<>(STREAM_POOL);
        try {
            for (int i = 0; i < STREAM_POOL; i++) {
                CudaStream s = context.createStream();
                pool.add(s);
                empty.launch(s, 1, 1, noArgs);
            }
            for (CudaStream s : pool) {
                s.synchronize();
            }
        } catch (RuntimeException e) {
            pool.forEach(CudaStream::close);
            throw e;
        }
        Collections.shuffle(pool, new Random());
        for (CudaStream s : pool.subList(n, pool.size())) {
            s.close();
        }
        return new ArrayList<>(pool.subList(0, n));
    }

    /**
     * Opens a timer on a new stream of {@code device} (one drawn from a pool: {@link #drawStreams}).
     *
     * @param device the device's CUDA index
     * @param mode how launches are kept out of the events
     * @param flushL2 whether to flush the L2 before every region
     * @param flushBytes flush buffer size, 0 for twice the L2 (ignored unless {@code flushL2})
     * @param legacyEvents record the events on the legacy default stream
     * @return the timer, its events created; close it to free them
     * @throws CudaException if the driver refuses
     */
    public static CudaEventTimer open(int device, LaunchMode mode, boolean flushL2, long flushBytes,
                                      boolean legacyEvents) {
        return open(device, mode, flushL2, flushBytes, legacyEvents, 1);
    }

    /**
     * As above, the windows taking {@code streams} streams in turn (window w on stream w mod
     * streams), drawn from a pool: see {@link #windowStarting}.
     *
     * @param device the device's CUDA index
     * @param mode how launches are kept out of the events
     * @param flushL2 whether to flush the L2 before every region
     * @param flushBytes flush buffer size, 0 for twice the L2 (ignored unless {@code flushL2})
     * @param legacyEvents record the events on the legacy default stream
     * @param streams how many streams the windows take in turn, at least 1
     * @return the timer, its events created; close it to free them
     * @throws IllegalArgumentException if {@code streams} is below 1
     * @throws CudaException if the driver refuses
     */
    public static CudaEventTimer open(int device, LaunchMode mode, boolean flushL2, long flushBytes,
                                      boolean legacyEvents, int streams) {
        return new CudaEventTimer(CudaContext.primary(device), mode, flushL2, flushBytes, legacyEvents, streams);
    }

    /**
     * sns's own kernels (blocking, spin, empty) for a device, loaded once.
     *
     * @param context the device's context
     * @return the module, shared: do not close it
     */
    public static PtxModule snsKernels(CudaContext context) {
        return SNS_KERNELS.computeIfAbsent(context.index(),
                i -> PtxModule.load(context, CudaEventTimer.class, "sns_kernels.ptx"));
    }

    private CUevent newEvent() {
        CUevent e = new CUevent();
        check(JCudaDriver.cuEventCreate(e, 0), "cuEventCreate", "flags=0 (timing enabled)");
        return e;
    }

    /**
     * The event clock's tick: 64 events, each pair separated by an empty kernel so that neighbours
     * differ, and the largest step that divides every gap (a tolerant GCD). Seen on an H200: 32 ns.
     * Falls back to CUDA's documented 0.5 us when the gaps show no step.
     */
    private double measureResolutionNanos() {
        int n = 64;
        for (int i = 0; i < n; i++) {
            check(JCudaDriver.cuEventRecord(starts[i], stream.cu()), "cuEventRecord", "resolution probe");
            if (i < n - 1) {
                empty.launch(stream, 1, 1, noArgs);
            }
        }
        check(JCudaDriver.cuStreamSynchronize(stream.cu()), "cuStreamSynchronize", "resolution probe");
        double[] gaps = new double[n - 1];
        for (int i = 1; i < n; i++) {
            check(JCudaDriver.cuEventElapsedTime(elapsed, starts[i - 1], starts[i]), "cuEventElapsedTime",
                    "resolution probe");
            gaps[i - 1] = elapsed[0] * 1e6;
        }
        return tick(gaps, DOCUMENTED_RESOLUTION_NANOS);
    }

    /**
     * The largest step (at least 1 ns) that divides every positive gap within 2 ns, or
     * {@code fallback} when no gap is positive; never more than {@code fallback}.
     */
    static double tick(double[] gapsNanos, double fallback) {
        double tolerance = 2.0;
        double g = Double.NaN;
        for (double gap : gapsNanos) {
            if (gap > tolerance) {
                g = Double.isNaN(g) ? gap : gcd(g, gap, tolerance);
            }
        }
        if (Double.isNaN(g)) {
            return fallback;
        }
        return Math.max(1.0, Math.min(g, fallback));
    }

    private static double gcd(double a, double b, double tolerance) {
        while (b > tolerance) {
            double r = a % b;
            if (b - r <= tolerance) {
                r = 0;
            }
            a = b;
            b = r;
        }
        return a;
    }

    @Override
    public String description() {
        return "cuda-events (" + mode + " launch" + (legacyEvents ? ", events on the legacy stream" : "")
                + (flush != null ? ", L2 flush " + flush.bytes() / (1 << 20) + " MiB" : "")
                + (streamCount > 1 ? ", windows on " + streamCount + " streams" : "") + ")";
    }

    /**
     * Where the work is launched: the stream of the current window. The object stays the same when
     * the windows move to another stream; its handle ({@code unwrap(CUstream.class)}) follows them,
     * so work must take it from the stream it is given at each call.
     */
    @Override
    public GpuStream stream() {
        return timedStream;
    }

    /** {@return the current window's stream, with its JCuda handle} */
    public CudaStream cudaStream() {
        return stream;
    }

    /** {@return how many streams the windows take in turn} 1: all on one stream. */
    public int streamCount() {
        return streamCount;
    }

    /**
     * Moves to stream {@code window mod streams} (with more than one): back to back, each stream
     * keeps a launch-cost level of its own (on an H200, 5 us kernels read 6423 to 6485 ns per launch
     * on six streams, each within 8 ns of itself over 12 s), which a repeat call, on new streams, would
     * not share. The last window's work is finished first.
     */
    @Override
    public void windowStarting(int window) {
        if (streamCount <= 1) {
            return;
        }
        int next = window % streamCount;
        if (next == streamIndex) {
            return;
        }
        stream.synchronize();
        streamIndex = next;
        stream = streams.get(next);
        if (!legacyEvents) {
            eventStream = stream.cu();
        }
    }

    /** {@link #stream()}: the current window's stream, whichever that is at the call. */
    private final class TimedStream implements GpuStream {
        @Override
        public long handle() {
            return stream.handle();
        }

        @Override
        public int deviceIndex() {
            return stream.deviceIndex();
        }

        @Override
        public boolean isHost() {
            return false;
        }

        @Override
        public <T> T unwrap(Class<T> type) {
            return stream.unwrap(type);
        }

        @Override
        public String toString() {
            return stream.toString();
        }
    }

    /** {@return how launches are kept out of the events} */
    public LaunchMode mode() {
        return mode;
    }

    @Override
    public void flushL2() {
        L2Flush f = flush;
        if (f == null) {
            if (manualFlush == null) {
                manualFlush = new L2Flush(context, 0);
            }
            f = manualFlush;
        }
        f.enqueue(stream);
    }

    @Override
    public Body repeat(Body work, int reps) throws Exception {
        if (mode != LaunchMode.GRAPH) {
            return super.repeat(work, reps);
        }
        CUgraph graph = new CUgraph();
        check(JCudaDriver.cuStreamBeginCapture(stream.cu(), CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_THREAD_LOCAL),
                "cuStreamBeginCapture", stream + ", reps=" + reps);
        try {
            for (int i = 0; i < reps; i++) {
                work.run();
            }
        } finally {
            check(JCudaDriver.cuStreamEndCapture(stream.cu(), graph), "cuStreamEndCapture", stream + ", reps=" + reps);
        }
        CUgraphExec exec = new CUgraphExec();
        int code = JCudaDriver.cuGraphInstantiate(exec, graph, 0);
        if (code != 0) {
            JCudaDriver.cuGraphDestroy(graph);
            check(code, "cuGraphInstantiate", "reps=" + reps);
        }
        Body replay = () -> {
            int rc = JCudaDriver.cuGraphLaunch(exec, stream.cu());
            if (rc != 0) {
                check(rc, "cuGraphLaunch", "reps=" + reps);
            }
        };
        graphs.put(replay, new Object[] {graph, exec});
        return replay;
    }

    @Override
    public void release(Body body) {
        Object[] g = graphs.remove(body);
        if (g != null) {
            destroy(g);
        }
    }

    private void destroy(Object[] g) {
        context.makeCurrent();
        JCudaDriver.cuGraphExecDestroy((CUgraphExec) g[1]);
        JCudaDriver.cuGraphDestroy((CUgraph) g[0]);
    }

    /**
     * The empty kernel, in blocking and graph launches (both held by the blocking kernel, so its
     * samples are paced by the GPU). None in plain launches: there an empty kernel's time is the
     * host's launch rate (6.0-6.5 us per call from Java on an H200), which a kernel longer than that
     * hides (a spin's plain reading carries 2.8 us, as in blocking), so the difference would read the
     * work about 3 us short (17.0 us for a 20 us spin).
     */
    @Override
    public java.util.Optional<Body> emptyLaunch() {
        return mode == LaunchMode.PLAIN ? java.util.Optional.empty()
                : java.util.Optional.of(() -> empty.launch(stream, 1, 1, noArgs));
    }

    @Override
    protected void markStart(int slot) {
        if (flush != null) {
            flush.enqueue(stream);
        }
        if (blocker != null) {
            blocker.block(stream);
        }
        int code = JCudaDriver.cuEventRecord(starts[slot], eventStream);
        if (code != 0) {
            check(code, "cuEventRecord", "start event " + slot);
        }
    }

    @Override
    protected void markEnd(int slot) {
        int code = JCudaDriver.cuEventRecord(ends[slot], eventStream);
        if (blocker != null) {
            blocker.release();
        }
        if (code != 0) {
            check(code, "cuEventRecord", "end event " + slot);
        }
    }

    @Override
    protected double[] resolve(int n) {
        double[] out = new double[n];
        if (n == 0) {
            return out;
        }
        check(JCudaDriver.cuEventSynchronize(ends[n - 1]), "cuEventSynchronize", "end event " + (n - 1));
        if (blocker != null) {
            blocker.checkNotTimedOut(n);
        }
        for (int i = 0; i < n; i++) {
            check(JCudaDriver.cuEventElapsedTime(elapsed, starts[i], ends[i]), "cuEventElapsedTime", "region " + i);
            out[i] = elapsed[0] * 1e6; // float milliseconds to nanoseconds
        }
        return out;
    }

    @Override
    public void synchronize() {
        // The whole context: a workload may have launched on streams of its own.
        context.synchronize();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        context.makeCurrent();
        if (blocker != null) {
            blocker.release();
        }
        JCudaDriver.cuCtxSynchronize();
        for (Object[] g : graphs.values()) {
            destroy(g);
        }
        graphs.clear();
        for (int i = 0; i < CAPACITY; i++) {
            JCudaDriver.cuEventDestroy(starts[i]);
            JCudaDriver.cuEventDestroy(ends[i]);
        }
        if (blocker != null) {
            blocker.close();
        }
        if (flush != null) {
            flush.close();
        }
        if (manualFlush != null) {
            manualFlush.close();
        }
        for (CudaStream s : streams) {
            s.close();
        }
    }
}
