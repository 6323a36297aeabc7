package dev.sns.jmh.link;

import dev.sns.model.ClockEvidence;
import dev.sns.model.DevicePeaks;
import dev.sns.timing.KernelTrace;
import java.io.Serializable;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What one fork measured in one JMH measurement iteration (a window): per-call samples, the window's
 * clock evidence, and what the fork knows about its timer and work. Crosses JMH's binary link from
 * the fork to the host inside an {@link SnsResult}. Samples and evidence only: every statistic is
 * computed on the host.
 *
 * <p>What a fork knows once (the empty kernel's samples, i.e. the launch overhead, its kernel pass,
 * its device's peaks and the fingerprint of its JVM and GPU) rides on the fork's first window timed
 * by {@code GpuBlackhole} only.
 */
public final class WindowSamples implements Serializable {
    private static final long serialVersionUID = 5L;

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
    /**
     * The window's clock evidence; null for a CPU window's "none" ({@link #cpuEvidence()}), which is made
     * again where it is read: it does not cross the link (a fork's first record and map to serialize cost
     * it a few ms of CPU).
     */
    private final ClockEvidence evidence;
    final Overhead overhead;
    final Map<String, String> fingerprint;
    final KernelTrace kernels;
    final DevicePeaks peaks;
    EnergySamples energy;
    /** The fork's board as text: present fields by name, absent ones as "missing:" and the name to the reason. */
    TreeMap<String, String> board;

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
     * @param fingerprint the fork's environment with its GPU, or null (no GPU, or sent with an earlier window)
     */
    public WindowSamples(String source, int fork, int iteration, double[] perCallNanos, int[] threads, int innerReps,
                         String timer, double timerStepNanos, double flopsPerCall, double bytesPerCall,
                         ClockEvidence evidence, Overhead overhead, Map<String, String> fingerprint) {
        this(source, fork, iteration, perCallNanos, threads, innerReps, timer, timerStepNanos, flopsPerCall,
                bytesPerCall, evidence, overhead, fingerprint, null, null);
    }

    /**
     * As above, with what else the fork knows once.
     *
     * @param kernels the fork's kernel pass, or null (not asked for, or sent with an earlier window)
     * @param peaks the fork's device's peaks, or null (no GPU, or sent with an earlier window)
     */
    public WindowSamples(String source, int fork, int iteration, double[] perCallNanos, int[] threads, int innerReps,
                         String timer, double timerStepNanos, double flopsPerCall, double bytesPerCall,
                         ClockEvidence evidence, Overhead overhead, Map<String, String> fingerprint, KernelTrace kernels,
                         DevicePeaks peaks) {
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
        // by identity: a record's equals would spin method handles in the fork (about 30 ms of its CPU)
        this.evidence = Objects.requireNonNull(evidence, "evidence") == CPU_NONE ? null : evidence;
        this.overhead = overhead;
        this.fingerprint = fingerprint == null ? null : new TreeMap<>(fingerprint);
        this.kernels = kernels;
        this.peaks = peaks;
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

    /** The samples in nanoseconds per call, in time order (a copy). */
    public double[] perCallNanos() {
        return perCallNanos.clone();
    }

    /** The fork's empty-kernel samples, on its first GPU window; else null. */
    public Overhead overhead() {
        return overhead;
    }

    public ClockEvidence evidence() {
        return evidence != null ? evidence : cpuEvidence();
    }

    /** Why a CPU benchmark's window (JMH's score, no {@code GpuBlackhole}) has no clock evidence. */
    public static final String CPU_EVIDENCE = "no clock evidence: CPU benchmark (no GpuBlackhole)";

    private static final ClockEvidence CPU_NONE = ClockEvidence.none(CPU_EVIDENCE, false);

    /**
     * A CPU benchmark's window's evidence: none, saying why ({@link #CPU_EVIDENCE}), clocks not locked;
     * always the same object, and a window given it does not send it over the link.
     */
    public static ClockEvidence cpuEvidence() {
        return CPU_NONE;
    }

    /** The fork's kernel pass, on its first GPU window when one was asked for; else null. */
    public KernelTrace kernels() {
        return kernels;
    }

    /** The fork's device's peaks, on its first GPU window; else null. */
    public DevicePeaks peaks() {
        return peaks;
    }

    /** The iteration's energy windows (option {@code energy}); null when energy was not asked for. */
    public EnergySamples energy() {
        return energy;
    }

    /** Sets the iteration's energy windows, once, before the window is sent; returns this window. */
    public WindowSamples withEnergy(EnergySamples e) {
        if (energy != null) {
            throw new IllegalStateException("energy set twice for fork " + fork + ", iteration " + iteration);
        }
        this.energy = Objects.requireNonNull(e, "energy");
        return this;
    }

    /**
     * Sets the fork's board, once, on its first GPU window; returns this window.
     *
     * @param b the board the fork's device is on
     * @return this window
     */
    public WindowSamples withBoard(dev.sns.model.BoardIdentity b) {
        TreeMap<String, String> m = new TreeMap<>(b.asMap());
        b.missing().forEach((k, why) -> m.put("missing:" + k, why));
        this.board = m;
        return this;
    }

    /** The fork's board, on the first window of a fork that used its GPU; else null. */
    public dev.sns.model.BoardIdentity board() {
        if (board == null) {
            return null;
        }
        Map<String, String> fields = new TreeMap<>();
        Map<String, String> missing = new TreeMap<>();
        board.forEach((k, v) -> {
            if (k.startsWith("missing:")) {
                missing.put(k.substring("missing:".length()), v);
            } else {
                fields.put(k, v);
            }
        });
        return dev.sns.model.BoardIdentity.fromMaps(fields, missing);
    }

    /** The environment the fork measured in, on the first window of a fork that used its GPU; else null. */
    public Map<String, String> fingerprint() {
        return fingerprint;
    }
}
