package dev.sns.jmh.fork;

import dev.sns.jmh.link.WindowSamples;
import dev.sns.model.DevicePeaks;
import dev.sns.timing.KernelTrace;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The forked JVM's sample store: each benchmark thread's {@link ThreadSession} files its samples
 * here; the fork half of the profiler drains them after each iteration. Buffers stay registered
 * after a trial's teardown because JMH's last {@code afterIteration} runs after it.
 */
final class ForkSamples {
    private static final List<ThreadBuffer> BUFFERS = new CopyOnWriteArrayList<>();

    private ForkSamples() {}

    /** Whether a benchmark thread of this fork made a {@code GpuBlackhole} (and so uses the GPU timer). */
    static boolean gpuInUse() {
        return !BUFFERS.isEmpty();
    }

    static ThreadBuffer register(int thread) {
        ThreadBuffer b = new ThreadBuffer(thread);
        BUFFERS.add(b);
        return b;
    }

    /** Everything filed since the last drain, by thread; buffers of finished trials are released. */
    static List<Drained> drain() {
        List<Drained> out = new ArrayList<>();
        for (ThreadBuffer b : BUFFERS) {
            Drained d = b.take();
            if (d.perCallNanos.length > 0) {
                out.add(d);
            }
            if (b.closed()) {
                BUFFERS.remove(b);
            }
        }
        return out;
    }

    /** One thread's samples and what it knew about them. */
    record Drained(int thread, double[] perCallNanos, int innerReps, String timer, double timerStepNanos,
                   WindowSamples.Overhead overhead, double flopsPerCall, double bytesPerCall, boolean gpu,
                   KernelTrace kernels, DevicePeaks peaks) {}

    /**
     * Most samples kept per thread and iteration. A fast kernel gives tens of thousands of samples
     * an iteration; past this many, the buffer keeps every other sample and then records every
     * second (fourth, ...) one: a subsample evenly spread in time, whose size stays between half
     * and all of this, so that the fork-to-host link and the bootstrap stay cheap.
     */
    static final int MAX_SAMPLES_PER_WINDOW = 4096;

    /** A growable buffer written by one benchmark thread, read by the profiler between iterations. */
    static final class ThreadBuffer {
        private final int thread;
        private double[] samples = new double[1024];
        private int n;
        private long seen;
        private long stride = 1;
        private int innerReps = 1;
        private String timer = "";
        private double timerStepNanos;
        private WindowSamples.Overhead overhead;
        private double flopsPerCall = Double.NaN;
        private double bytesPerCall = Double.NaN;
        private boolean gpu;
        private KernelTrace kernels;
        private DevicePeaks peaks;
        private boolean closed;

        ThreadBuffer(int thread) {
            this.thread = thread;
        }

        synchronized void add(double perCallNanos) {
            if (seen++ % stride != 0) {
                return;
            }
            if (n == MAX_SAMPLES_PER_WINDOW) {
                for (int i = 0; i < n / 2; i++) {
                    samples[i] = samples[2 * i];
                }
                n /= 2;
                stride *= 2;
                if ((seen - 1) % stride != 0) {
                    return;
                }
            }
            if (n == samples.length) {
                samples = Arrays.copyOf(samples, Math.min(n * 2, MAX_SAMPLES_PER_WINDOW));
            }
            samples[n++] = perCallNanos;
        }

        /** What the thread's timer is, once its inner reps are calibrated; {@code overhead} may be null. */
        synchronized void describe(int reps, String timerText, double stepNanos, WindowSamples.Overhead ov, boolean onGpu) {
            this.innerReps = reps;
            this.timer = timerText;
            this.timerStepNanos = stepNanos;
            this.overhead = ov;
            this.gpu = onGpu;
        }

        /** The thread's kernel pass and its device's peaks (either may be null). */
        synchronized void once(KernelTrace trace, DevicePeaks devicePeaks) {
            this.kernels = trace;
            this.peaks = devicePeaks;
        }

        synchronized void work(double flops, double bytes) {
            this.flopsPerCall = flops;
            this.bytesPerCall = bytes;
        }

        synchronized void close() {
            closed = true;
        }

        synchronized boolean closed() {
            return closed;
        }

        synchronized Drained take() {
            double[] out = Arrays.copyOf(samples, n);
            n = 0;
            seen = 0;
            stride = 1;
            return new Drained(thread, out, innerReps, timer, timerStepNanos, overhead, flopsPerCall, bytesPerCall, gpu,
                    kernels, peaks);
        }
    }
}
