package dev.sns.jmh;

import dev.sns.LaunchOverhead;
import dev.sns.ResultAssembler;
import dev.sns.Rotating;
import dev.sns.SnsException;
import dev.sns.SnsOptions;
import dev.sns.Workload;
import dev.sns.gpu.GpuStream;
import dev.sns.gpu.cuda.CudaContext;
import dev.sns.gpu.cuda.DeviceBuffer;
import dev.sns.timing.Body;
import dev.sns.timing.InnerReps;
import dev.sns.timing.Timer;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;
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
 * {@link Control} start and stop marks), tagged with fork, iteration and thread, and handed to the
 * sns profiler ({@code -prof sns}). Without the profiler nothing is kept.
 *
 * <p>Inner reps are calibrated on the first work timed in the trial (about 1 ms per sample by
 * default, {@code -prof sns:innerReps=n} fixes them); with {@code launch=graph} keep the Workload in
 * a field, so that its graph is captured once.
 */
@State(Scope.Thread)
public class GpuBlackhole {
    private ThreadSession session;
    private int thread;
    private Blackhole blackhole;
    private IterationParams iteration;
    private Control control;
    private boolean recording;

    /** Opens the timer (CUDA where there is a GPU) and registers this thread's sample buffer. */
    @Setup(Level.Trial)
    public void setUpTrial(BenchmarkParams params, ThreadParams thread, Blackhole bh) {
        this.blackhole = bh;
        SnsProfilerOptions o = SnsProfilerOptions.parse(System.getProperty(SnsProfiler.OPTIONS_PROPERTY, ""));
        this.thread = thread.getThreadIndex();
        this.session = ThreadSession.acquire(this.thread, withOverrides(o.snsOptions(), params.getBenchmark()));
        this.recording = ForkSamples.profilerActive();
    }

    /** Notes whether this is a measurement iteration and keeps JMH's control marks. */
    @Setup(Level.Iteration)
    public void setUpIteration(IterationParams params, Control ctl) {
        this.iteration = params;
        this.control = ctl;
    }

    /** Releases the timer; the samples stay with the profiler until it has drained them. */
    @TearDown(Level.Trial)
    public void tearDownTrial() {
        if (session != null) {
            ThreadSession.release(thread, session);
            session = null;
        }
    }

