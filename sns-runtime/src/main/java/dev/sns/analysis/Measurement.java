package dev.sns.analysis;

import dev.sns.model.ClockEvidence;
import dev.sns.model.DevicePeaks;
import dev.sns.timing.EnergyWindow;
import dev.sns.timing.KernelTrace;
import dev.sns.timing.SampleSet;
import dev.sns.timing.StopRule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * What one benchmark (or one side of a comparison) measured, as it was taken: per-call samples in
 * windows, windows in forks, each window with its clock evidence, and what the analysis needs to
 * know about the timer and the work. No statistic is computed here; {@link Analysis} turns this into
 * a {@code TimingResult}.
 *
 * <p>Windows are numbered 0, 1, ... in the order they were added, which is the order they were taken
 * in; their numbers are unique across forks. Built by the engine from its sample sets, and by the
 * JMH host from the windows its forks sent.
 *
 * <p>Long because its builder is the one way both callers describe what they took; the accessors the
 * analysis reads are package-private.
 */
public final class Measurement {
    /** What a result's tier rests on. */
    public enum TierBasis {
        /** The windows' clock and throttle evidence (GPU work, or wall-clock work with no evidence: tier B). */
        CLOCKS,
        /**
         * How much the windows' medians disagree: for work timed by JMH's own iteration scores, where
         * no clock is watched.
         */
        ITERATION_SPREAD
    }

    /** The kernel pass of one fork (see {@code KernelPass}): the kernels each recorded call launched. */
    public record Kernels(int fork, KernelTrace trace) {
        public Kernels {
            Objects.requireNonNull(trace, "trace");
        }
    }

    /**
     * Samples of an empty kernel taken in one fork, timed like the work: in a phase of their own
     * ({@code LaunchOverheadProbe}), or in the rounds of an interleaved comparison ({@code inRounds}:
     * sample i of the overhead is from round i, beside sample i of the work, in the same window).
     */
    public record Overhead(int fork, SampleSet samples, double stepNanosPerCall, boolean inRounds) {
        public Overhead {
            Objects.requireNonNull(samples, "samples");
        }

        /** Samples taken in a phase of their own. */
        public Overhead(int fork, SampleSet samples, double stepNanosPerCall) {
            this(fork, samples, stepNanosPerCall, false);
        }
    }

    /**
     * Energy windows of one fork (or one part of a fork: JMH sends them iteration by iteration), each
     * with the clock evidence of the time it was taken in, and the idle windows measured before the
     * work (empty when not measured, or sent with an earlier part).
     *
     * @param evidence one per window, or empty when there is none
     * @param notes what happened around the windows (cool-downs), in words
     */
    public record Energy(int fork, List<EnergyWindow> windows, List<ClockEvidence> evidence, List<EnergyWindow> idle,
                         List<String> notes) {
        public Energy {
            windows = List.copyOf(windows);
            evidence = List.copyOf(evidence);
            idle = List.copyOf(idle);
            notes = List.copyOf(notes);
            if (!evidence.isEmpty() && evidence.size() != windows.size()) {
                throw new IllegalArgumentException(windows.size() + " energy windows but evidence of " + evidence.size());
            }
        }
    }

    private final String name;
    private final double[] perCallNanos;
    private final int[] forkIds;
    private final int[] windowIds;
    private final List<ClockEvidence> windows;
    private final int innerReps;
    private final long warmupCalls;
    private final double firstCallNanos;
    private final String timer;
    private final double stepNanosPerCall;
    private final List<Overhead> overheads;
    private final double flopsPerCall;
    private final double bytesPerCall;
    private final TierBasis tierBasis;
    private final boolean fromForks;
    private final List<Kernels> kernels;
    private final DevicePeaks peaks;
    private final double repeatSdFraction;
    private final List<Energy> energy;
    private final String energyUnavailable;
    private final boolean energyRequested;
    private final StopRule.Reason stop;
    private final double precisionTargetFraction;

    private Measurement(Builder b) {
        this.name = b.name;
        this.perCallNanos = Arrays.copyOf(b.values, b.n);
        this.forkIds = Arrays.copyOf(b.forks, b.n);
        this.windowIds = Arrays.copyOf(b.windowOf, b.n);
        this.windows = List.copyOf(b.evidence);
        this.innerReps = b.innerReps;
        this.warmupCalls = b.warmupCalls;
        this.firstCallNanos = b.firstCallNanos;
        this.timer = b.timer;
        this.stepNanosPerCall = b.stepNanosPerCall;
        this.overheads = List.copyOf(b.overheads);
        this.flopsPerCall = b.flopsPerCall;
        this.bytesPerCall = b.bytesPerCall;
        this.tierBasis = b.tierBasis;
        this.fromForks = b.fromForks;
        this.kernels = List.copyOf(b.kernels);
        this.peaks = b.peaks;
        this.repeatSdFraction = b.repeatSdFraction;
        this.energy = List.copyOf(b.energy);
        this.energyUnavailable = b.energyUnavailable;
        this.energyRequested = b.energyRequested || !b.energy.isEmpty() || !b.energyUnavailable.isEmpty();
        this.stop = b.stop;
        this.precisionTargetFraction = b.precisionTargetFraction;
        if (windows.isEmpty() || perCallNanos.length == 0) {
            throw new IllegalArgumentException("no samples to analyse for '" + name + "'");
        }
    }

