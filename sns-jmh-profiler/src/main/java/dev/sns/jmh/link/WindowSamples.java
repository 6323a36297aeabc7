package dev.sns.jmh.link;

import dev.sns.model.ClockEvidence;
import java.io.Serializable;
import java.util.Objects;

/**
 * What one fork measured in one JMH measurement iteration (a window): per-call samples, the window's
 * clock evidence, and what the fork knows about its timer and work. Crosses JMH's binary link from
 * the fork to the host inside an {@link SnsResult}. Samples and evidence only: every statistic is
 * computed on the host.
 *
 * <p>The empty kernel's samples (the launch overhead) are taken once per fork and ride on the fork's
 * first measurement window only.
 */
public final class WindowSamples implements Serializable {
    private static final long serialVersionUID = 2L;

    /** Samples timed per invocation by {@code GpuBlackhole} with the GPU timer. */
    public static final String GPU_SOURCE = "gpu-events";
    /** Samples timed by {@code GpuBlackhole} on the wall clock (no GPU timer). */
    public static final String HOST_SOURCE = "host-timer";
    /** One sample per iteration from JMH's own score, for benchmarks without {@code GpuBlackhole}. */
    public static final String JMH_SOURCE = "jmh-iterations";

    /** The empty kernel's samples of one fork: per call, with their windows and the timer's step per call. */
    public record Overhead(double[] perCallNanos, int[] windowIds, double stepNanosPerCall) implements Serializable {
        public Overhead {
            if (perCallNanos.length != windowIds.length) {
                throw new IllegalArgumentException(perCallNanos.length + " overhead samples but " + windowIds.length
                        + " window ids");
            }
        }
    }

    final String source;
    final int fork;
    final int iteration;
    final double[] perCallNanos;
    final int[] threads;
    final int innerReps;
    final String timer;
    final double timerStepNanos;
    final double flopsPerCall;
    final double bytesPerCall;
    final ClockEvidence evidence;
    final Overhead overhead;

    /**
     * @param source {@link #GPU_SOURCE}, {@link #HOST_SOURCE} or {@link #JMH_SOURCE}
     * @param fork the fork's number (its ABBA round, for interleaved benchmarks)
     * @param iteration the measurement iteration in the fork, from 0
     * @param perCallNanos the samples, in time order
     * @param threads the JMH thread of each sample
     * @param innerReps calls of the work per sample
     * @param timer the timer in words
     * @param timerStepNanos the timer's quantization step per sample (per region)
     * @param overhead the fork's empty-kernel samples, or null (not measured, or sent with an earlier window)
     */
    public WindowSamples(String source, int fork, int iteration, double[] perCallNanos, int[] threads, int innerReps,
                         String timer, double timerStepNanos, double flopsPerCall, double bytesPerCall,
                         ClockEvidence evidence, Overhead overhead) {
        if (perCallNanos.length != threads.length) {
            throw new IllegalArgumentException(perCallNanos.length + " samples but " + threads.length + " thread ids");
        }
        this.source = Objects.requireNonNull(source, "source");
        this.fork = fork;
        this.iteration = iteration;
        this.perCallNanos = perCallNanos;
        this.threads = threads;
        this.innerReps = innerReps;
        this.timer = timer;
        this.timerStepNanos = timerStepNanos;
        this.flopsPerCall = flopsPerCall;
        this.bytesPerCall = bytesPerCall;
        this.evidence = Objects.requireNonNull(evidence, "evidence");
        this.overhead = overhead;
    }

    public String source() {
        return source;
    }

    public int fork() {
        return fork;
    }

    public int iteration() {
        return iteration;
    }

    public int size() {
        return perCallNanos.length;
    }

    public ClockEvidence evidence() {
        return evidence;
    }
}
