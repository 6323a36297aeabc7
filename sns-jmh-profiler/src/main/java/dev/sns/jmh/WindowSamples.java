package dev.sns.jmh;

import dev.sns.model.ClockEvidence;
import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.Interval;
import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one fork measured in one JMH measurement iteration (a window): per-call samples and the
 * clock evidence of the window. Crosses JMH's binary link from the fork to the host.
 */
public final class WindowSamples implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Samples timed per invocation by {@link GpuBlackhole} with the sns timer. */
    public static final String GPU_SOURCE = "gpu-events";
    /** Samples timed by GpuBlackhole on the wall clock (no GPU timer). */
    public static final String HOST_SOURCE = "host-timer";
    /** One sample per iteration from JMH's own score, for benchmarks without GpuBlackhole. */
    public static final String JMH_SOURCE = "jmh-iterations";

    final String source;
    final int fork;
    final int iteration;
    final double[] perCallNanos;
    final int[] threads;
    final int innerReps;
    final String timer;
    final double timerStepNanos;
    final double overheadMedianNanos;
    final Interval overheadIntervalNanos;
    final double flopsPerCall;
    final double bytesPerCall;
    final ClockEvidence evidence;
    final BootstrapSettings bootstrap;
    final TreeMap<String, String> fingerprint;

    WindowSamples(String source, int fork, int iteration, double[] perCallNanos, int[] threads, int innerReps,
                  String timer, double timerStepNanos, double overheadMedianNanos, Interval overheadIntervalNanos,
                  double flopsPerCall, double bytesPerCall, ClockEvidence evidence, BootstrapSettings bootstrap,
                  Map<String, String> fingerprint) {
        if (perCallNanos.length != threads.length) {
            throw new IllegalArgumentException(perCallNanos.length + " samples but " + threads.length + " thread ids");
        }
        this.source = source;
        this.fork = fork;
        this.iteration = iteration;
        this.perCallNanos = perCallNanos;
        this.threads = threads;
        this.innerReps = innerReps;
        this.timer = timer;
        this.timerStepNanos = timerStepNanos;
        this.overheadMedianNanos = overheadMedianNanos;
        this.overheadIntervalNanos = overheadIntervalNanos;
        this.flopsPerCall = flopsPerCall;
        this.bytesPerCall = bytesPerCall;
        this.evidence = evidence;
        this.bootstrap = bootstrap;
        this.fingerprint = new TreeMap<>(fingerprint);
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

    /** The same window filed under another fork number (an interleaved round). */
    WindowSamples withFork(int newFork) {
        return new WindowSamples(source, newFork, iteration, perCallNanos, threads, innerReps, timer, timerStepNanos,
                overheadMedianNanos, overheadIntervalNanos, flopsPerCall, bytesPerCall, evidence, bootstrap, fingerprint);
    }

    /** A window id unique across forks. */
    int windowId() {
        return fork * 100_000 + iteration;
    }

    public Map<String, String> fingerprint() {
        return fingerprint;
    }

    public ClockEvidence evidence() {
        return evidence;
    }
}
