package dev.sns.jmh.fork;

import dev.sns.SnsException;
import dev.sns.Timers;
import dev.sns.Workload;
import dev.sns.gpu.GpuBackend;
import dev.sns.gpu.GpuDevice;
import dev.sns.jmh.link.WindowSamples;
import dev.sns.options.SnsOptions;
import dev.sns.timing.Body;
import dev.sns.timing.GpuStream;
import dev.sns.timing.InnerReps;
import dev.sns.timing.KernelPass;
import dev.sns.timing.KernelRecorder;
import dev.sns.timing.KernelTrace;
import dev.sns.timing.LaunchOverheadProbe;
import dev.sns.timing.SampleSet;
import dev.sns.timing.Timer;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One benchmark thread's timing: the timer and its stream, the sample buffer, the calibrated inner
 * reps and the bodies made for each workload. {@code GpuBlackhole} is its face.
 *
 * <p>JMH makes a separate instance of a thread-scoped state for each place it is injected (a
 * {@code @Setup} parameter of another state and the {@code @Benchmark} parameter are two instances,
 * seen in the generated code), so per-instance state would split setup (declared work, allocations on
 * its stream) from timing. Sessions are keyed by JMH's thread index, reference-counted, and closed by
 * the last instance's teardown.
 */
public final class ThreadSession {
    private static final Map<Integer, ThreadSession> SESSIONS = new HashMap<>();
    /** Work objects made per call are not held on to (nor graphs captured for them) past this many. */
    private static final int MAX_BODIES = 16;

    private final SnsOptions options;
    private final Timer timer;
    private final ForkSamples.ThreadBuffer buffer;
    private final Map<Workload, Body> bodies = new IdentityHashMap<>();
    private int innerReps;
    private boolean described;
    private int references;

    private ThreadSession(SnsOptions options, int thread) {
        this.options = options;
        // One stream: the benchmark may keep the stream it was given; forks bring the streams' spread.
        this.timer = Timers.detect().openTimer(options.toBuilder().streams(1).build());
        this.buffer = ForkSamples.register(thread);
        this.innerReps = options.innerReps();
    }

    /** The session of a benchmark thread, created by its first instance. */
    public static synchronized ThreadSession acquire(int thread, SnsOptions options) {
        ThreadSession s = SESSIONS.computeIfAbsent(thread, t -> new ThreadSession(options, t));
        s.references++;
        return s;
    }

    /** Releases one instance's hold; the last one closes the timer. */
    public static synchronized void release(int thread, ThreadSession s) {
        if (--s.references > 0) {
            return;
        }
        SESSIONS.remove(thread);
        s.bodies.values().forEach(s.timer::release);
        s.bodies.clear();
        s.timer.close();
        s.buffer.close();
    }

    /** Times one call of {@code work} (x inner reps) as one sample; keeps it when {@code record}. */
    public void time(Workload work, boolean record) {
        try {
            Body body = bodies.get(work);
            if (body == null) {
                body = bind(work);
            }
            timer.start();
            body.run();
            timer.stop();
            double regionNanos = timer.resolveNanos()[0];
            ForkEnergy.FORK.calls.addAndGet(innerReps);
            if (record) {
                buffer.add(regionNanos / innerReps);
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Exception e) {
            throw new SnsException("GpuBlackhole.time: the workload threw " + e, e);
        }
    }

    /**
     * The body that runs {@code work} inner-reps times. The first one calibrates the inner reps and
     * takes the launch overhead's samples with them.
     */
    private Body bind(Workload work) throws Exception {
        GpuStream stream = timer.stream();
        Body once = () -> work.run(stream);
        if (!described && options.energy() && !stream.isHost()) {
            timer.synchronize();
            ForkEnergy.FORK.open(options); // before the benchmark's first call: idle power is measured with the GPU idle
        }
        if (innerReps == 0) {
            timer.synchronize();
            innerReps = InnerReps.calibrate(timer, once, options.targetMs() * 1e6, options.maxInnerReps());
        }
        if (!described) {
            described = true;
            WindowSamples.Overhead overhead = null;
            if (options.launchOverhead()) {
                Optional<SampleSet> s = new LaunchOverheadProbe(timer, options.iterations()).samples(innerReps);
                if (s.isPresent()) {
                    overhead = new WindowSamples.Overhead(s.get().perCallNanos(), s.get().windowIds(),
                            timer.resolutionNanos() / innerReps);
                }
            }
            buffer.describe(innerReps, timer.description(), timer.resolutionNanos(), overhead, !stream.isHost());
            buffer.once(kernelPass(once), stream.isHost() ? null : Timers.detect().peaks(options).orElse(null));
        }
        Body body = timer.repeat(once, innerReps);
        if (bodies.size() >= MAX_BODIES) {
            // Work objects made per call: with launch=graph that means a capture per call.
            bodies.values().forEach(timer::release);
            bodies.clear();
        }
        bodies.put(work, body);
        return body;
    }

    /**
     * With the kernels option, the work's kernel pass: taken once, at the first call, before any
     * sample of the fork (recording is switched off again before the first sample); else null.
     */
    private KernelTrace kernelPass(Body once) throws Exception {
        if (!options.kernels()) {
            return null;
        }
        Body call = timer.repeat(once, 1);
        try (KernelRecorder recorder = Timers.detect().openKernelRecorder(options)) {
            return KernelPass.run(timer, call, recorder, options.kernelCalls());
        } finally {
            timer.release(call);
        }
    }

    /** Queues an L2 overwrite on the timed stream now (never timed). */
    public void flushL2() {
        timer.flushL2();
    }

    /** Declares the work of one call (flops, bytes read plus written). */
    public void declareWork(double flopsPerCall, double bytesPerCall) {
        buffer.work(flopsPerCall, bytesPerCall);
    }

    /** Where the work must be launched. */
    public GpuStream stream() {
        return timer.stream();
    }

    /** Calls of the work per sample (0 until calibrated on the first {@link #time}). */
    public int innerReps() {
        return innerReps;
    }

    /** The device the timer runs on, or an error saying why there is none. */
    public GpuDevice device() {
        GpuBackend.Status s = Timers.detect().backend().probe();
        if (!s.available() || timer.stream().isHost()) {
            throw new IllegalStateException("no GPU device: this benchmark is timed on the wall clock ("
                    + (s.available() ? "timer=wall" : s.reason()) + ")");
        }
        return Timers.detect().device(options);
    }
}