    /** A measurement named {@code name}; add its windows in the order they were taken. */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    /**
     * One fork's samples as a sampling loop returned them, window {@code k} of {@code samples} with
     * the evidence {@code windows.get(k)}.
     */
    public static Builder of(String name, SampleSet samples, List<ClockEvidence> windows) {
        if (samples.windowCount() != windows.size()) {
            throw new IllegalArgumentException(samples.windowCount() + " windows of samples but evidence of "
                    + windows.size());
        }
        Builder b = builder(name).innerReps(samples.innerReps()).warmupCalls(samples.warmupCalls())
                .firstCallNanos(samples.firstCallNanos()).stop(samples.stop());
        double[] x = samples.perCallNanos();
        int[] w = samples.windowIds();
        int from = 0;
        for (int k = 0; k < windows.size(); k++) {
            int to = from;
            while (to < x.length && w[to] == k) {
                to++;
            }
            b.window(0, Arrays.copyOfRange(x, from, to), windows.get(k));
            from = to;
        }
        return b;
    }

    public String name() {
        return name;
    }

    /** Per-call samples in nanoseconds, in time order (a copy). */
    public double[] perCallNanos() {
        return perCallNanos.clone();
    }

    double[] samples() {
        return perCallNanos;
    }

    int[] forkIds() {
        return forkIds;
    }

    int[] windowIds() {
        return windowIds;
    }

    /** The evidence of each window, by window number. */
    public List<ClockEvidence> windows() {
        return windows;
    }

    public int size() {
        return perCallNanos.length;
    }

    /** The fork of each sample, in time order (a copy). */
    public int[] forkOfEachSample() {
        return forkIds.clone();
    }

    /** Distinct forks. */
    public int forkCount() {
        return (int) Arrays.stream(forkIds).distinct().count();
    }

    StopRule.Reason stop() {
        return stop;
    }

    double precisionTargetFraction() {
        return precisionTargetFraction;
    }

    int innerReps() {
        return innerReps;
    }

    long warmupCalls() {
        return warmupCalls;
    }

    double firstCallNanos() {
        return firstCallNanos;
    }

    String timer() {
        return timer;
    }

    double stepNanosPerCall() {
        return stepNanosPerCall;
    }

    List<Overhead> overheads() {
        return overheads;
    }

    double flopsPerCall() {
        return flopsPerCall;
    }

    double bytesPerCall() {
        return bytesPerCall;
    }

    TierBasis tierBasis() {
        return tierBasis;
    }

    /** The kernel passes, one per fork that took one (empty: no pass asked for). */
    List<Kernels> kernels() {
        return kernels;
    }

    /** The device's peaks, or null when not known. */
    DevicePeaks peaks() {
        return peaks;
    }

    /** The energy windows, by fork part (empty: none taken). */
    List<Energy> energy() {
        return energy;
    }

    /** Why energy was asked for and not measured ("" when it was, or was not asked for). */
    String energyUnavailable() {
        return energyUnavailable;
    }

    /** Whether energy was asked for (its result is then present, measured or saying why not). */
    boolean energyRequested() {
        return energyRequested;
    }

    /** Whether the samples came from forked JVMs (JMH), so that forks are a level even when there is one. */
    boolean fromForks() {
        return fromForks;
    }

    /** The host's repeat standard deviation as a fraction of the median; NaN when not known. */
    double repeatSdFraction() {
        return repeatSdFraction;
    }

    /** Collects windows and what is known about them. */
    public static final class Builder {
        private final String name;
        private double[] values = new double[256];
        private int[] forks = new int[256];
        private int[] windowOf = new int[256];
        private int n;
        private final List<ClockEvidence> evidence = new ArrayList<>();
        private int innerReps = 1;
        private long warmupCalls;
        private double firstCallNanos = Double.NaN;
        private String timer = "";
        private double stepNanosPerCall;
        private final List<Overhead> overheads = new ArrayList<>();
        private double flopsPerCall = Double.NaN;
        private double bytesPerCall = Double.NaN;
        private TierBasis tierBasis = TierBasis.CLOCKS;
        private boolean fromForks;
        private final List<Kernels> kernels = new ArrayList<>();
        private DevicePeaks peaks;
        private double repeatSdFraction = Double.NaN;
        private final List<Energy> energy = new ArrayList<>();
        private String energyUnavailable = "";
        private boolean energyRequested;
        private StopRule.Reason stop = StopRule.Reason.COUNT;
        private double precisionTargetFraction = Double.NaN;