    /** Times one call of {@code work} (x inner reps) as one sample. */
    public void time(Workload work) {
        ThreadSession s = session;
        try {
            Body body = s.bodies.get(work);
            if (body == null) {
                body = bind(s, work);
            }
            s.timer.start();
            body.run();
            s.timer.stop();
            double regionNanos = s.timer.resolveNanos()[0];
            if (recording && inMeasurementWindow()) {
                s.buffer.add(regionNanos / s.innerReps);
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Exception e) {
            throw new SnsException("GpuBlackhole.time: the workload threw " + e, e);
        }
    }

    private boolean inMeasurementWindow() {
        Control c = control;
        return iteration != null && iteration.getType() == IterationType.MEASUREMENT
                && c != null && c.startMeasurement && !c.stopMeasurement;
    }

    private static Body bind(ThreadSession s, Workload work) throws Exception {
        Timer timer = s.timer;
        GpuStream stream = timer.stream();
        Body once = () -> work.run(stream);
        if (s.innerReps == 0) {
            timer.synchronize();
            s.innerReps = InnerReps.calibrate(timer, once, s.options.targetWindowMillis() * 1e6,
                    s.options.maxInnerReps());
        }
        if (!s.described) {
            s.described = true;
            Optional<ResultAssembler.Overhead> ov = LaunchOverhead.measure(timer, s.innerReps, s.options);
            s.buffer.describe(s.innerReps, timer.description(), timer.resolutionNanos(),
                    ov.map(ResultAssembler.Overhead::medianNanos).orElse(Double.NaN),
                    ov.map(ResultAssembler.Overhead::intervalNanos).orElse(null), !stream.isHost());
        }
        Body body = timer.repeat(once, s.innerReps);
        if (s.bodies.size() >= 16) {
            // Work objects made per call: do not hold on to them (nor to graphs captured for them).
            // With launch=graph that means a capture per call: keep the Workload in a field.
            s.bodies.values().forEach(timer::release);
            s.bodies.clear();
        }
        s.bodies.put(work, body);
        return body;
    }

    /**
     * The options with the benchmark's {@link GpuTiming} overrides applied (method first, then its
     * class); a bad override value fails the trial naming the benchmark.
     */
    static SnsOptions withOverrides(SnsOptions base, String benchmark) {
        GpuTiming t = findTiming(benchmark);
        if (t == null) {
            return base;
        }
        try {
            SnsOptions.Builder b = base.toBuilder();
            if (t.innerReps().equals("auto")) {
                b.autoInnerReps(base.targetWindowMillis());
            } else if (!t.innerReps().isEmpty()) {
                b.innerReps(Integer.parseInt(t.innerReps()));
            }
            if (!t.flushL2().isEmpty()) {
                if (!t.flushL2().equals("true") && !t.flushL2().equals("false")) {
                    throw new IllegalArgumentException("flushL2 must be true or false, got '" + t.flushL2() + "'");
                }
                b.flushL2(Boolean.parseBoolean(t.flushL2()));
            }
            if (!t.launch().isEmpty()) {
                b.launch(dev.sns.timing.LaunchMode.parse(t.launch()));
            }
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("@GpuTiming on " + benchmark + ": " + e.getMessage(), e);
        }
    }

    private static GpuTiming findTiming(String benchmark) {
        int dot = benchmark.lastIndexOf('.');
        if (dot < 0) {
            return null;
        }
        try {
            Class<?> c = Class.forName(benchmark.substring(0, dot));
            String method = benchmark.substring(dot + 1);
            for (java.lang.reflect.Method m : c.getMethods()) {
                if (m.getName().equals(method) && m.isAnnotationPresent(GpuTiming.class)) {
                    return m.getAnnotation(GpuTiming.class);
                }
            }
            return c.getAnnotation(GpuTiming.class);
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }

    /**
     * Queues an overwrite of a buffer twice the size of the L2 on the timed stream, now: call it
     * before {@link #time} for a cold-cache sample (it runs before the sample's start event, so it
     * is never timed). {@code -prof sns:flushL2=true} does this before every sample instead.
     */
    public void flushL2() {
        ThreadSession s = session;
        if (s.flushBuffer == null) {
            s.flushBuffer = allocate(2 * context().l2Bytes());
        }
        s.flushBuffer.fill32(++s.flushValue, s.timer.stream());
    }

    /** Declares the work of one call, for the TFLOP/s and GB/s metrics (bytes: read plus written). */
    public void declareWork(double flopsPerCall, double bytesPerCall) {
        session.buffer.work(flopsPerCall, bytesPerCall);
    }

    /** Where the work must be launched ({@code stream.unwrap(jcuda.driver.CUstream.class)} for JCuda). */
    public GpuStream stream() {
        return session.timer.stream();
    }

    /** Calls of the work per sample (0 until calibrated on the first {@link #time}). */
    public int innerReps() {
        return session.innerReps;
    }

    /** The CUDA context of the timed device (its primary context, current on this thread). */
    public CudaContext context() {
        return CudaContext.primary(session.options.device());
    }

    /** Device memory on the timed device. */
    public DeviceBuffer allocate(long bytes) {
        return context().allocate(bytes);
    }

    /** A ring of inputs larger than twice the device's L2, made by {@code factory}. */
    public <T> Rotating<T> rotating(long bytesPerItem, IntFunction<T> factory) {
        return Rotating.sized(bytesPerItem, context().l2Bytes(), factory);
    }

    /** A ring of the given inputs. */
    public <T> Rotating<T> rotating(List<T> items) {
        return Rotating.of(items);
    }

    /** Hands a value to JMH's Blackhole, so that the JIT cannot drop the code that made it. */
    public void consume(Object o) {
        blackhole.consume(o);
    }

    public void consume(long v) {
        blackhole.consume(v);
    }

    public void consume(double v) {
        blackhole.consume(v);
    }
}
