package dev.sns.jmh;

import dev.sns.Rotating;
import dev.sns.Workload;
import dev.sns.gpu.GpuDevice;
import dev.sns.gpu.cuda.CudaContext;
import dev.sns.gpu.cuda.DeviceBuffer;
import dev.sns.jmh.annotations.RequiresGpu;
import dev.sns.jmh.link.GpuTimingOverrides;
import dev.sns.jmh.fork.ThreadSession;
import dev.sns.jmh.link.ForkProperties;
import dev.sns.jmh.link.ProfilerOptions;
import dev.sns.options.SnsOptions;
import dev.sns.timing.GpuStream;
import java.util.List;
import java.util.function.IntFunction;
import org.apiguardian.api.API;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Blackhole;
import org.openjdk.jmh.infra.Control;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.infra.ThreadParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * What a GPU benchmark takes as a parameter to be timed on the GPU:
 * <pre>{@code
 * @Benchmark
 * public void saxpy(GpuBlackhole gpu) {
 *     gpu.time(launchSaxpy);          // a Workload kept in a field: stream -> kernel.launch(stream, ...)
 * }
 * }</pre>
 *
 * <p>Each {@link #time} call is one sample: the L2 flush if asked, the start event, the work
 * {@link #innerReps()} times, the end event, and a synchronisation. Because every invocation waits
 * for its GPU work, JMH's own score (wall time per invocation) covers the GPU work too: it is
 * honest, only coarser than the sns metrics, which come from the events.
 *
 * <p>Samples are kept only inside JMH's measurement window (a measurement iteration, between its
 * {@link Control} start and stop marks) and handed to the sns profiler ({@code -prof sns}). Without
 * the profiler nothing is kept.
 *
 * <p>Inner reps are calibrated on the first work timed in the trial (about 1 ms per sample by
 * default, {@code -prof sns:innerReps=n} fixes them); with {@code launch=graph} keep the Workload in
 * a field, so that its graph is captured once. CUDA itself (memory, modules) is reached from the
 * stream: {@code CudaContext.of(gpu.stream())}.
 */
@State(Scope.Thread)
@RequiresGpu
public class GpuBlackhole {
    private ThreadSession session;
    private int thread;
    private Blackhole blackhole;
    private IterationParams iteration;
    private Control control;
    private boolean recording;

    /**
     * Opens the timer (on the GPU where there is one) with the run's options and the benchmark's
     * {@code @GpuTiming}. JMH calls it; a benchmark never does.
     *
     * @param params the benchmark's parameters, for its name and its {@code @GpuTiming}
     * @param thread the benchmark thread, for its index
     * @param bh JMH's Blackhole, for {@link #consume(Object)}
     */
    @Setup(Level.Trial)
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public void setUpTrial(BenchmarkParams params, ThreadParams thread, Blackhole bh) {
        this.blackhole = bh;
        SnsOptions o = ProfilerOptions.parse(System.getProperty(ForkProperties.OPTIONS, "")).forThisFork().timing();
        this.thread = thread.getThreadIndex();
        this.session = ThreadSession.acquire(this.thread,
                GpuTimingOverrides.apply(o, params.getBenchmark(), GpuBlackhole.class.getClassLoader()));
        this.recording = ForkProperties.profilerActive();
    }

    /**
     * Notes whether this is a measurement iteration and keeps JMH's control marks. JMH calls it.
     *
     * @param params the iteration's parameters: warm-up or measurement
     * @param ctl JMH's control, whose marks bound the measurement window
     */
    @Setup(Level.Iteration)
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public void setUpIteration(IterationParams params, Control ctl) {
        this.iteration = params;
        this.control = ctl;
    }

    /** Releases the timer; the samples stay with the profiler until it has drained them. */
    @TearDown(Level.Trial)
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public void tearDownTrial() {
        if (session != null) {
            ThreadSession.release(thread, session);
            session = null;
        }
    }

    /**
     * Times one call of {@code work} (x inner reps) as one sample, and waits for it.
     *
     * @param work the call to time, launched on {@link #stream()}; keep it in a field (with
     *     {@code launch=graph} its graph is captured once per Workload)
     * @throws dev.sns.SnsException if the work throws a checked exception (a runtime exception is
     *     thrown as it is)
     */
    public void time(Workload work) {
        session.time(work, recording && inMeasurementWindow());
    }

    /**
     * Times one call of {@code work} as {@link #time(Workload)} does, declaring its work per call here:
     * for a class whose benchmarks differ in size, each states its own (GFLOP/s and GB/s follow).
     *
     * @param work the call to time, launched on {@link #stream()}
     * @param flopsPerCall floating-point operations per call (NaN: not declared)
     * @param bytesPerCall bytes moved per call, read plus written (NaN: not declared)
     * @throws dev.sns.SnsException if the work throws a checked exception
     */
    public void time(Workload work, double flopsPerCall, double bytesPerCall) {
        session.declareWork(flopsPerCall, bytesPerCall);
        time(work);
    }

    private boolean inMeasurementWindow() {
        Control c = control;
        return iteration != null && iteration.getType() == IterationType.MEASUREMENT
                && c != null && c.startMeasurement && !c.stopMeasurement;
    }

    /**
     * Queues an overwrite of a buffer twice the size of the L2 on the timed stream, now: call it
     * before {@link #time} for a cold-cache sample (it runs before the sample's start event, so it
     * is never timed). {@code -prof sns:flushL2=true} does this before every sample instead.
     */
    public void flushL2() {
        session.flushL2();
    }

    /**
     * Declares the work of one call, for the TFLOP/s and GB/s metrics and the share of the device's peak.
     *
     * @param flopsPerCall floating-point operations per call (NaN: not declared)
     * @param bytesPerCall bytes moved per call, read plus written (NaN: not declared)
     */
    public void declareWork(double flopsPerCall, double bytesPerCall) {
        session.declareWork(flopsPerCall, bytesPerCall);
    }

    /**
     * {@return where the work must be launched} {@code stream.unwrap(jcuda.driver.CUstream.class)} gives
     * JCuda's handle, {@code CudaContext.of(stream)} the device's context (to allocate and load
     * modules). On the wall-clock timer, the host pseudo-stream.
     */
    public GpuStream stream() {
        return session.stream();
    }

    /**
     * The timed device, as its backend describes it (index, name, UUID, SMs, L2 size, ...): the one
     * device this fork measures on (the sns Main gives each fork one of the selected {@code devices}).
     * Allocate and load modules through the stream, {@code CudaContext.of(gpu.stream())}, so that they
     * land on it.
     *
     * @return the timed device
     * @throws IllegalStateException if there is none: the benchmark is timed on the wall clock
     */
    public GpuDevice device() {
        return session.device();
    }

    /**
     * The CUDA context of the timed device (its primary context, current on this thread).
     *
     * @return the timed device's context
     * @deprecated since 0.2.0, for removal in the next release: use {@code CudaContext.of(gpu.stream())},
     *     which is the context of the stream's device.
     */
    @Deprecated(since = "0.2.0", forRemoval = true)
    public CudaContext context() {
        return CudaContext.of(stream());
    }

    /**
     * Device memory on the timed device.
     *
     * @param bytes the size
     * @return a new buffer of that size on the timed device
     * @deprecated since 0.2.0, for removal in the next release: use
     *     {@code CudaContext.of(gpu.stream()).allocate(bytes)}.
     */
    @Deprecated(since = "0.2.0", forRemoval = true)
    public DeviceBuffer allocate(long bytes) {
        return CudaContext.of(stream()).allocate(bytes);
    }

    /** {@return the calls of the work per sample} 0 until calibrated on the first {@link #time}. */
    public int innerReps() {
        return session.innerReps();
    }

    /**
     * A ring of inputs larger than twice the timed device's L2, so that back-to-back calls find no
     * input of theirs left in cache.
     *
     * @param bytesPerItem the bytes one item occupies, positive
     * @param factory makes item i
     * @param <T> the type of the items
     * @return the ring ({@link Rotating#sized})
     * @throws IllegalStateException if there is no timed device (the wall-clock timer)
     * @throws IllegalArgumentException as {@link Rotating#ringSize(long, long)}
     */
    public <T> Rotating<T> rotating(long bytesPerItem, IntFunction<T> factory) {
        return Rotating.sized(bytesPerItem, device().l2Bytes(), factory);
    }

    /**
     * A ring of the given inputs.
     *
     * @param items the items, in ring order, at least one
     * @param <T> the type of the items
     * @return the ring
     */
    public <T> Rotating<T> rotating(List<T> items) {
        return Rotating.of(items);
    }

    /**
     * Hands a value to JMH's Blackhole, so that the JIT cannot drop the code that made it.
     *
     * @param o the value
     */
    public void consume(Object o) {
        blackhole.consume(o);
    }

    /**
     * Hands a value to JMH's Blackhole, so that the JIT cannot drop the code that made it.
     *
     * @param v the value
     */
    public void consume(long v) {
        blackhole.consume(v);
    }

    /**
     * Hands a value to JMH's Blackhole, so that the JIT cannot drop the code that made it.
     *
     * @param v the value
     */
    public void consume(double v) {
        blackhole.consume(v);
    }
}