        private Builder(String name) {
            this.name = Objects.requireNonNull(name, "name");
        }

        /** The next window: its fork, its per-call samples in time order, and what the clocks did meanwhile. */
        public Builder window(int fork, double[] perCallNanos, ClockEvidence clocks) {
            Objects.requireNonNull(clocks, "clocks");
            int window = evidence.size();
            evidence.add(clocks);
            if (n + perCallNanos.length > values.length) {
                int cap = Math.max(values.length * 2, n + perCallNanos.length);
                values = Arrays.copyOf(values, cap);
                forks = Arrays.copyOf(forks, cap);
                windowOf = Arrays.copyOf(windowOf, cap);
            }
            for (double v : perCallNanos) {
                values[n] = v;
                forks[n] = fork;
                windowOf[n] = window;
                n++;
            }
            return this;
        }

        /** Calls of the work per sample (the fewest, where forks calibrated differently). */
        public Builder innerReps(int reps) {
            if (reps < 1) {
                throw new IllegalArgumentException("inner reps must be at least 1, got " + reps);
            }
            this.innerReps = reps;
            return this;
        }

        public Builder warmupCalls(long calls) {
            this.warmupCalls = calls;
            return this;
        }

        /** Why sampling stopped (a fixed count unless said). */
        public Builder stop(StopRule.Reason reason) {
            this.stop = Objects.requireNonNull(reason, "reason");
            return this;
        }

        /** The precision adaptive sampling aimed for, a fraction of the median (NaN: a fixed count). */
        public Builder precisionTarget(double fraction) {
            this.precisionTargetFraction = fraction;
            return this;
        }

        /** The host's wall time of the work's first call, synchronized (NaN: not measured). */
        public Builder firstCallNanos(double nanos) {
            this.firstCallNanos = nanos;
            return this;
        }

        /**
         * The timer in words and its quantization step per call in nanoseconds (the coarsest, where
         * forks differ): the interval is never narrower than one step.
         */
        public Builder timer(String description, double stepNanosPerCall) {
            if (!(stepNanosPerCall >= 0) || !Double.isFinite(stepNanosPerCall)) {
                throw new IllegalArgumentException("timer step must be finite and non-negative, got " + stepNanosPerCall);
            }
            this.timer = Objects.requireNonNull(description, "timer");
            this.stepNanosPerCall = stepNanosPerCall;
            return this;
        }

        /** The launch overhead samples of one fork. */
        public Builder overhead(Overhead o) {
            overheads.add(Objects.requireNonNull(o, "overhead"));
            return this;
        }

        /** Declared floating-point operations and bytes per call (NaN: not declared). */
        public Builder work(double flops, double bytes) {
            this.flopsPerCall = flops;
            this.bytesPerCall = bytes;
            return this;
        }

        /** The kernel pass of one fork. */
        public Builder kernels(Kernels k) {
            kernels.add(Objects.requireNonNull(k, "kernels"));
            return this;
        }

        /** The peaks of the device the samples were taken on (null: not known). */
        public Builder peaks(DevicePeaks p) {
            this.peaks = p;
            return this;
        }

        /** Energy windows of one fork (or part of one). */
        public Builder energy(Energy e) {
            energy.add(Objects.requireNonNull(e, "energy"));
            return this;
        }

        /**
         * Energy was asked for; {@code unavailable} says why it could not be measured ("" when it was:
         * then its windows come through {@link #energy}). A reason given once is kept.
         */
        public Builder energyRequested(String unavailable) {
            this.energyRequested = true;
            if (this.energyUnavailable.isEmpty()) {
                this.energyUnavailable = Objects.requireNonNull(unavailable, "unavailable");
            }
            return this;
        }

        public Builder tierBasis(TierBasis basis) {
            this.tierBasis = Objects.requireNonNull(basis, "tierBasis");
            return this;
        }

        /**
         * The samples came from separate JVMs (JMH forks): a comparison of two such measurements keeps
         * the fork level in its resampling even with one fork per side, and never rests on fewer than
         * two clusters (one fork per side with one window each gets the two-cluster widening).
         */
        public Builder fromForks() {
            this.fromForks = true;
            return this;
        }

        /**
         * How much the median of a repeat measurement varies on this host (a standard deviation as a
         * fraction of the median, from the self-check; NaN: not known): the result then carries the
         * interval a repeat would fall in beside its own.
         */
        public Builder repeatSd(double fraction) {
            if (!Double.isNaN(fraction) && !(fraction >= 0 && Double.isFinite(fraction))) {
                throw new IllegalArgumentException("repeat sd must be a non-negative fraction (or NaN), got " + fraction);
            }
            this.repeatSdFraction = fraction;
            return this;
        }

        public Measurement build() {
            return new Measurement(this);
        }
    }
}
