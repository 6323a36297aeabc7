package dev.sns.options;

import dev.sns.clocks.ClockPolicies;
import dev.sns.clocks.ClockPolicy;
import dev.sns.model.EnergyVerdict;
import dev.sns.model.Precision;
import dev.sns.model.SpeedupReading;
import dev.sns.model.VerdictThresholds;
import dev.sns.stats.BootstrapSettings;
import dev.sns.timing.EnergyCool;
import dev.sns.timing.EventStream;
import dev.sns.timing.LaunchMode;
import dev.sns.timing.SamplingPlan;
import dev.sns.timing.TimerKind;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * How to measure: immutable, built with {@link #builder()}. Each option has one key, used alike by
 * the builder's setter, by {@link Builder#set(String, String)}, by {@code -prof sns:key=value} and
 * by {@code @GpuTiming}; {@link TimingOptions} lists them with their accepted values and meaning,
 * and {@link #describe()} shows them. Every setter checks its value and names it when it is wrong.
 * The defaults suit a kernel of microseconds to milliseconds.
 *
 * <p>Long by design: each option is a field, an accessor and a checking setter here, next to one
 * row in {@link TimingOptions}; splitting the class would put one option in three places.
 */
public final class SnsOptions {
    /**
     * Most calls per sample: a million calls of the shortest kernels already make a sample of
     * milliseconds; more would make one sample outlast a measurement (and a graph of them, memory).
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static final int MAX_INNER_REPS = 1 << 20;
    /** Longest sample automatic inner reps may aim for: a minute (a sample must fit in an iteration). */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static final double MAX_TARGET_MS = 60_000;
    /** Longest warm-up or sampling time floor: an hour (past that a run looks hung, and is watched as one). */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static final double MAX_PHASE_MS = 3_600_000;
    /**
     * The cap on adaptive sampling's GPU time by default: 10 s of samples, twenty times NVBench's
     * default minimum time (0.5 s), a hundred times what the fixed count of 100 samples of ~1 ms takes.
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
    public static final double DEFAULT_MAX_SAMPLING_MS = 10_000;
    /** Most warm-up calls: the sampling loop's own cap on warm-up work (16 per possible sample). */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static final int MAX_WARMUP_CALLS = SamplingPlan.MAX_SAMPLES * 16;
    /** Shortest telemetry period: 0.1 ms (an NVML read takes 1.5-4 us; faster sampling only loads the host). */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static final double MIN_TELEMETRY_MS = 0.1;
    /** Largest L2 flush buffer: 1 TiB, far past any device's memory (the device's own limit fails later). */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static final long MAX_FLUSH_BYTES = 1L << 40;
    /** Most calls of a kernel pass: each runs alone and synchronized, so more only lengthen the pass. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static final int MAX_KERNEL_CALLS = 100_000;
    /** Most counter updates per energy window: 600 (a minute on an H200, whose counter moves every ~100 ms). */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static final int MAX_ENERGY_UPDATES = 600;
    /** Most energy windows per side: each lasts updates x ~100 ms, so 1000 is already long. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static final int MAX_ENERGY_WINDOWS = 1000;
    /**
     * Counter updates per energy window by default. On the H200 (issue 16's note) windows of 5 updates
     * (~0.5 s) held their spread between windows near the counter's own; fewer make the edges (a read
     * every few ms) a larger share of a window, more only lengthen the run: more windows, not longer
     * ones, make the interval narrower.
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static final int DEFAULT_ENERGY_UPDATES = 5;

    /** Most streams a call's windows take in turn. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static final int MAX_STREAMS = 16;

    private static final SnsOptions DEFAULTS = new Builder().build();

    private final String name;
    private final int warmup;
    private final double minWarmupMs;
    private final int iterations;
    private final double minSamplingMs;
    private final int windows;
    private final int innerReps;
    private final double targetMs;
    private final int maxInnerReps;
    private final boolean flushL2;
    private final long flushBytes;
    private final String clocks;
    private final ClockPolicy customClocks;
    private final String smi;
    private final DeviceSelection devices;
    private final TimerKind timer;
    private final LaunchMode launch;
    private final EventStream eventStream;
    private final boolean launchOverhead;
    private final Boolean interleave;
    private final double flopsPerCall;
    private final double bytesPerCall;
    private final BootstrapSettings bootstrap;
    private final VerdictThresholds thresholds;
    private final double telemetryMs;
    private final SpeedupReading verdictOn;
    private final boolean kernels;
    private final int kernelCalls;
    private final Precision precision;
    private final double repeatSdPct;
    private final double halfWidthPct;
    private final double maxSamplingMs;
    private final int streams;
    private final boolean energy;
    private final int energyUpdates;
    private final int energyWindows;
    private final boolean energyIdle;
    private final EnergyCool energyCool;
    private final double energyMargin;

    private SnsOptions(Builder b) {
        this.name = b.name;
        this.warmup = b.warmup;
        this.minWarmupMs = b.minWarmupMs;
        this.iterations = b.iterations;
        this.minSamplingMs = b.minSamplingMs;
        this.windows = b.windows;
        this.innerReps = b.innerReps;
        this.targetMs = b.targetMs;
        this.maxInnerReps = b.maxInnerReps;
        this.flushL2 = b.flushL2;
        this.flushBytes = b.flushBytes;
        this.clocks = b.clocks;
        this.customClocks = b.customClocks;
        this.smi = b.smi;
        this.devices = b.devices;
        this.timer = b.timer;
        this.launch = b.launch;
        this.eventStream = b.eventStream;
        this.launchOverhead = b.launchOverhead;
        this.interleave = b.interleave;
        this.flopsPerCall = b.flopsPerCall;
        this.bytesPerCall = b.bytesPerCall;
        this.bootstrap = new BootstrapSettings(b.confidence, b.resamples, b.seed);
        this.thresholds = new VerdictThresholds(b.faster, b.slower);
        this.telemetryMs = b.telemetryMs;
        this.verdictOn = b.verdictOn;
        this.kernels = b.kernels;
        this.kernelCalls = b.kernelCalls;
        this.precision = b.precision;
        this.repeatSdPct = b.repeatSdPct;
        this.halfWidthPct = b.halfWidthPct;
        this.maxSamplingMs = b.maxSamplingMs;
        this.streams = b.streams;
        this.energy = b.energy;
        this.energyUpdates = b.energyUpdates;
        this.energyWindows = b.energyWindows;
        this.energyIdle = b.energyIdle;
        this.energyCool = b.energyCool;
        this.energyMargin = b.energyMargin;
        if (windows > iterations) {
            throw new IllegalArgumentException("windows (" + windows + ") > iterations (" + iterations
                    + "): every window needs at least one sample; lower windows or raise iterations");
        }
        if (!Double.isNaN(halfWidthPct) && maxSamplingMs < minSamplingMs) {
            throw new IllegalArgumentException("maxSamplingMs (" + maxSamplingMs + ") < minSamplingMs (" + minSamplingMs
                    + "): the cap on adaptive sampling must allow the floor; raise maxSamplingMs or lower minSamplingMs");
        }
    }

    /** {@return the options sns uses unless told otherwise} The defaults suit a kernel of microseconds to milliseconds. */
    public static SnsOptions defaults() {
        return DEFAULTS;
    }

    /** {@return a builder starting from the defaults} */
    public static Builder builder() {
        return new Builder();
    }

    /** {@return a builder starting from these options} */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** {@return the measurement's name} Not an option: a label for results and messages; "" by default. */
    public String name() { return name; }
    /** {@return the calls of the work before sampling (option {@code warmup})} After one discarded prime call; 10 by default. */
    public int warmup() { return warmup; }
    /** {@return how long warming up lasts at least, in milliseconds (option {@code minWarmupMs})} 10 by default. */
    public double minWarmupMs() { return minWarmupMs; }
    /** {@return the samples to take at least (option {@code iterations})} 100 by default. */
    public int iterations() { return iterations; }
    /**
     * {@return how long sampling lasts at least, in milliseconds (option {@code minSamplingMs})} Sampling
     * goes on, whole windows at a time, until the samples add up to this; 0 (no floor) by default.
     */
    public double minSamplingMs() { return minSamplingMs; }
    /** {@return the windows the samples are split into (option {@code windows})} The interval resamples them; 10 by default. */
    public int windows() { return windows; }
    /** {@return the fixed calls per sample (option {@code innerReps})} 0 for automatic, the default. */
    public int innerReps() { return innerReps; }
    /** {@return whether the calls per sample are calibrated} So each sample lasts about {@link #targetMs()}; the default. */
    public boolean autoInnerReps() { return innerReps == 0; }
    /** {@return the sample length automatic inner reps aim for, in milliseconds (option {@code targetMs})} 1 by default. */
    public double targetMs() { return targetMs; }
    /** {@return the most calls automatic inner reps put in one sample (option {@code maxInnerReps})} 2^20 by default. */
    public int maxInnerReps() { return maxInnerReps; }
    /** {@return whether a buffer of twice the L2 is overwritten before every sample (option {@code flushL2})} Off by default. */
    public boolean flushL2() { return flushL2; }
    /** {@return the flush buffer's size in bytes (option {@code flushBytes})} 0, the default, means twice the device's L2. */
    public long flushBytes() { return flushBytes; }
    /** {@return the nvidia-smi executable clock policies run (option {@code smi})} "" for the first on PATH, the default. */
    public String smi() { return smi; }
    /** {@return the GPUs to measure on (option {@code devices})} {@code all}, CUDA indices, or UUID prefixes; the first GPU by default. */
    public DeviceSelection devices() { return devices; }
    /** {@return the timer (option {@code timer})} AUTO by default: CUDA events on a GPU, else the wall clock, loudly. */
    public TimerKind timer() { return timer; }
    /** {@return how launches are kept out of the events (option {@code launch})} BLOCKING by default. */
    public LaunchMode launch() { return launch; }
    /** {@return where the GPU timer records its events (option {@code eventStream})} TIMED by default. */
    public EventStream eventStream() { return eventStream; }
    /**
     * {@return whether an empty kernel is also timed (option {@code launchOverhead})} To report the
     * launch overhead and the net time; on by default.
     */
    public boolean launchOverhead() { return launchOverhead; }
    /**
     * Whether to interleave the workloads' samples in rounds.
     *
     * @param orDefault the caller's default (compare: true; measureMany: false)
     * @return the option {@code interleave} when set, else {@code orDefault}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public boolean interleave(boolean orDefault) { return interleave == null ? orDefault : interleave; }
    /** {@return the declared floating-point operations per call (option {@code flopsPerCall})} NaN, the default, when not declared. */
    public double flopsPerCall() { return flopsPerCall; }
    /** {@return the declared bytes moved per call (option {@code bytesPerCall})} Read plus written; NaN, the default, when not declared. */
    public double bytesPerCall() { return bytesPerCall; }
    /** {@return the bootstrap settings of every interval} The options {@code confidence}, {@code resamples} and {@code seed}. */
    public BootstrapSettings bootstrap() { return bootstrap; }
    /** {@return the verdict thresholds} The options {@code faster} and {@code slower}. */
    public VerdictThresholds thresholds() { return thresholds; }
    /** {@return how often telemetry samples the clocks during a window, in milliseconds (option {@code telemetryMs})} 2 by default. */
    public double telemetryMs() { return telemetryMs; }
    /** {@return which speedup a comparison's verdict reads (option {@code verdictOn})} Raw, the default, or net of the launch overhead. */
    public SpeedupReading verdictOn() { return verdictOn; }
    /** {@return whether each benchmark gets a kernel pass (option {@code kernels})} CUPTI kernel records, apart from the samples; off by default. */
    public boolean kernels() { return kernels; }
    /** {@return the calls the kernel pass records (option {@code kernelCalls})} 50 by default. */
    public int kernelCalls() { return kernelCalls; }
    /**
     * {@return the precision declared flops are done in (option {@code precision})} For the share of the
     * device's peak FLOP/s; FP32 by default.
     */
    public Precision precision() { return precision; }
    /**
     * {@return how much the median of a repeat call varies on this host, in percent of the median (option
     * {@code repeatSdPct})} A standard deviation, from {@code SelfCheck.repeatability}; NaN, the default,
     * when not known.
     */
    public double repeatSdPct() { return repeatSdPct; }
    /**
     * {@return the precision adaptive sampling aims for: the relative half-width of the median's
     * interval, in percent of the median (option {@code halfWidth})} NaN, the default: a fixed count
     * ({@link #iterations()}).
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
    public double halfWidthPct() { return halfWidthPct; }
    /**
     * {@return the most GPU time adaptive sampling spends on samples, in milliseconds (option
     * {@code maxSamplingMs})} 10 000 by default; used only with {@link #halfWidthPct()}.
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
    public double maxSamplingMs() { return maxSamplingMs; }
    /** {@return the streams a call's windows take in turn (option {@code streams})} 0, the default: one per window, at most {@link #MAX_STREAMS}. */
    public int streams() { return streams; }
    /** {@return the streams the windows of a call take in turn} {@link #streams()} resolved against the windows. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public int streamsPerCall() { return streams == 0 ? Math.min(MAX_STREAMS, windows) : streams; }
    /**
     * {@return whether energy windows are taken (option {@code energy})} Off by default: the samples are
     * then exactly as without sns energy.
     */
    public boolean energy() { return energy; }
    /** {@return the counter updates each energy window spans at least (option {@code energyUpdates})} 5 by default. */
    public int energyUpdates() { return energyUpdates; }
    /**
     * {@return the energy windows per workload (option {@code energyWindows})} The Java API only: under
     * JMH every measurement iteration gives its own. 10 by default.
     */
    public int energyWindows() { return energyWindows; }
    /** {@return whether idle power is measured before the work (option {@code energyIdle})} For the reading above idle; on by default. */
    public boolean energyIdle() { return energyIdle; }
    /** {@return what to wait for, GPU idle, before each side's energy windows (option {@code energyCool})} NONE by default. */
    public EnergyCool energyCool() { return energyCool; }
    /**
     * {@return an energy ratio's verdict margin (option {@code energyMargin})} LESS_ENERGY above
     * 1 + margin, MORE_ENERGY below 1 / (1 + margin); 0.05 by default.
     */
    public double energyMargin() { return energyMargin; }

    /**
     * The clock policy for one device. A policy given as an object is returned as it is; nvidia-smi is
     * looked for only when a policy needs it. Each call makes a new policy: its restore follows its own
     * apply.
     *
     * @param smiDevice the device as {@code nvidia-smi -i} takes it: its UUID or PCI bus id (NVML
     *     numbers devices differently from CUDA, so an index is right only where the orders agree)
     * @return the policy of the option {@code clocks}, or the one given to {@link Builder#clocks(ClockPolicy)}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public ClockPolicy clocks(String smiDevice) {
        return customClocks != null ? customClocks : ClockPolicies.parse(clocks, smi, smiDevice);
    }

    /**
     * {@return the clock policy as option text} For example "unlocked" or "lock:1500"; a policy given as
     * an object describes itself. Never looks for nvidia-smi.
     */
    public String clocksSpec() {
        return customClocks != null ? customClocks.describe() : clocks;
    }

    String interleaveText() {
        return interleave == null ? "default" : interleave.toString();
    }

    /** {@return the sampling loop's view of these options} Times in nanoseconds, as the loop counts them. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public SamplingPlan samplingPlan() {
        return new SamplingPlan(warmup, minWarmupMs * 1e6, iterations, minSamplingMs * 1e6, windows,
                innerReps, targetMs * 1e6, maxInnerReps);
    }

    /** {@return every option as text, keyed and ordered as {@link TimingOptions#ALL}} For reports and logs. */
    public Map<String, String> describe() {
        Map<String, String> m = new LinkedHashMap<>();
        for (TimingOption<?> o : TimingOptions.ALL) {
            m.put(o.key(), o.show(this));
        }
        return m;
    }

    @Override
    public String toString() {
        return "SnsOptions" + describe();
    }

    /** Builds {@link SnsOptions}; each setter validates at once. */
    public static final class Builder {
        private String name = "";
        private int warmup = 10;
        private double minWarmupMs = 10;
        private int iterations = 100;
        private double minSamplingMs = 0;
        private int windows = 10;
        private int innerReps = 0;
        private double targetMs = 1.0;
        private int maxInnerReps = 1 << 20;
        private boolean flushL2 = false;
        private long flushBytes = 0;
        private String clocks = "unlocked";
        private ClockPolicy customClocks;
        private String smi = "";
        private DeviceSelection devices = DeviceSelection.first();
        private TimerKind timer = TimerKind.AUTO;
        private LaunchMode launch = LaunchMode.BLOCKING;
        private EventStream eventStream = EventStream.TIMED;
        private boolean launchOverhead = true;
        private Boolean interleave = null;
        private double flopsPerCall = Double.NaN;
        private double bytesPerCall = Double.NaN;
        private double confidence = BootstrapSettings.DEFAULT_CONFIDENCE;
        private int resamples = BootstrapSettings.DEFAULT_RESAMPLES;
        private long seed = BootstrapSettings.DEFAULT_SEED;
        private double faster = VerdictThresholds.DEFAULT_FASTER;
        private double slower = VerdictThresholds.DEFAULT_SLOWER;
        private double telemetryMs = 2.0;
        private SpeedupReading verdictOn = SpeedupReading.RAW;
        private boolean kernels = false;
        private int kernelCalls = 50;
        private Precision precision = Precision.FP32;
        private double repeatSdPct = Double.NaN;
        private double halfWidthPct = Double.NaN;
        private double maxSamplingMs = DEFAULT_MAX_SAMPLING_MS;
        private int streams = 0;
        private boolean energy = false;
        private int energyUpdates = DEFAULT_ENERGY_UPDATES;
        private int energyWindows = 10;
        private boolean energyIdle = true;
        private EnergyCool energyCool = EnergyCool.NONE;
        private double energyMargin = EnergyVerdict.DEFAULT_MARGIN;

        private Builder() {}

        private Builder(SnsOptions o) {
            name = o.name;
            warmup = o.warmup;
            minWarmupMs = o.minWarmupMs;
            iterations = o.iterations;
            minSamplingMs = o.minSamplingMs;
            windows = o.windows;
            innerReps = o.innerReps;
            targetMs = o.targetMs;
            maxInnerReps = o.maxInnerReps;
            flushL2 = o.flushL2;
            flushBytes = o.flushBytes;
            clocks = o.clocks;
            customClocks = o.customClocks;
            smi = o.smi;
            devices = o.devices;
            timer = o.timer;
            launch = o.launch;
            eventStream = o.eventStream;
            launchOverhead = o.launchOverhead;
            interleave = o.interleave;
            flopsPerCall = o.flopsPerCall;
            bytesPerCall = o.bytesPerCall;
            confidence = o.bootstrap.confidence();
            resamples = o.bootstrap.resamples();
            seed = o.bootstrap.seed();
            faster = o.thresholds.fasterLowerBound();
            slower = o.thresholds.slowerUpperBound();
            telemetryMs = o.telemetryMs;
            verdictOn = o.verdictOn;
            kernels = o.kernels;
            kernelCalls = o.kernelCalls;
            precision = o.precision;
            repeatSdPct = o.repeatSdPct;
            halfWidthPct = o.halfWidthPct;
            maxSamplingMs = o.maxSamplingMs;
            streams = o.streams;
            energy = o.energy;
            energyUpdates = o.energyUpdates;
            energyWindows = o.energyWindows;
            energyIdle = o.energyIdle;
            energyCool = o.energyCool;
            energyMargin = o.energyMargin;
        }

        /**
         * Sets an option from its text form, as {@code -prof sns:key=value} writes it (see
         * {@link TimingOptions}).
         *
         * @param key the option's key
         * @param value its value as text
         * @return this builder
         * @throws IllegalArgumentException for an unknown key or a bad value, naming it and what is accepted
         */
        public Builder set(String key, String value) {
            TimingOption<?> option = TimingOptions.find(key);
            try {
                option.apply(this, value);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("sns option " + key + "=" + value + " is invalid: " + e.getMessage()
                        + " (accepted: " + option.values() + ")", e);
            }
            return this;
        }

        /**
         * Names the measurement: a label for results and messages, not an option.
         *
         * @param v the name, not null
         * @return this builder
         */
        public Builder name(String v) {
            this.name = Objects.requireNonNull(v, "name");
            return this;
        }

        /**
         * Sets the calls of the work before sampling, after one discarded prime call.
         *
         * @param calls at least 0, at most {@value #MAX_WARMUP_CALLS}
         * @return this builder
         * @throws IllegalArgumentException if out of range
         */
        public Builder warmup(int calls) {
            if (calls < 0 || calls > MAX_WARMUP_CALLS) {
                throw new IllegalArgumentException("warmup must be between 0 and " + MAX_WARMUP_CALLS + " calls, got "
                        + calls);
            }
            this.warmup = calls;
            return this;
        }

        /**
         * Keeps warming up until the warm-up work took this long.
         *
         * @param ms milliseconds, from 0 to an hour
         * @return this builder
         * @throws IllegalArgumentException if out of range or NaN
         */
        public Builder minWarmupMs(double ms) {
            this.minWarmupMs = bounded(ms, "minWarmupMs", MAX_PHASE_MS);
            return this;
        }

        /**
         * Sets the samples to take at least.
         *
         * @param n at least {@value SamplingPlan#MIN_ITERATIONS} (fewer cannot support a 95% interval), at
         *     most what the sampling loop takes
         * @return this builder
         * @throws IllegalArgumentException if out of range
         */
        public Builder iterations(int n) {
            if (n < SamplingPlan.MIN_ITERATIONS) {
                throw new IllegalArgumentException("iterations must be at least " + SamplingPlan.MIN_ITERATIONS
                        + ", got " + n + " (fewer samples cannot support a 95% interval)");
            }
            if (n > SamplingPlan.MAX_SAMPLES) {
                throw new IllegalArgumentException("iterations must be at most " + SamplingPlan.MAX_SAMPLES + ", got " + n
                        + " (the sampling loop stops there; use longer samples instead)");
            }
            this.iterations = n;
            return this;
        }

        /**
         * Keeps sampling, whole windows at a time, until the samples add up to this long.
         *
         * @param ms milliseconds, from 0 (no floor) to an hour
         * @return this builder
         * @throws IllegalArgumentException if out of range or NaN
         */
        public Builder minSamplingMs(double ms) {
            this.minSamplingMs = bounded(ms, "minSamplingMs", MAX_PHASE_MS);
            return this;
        }

        /**
         * Sets the windows the samples are split into; the interval resamples them. At most the
         * iterations, which {@link #build()} checks.
         *
         * @param n at least 1 (1 disables the windowed interval)
         * @return this builder
         * @throws IllegalArgumentException if below 1
         */
        public Builder windows(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("windows must be at least 1, got " + n);
            }
            this.windows = n;
            return this;
        }

        /**
         * Sets a fixed number of calls per sample.
         *
         * @param n from 1 to {@value #MAX_INNER_REPS}
         * @return this builder
         * @throws IllegalArgumentException if out of range
         */
        public Builder innerReps(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("innerReps must be at least 1, got " + n
                        + "; use autoInnerReps() (innerReps=auto) to calibrate");
            }
            if (n > MAX_INNER_REPS) {
                throw new IllegalArgumentException("innerReps must be at most " + MAX_INNER_REPS + ", got " + n
                        + " (one sample would outlast a measurement; give each call more work instead)");
            }
            this.innerReps = n;
            return this;
        }

        /**
         * Calibrates the calls per sample so each sample lasts about {@link #targetMs(double)} (the default).
         *
         * @return this builder
         */
        public Builder autoInnerReps() {
            this.innerReps = 0;
            return this;
        }

        /**
         * Sets the sample length automatic inner reps aim for.
         *
         * @param ms milliseconds, positive, at most a minute
         * @return this builder
         * @throws IllegalArgumentException if out of range or NaN
         */
        public Builder targetMs(double ms) {
            if (!(ms > 0) || !(ms <= MAX_TARGET_MS)) {
                throw new IllegalArgumentException("targetMs must be positive and at most " + (long) MAX_TARGET_MS
                        + " (a minute per sample), got " + ms + " ms");
            }
            this.targetMs = ms;
            return this;
        }

        /**
         * Sets the most calls automatic inner reps put in one sample.
         *
         * @param n from 1 to {@value #MAX_INNER_REPS}
         * @return this builder
         * @throws IllegalArgumentException if out of range
         */
        public Builder maxInnerReps(int n) {
            if (n < 1 || n > MAX_INNER_REPS) {
                throw new IllegalArgumentException("maxInnerReps must be between 1 and " + MAX_INNER_REPS + ", got " + n);
            }
            this.maxInnerReps = n;
            return this;
        }

        /**
         * Overwrites a buffer of twice the L2 before every sample, so each sample starts with a cold L2.
         *
         * @param v true to flush
         * @return this builder
         */
        public Builder flushL2(boolean v) {
            this.flushL2 = v;
            return this;
        }

        /**
         * Sets the flush buffer's size. Implies nothing unless {@link #flushL2(boolean)} is on.
         *
         * @param bytes from 0 (twice the device's L2) to 1 TiB
         * @return this builder
         * @throws IllegalArgumentException if out of range
         */
        public Builder flushBytes(long bytes) {
            if (bytes < 0 || bytes > MAX_FLUSH_BYTES) {
                throw new IllegalArgumentException("flushBytes must be between 0 (twice the L2) and " + MAX_FLUSH_BYTES
                        + ", got " + bytes);
            }
            this.flushBytes = bytes;
            return this;
        }

        /**
         * Sets the clock policy by name, applied around the measurement (JMH: each fork).
         *
         * @param spec {@code unlocked}, {@code max} or {@code lock:SM[,MEM][,power=W]} (MHz, watts);
         *     locking needs privileges
         * @return this builder
         * @throws IllegalArgumentException if the spec is malformed, saying what is accepted
         */
        public Builder clocks(String spec) {
            ClockPolicies.validate(spec);
            this.clocks = spec.trim();
            this.customClocks = null;
            return this;
        }

        /**
         * Sets a clock policy of your own (or one made with {@link ClockPolicies}), used as it is.
         *
         * @param policy the policy, not null
         * @return this builder
         */
        public Builder clocks(ClockPolicy policy) {
            this.customClocks = Objects.requireNonNull(policy, "clocks");
            return this;
        }

        /**
         * Sets the nvidia-smi executable clock policies run.
         *
         * @param path its path, or "" for the first on PATH
         * @return this builder
         */
        public Builder smi(String path) {
            this.smi = Objects.requireNonNull(path, "smi").trim();
            return this;
        }

        /**
         * Sets the GPUs to measure on.
         *
         * @param selection {@code all}, CUDA indices ({@code 0,1}) or UUID prefixes
         * @return this builder
         */
        public Builder devices(DeviceSelection selection) {
            this.devices = Objects.requireNonNull(selection, "devices");
            return this;
        }

        /**
         * Sets the GPUs to measure on, as the option {@code devices} writes them.
         *
         * @param spec {@code all}, CUDA indices ({@code 0,1}) or UUID prefixes ({@code GPU-5f2c})
         * @return this builder
         * @throws IllegalArgumentException if the spec is malformed ({@link DeviceSelection#parse(String)})
         */
        public Builder devices(String spec) {
            return devices(DeviceSelection.parse(spec));
        }

        /**
         * Sets one GPU by CUDA index: {@code devices(String.valueOf(index))}.
         *
         * @param index the CUDA index, at least 0
         * @return this builder
         * @throws IllegalArgumentException if {@code index} is negative
         */
        public Builder device(int index) {
            return devices(DeviceSelection.index(index));
        }

        /**
         * Sets the timer.
         *
         * @param v CUDA events, the wall clock, or AUTO (events on a GPU, else the wall clock, loudly)
         * @return this builder
         */
        public Builder timer(TimerKind v) {
            this.timer = Objects.requireNonNull(v, "timer");
            return this;
        }

        /**
         * Sets how launches are kept out of the events.
         *
         * @param v the launch mode
         * @return this builder
         */
        public Builder launch(LaunchMode v) {
            this.launch = Objects.requireNonNull(v, "launch");
            return this;
        }

        /**
         * Sets where the GPU timer records its events.
         *
         * @param v {@link EventStream#TIMED} (the default), or {@link EventStream#LEGACY}, which orders
         *     with every blocking stream, for libraries that launch on streams of their own
         * @return this builder
         */
        public Builder eventStream(EventStream v) {
            this.eventStream = Objects.requireNonNull(v, "eventStream");
            return this;
        }

        /**
         * Also times an empty kernel launched the same way, and reports the launch overhead and the
         * time net of it (GPU timer only; on by default, about a third more measuring time).
         *
         * @param v true to time the empty kernel
         * @return this builder
         */
        public Builder launchOverhead(boolean v) {
            this.launchOverhead = v;
            return this;
        }

        /**
         * Takes the workloads' samples in rounds, one sample of each per round.
         *
         * @param v true or false; null for the caller's default (compare: on; measureMany: off)
         * @return this builder
         */
        public Builder interleave(Boolean v) {
            this.interleave = v;
            return this;
        }

        /**
         * Declares the floating-point operations per call, for a TFLOP/s column and the share of peak.
         *
         * @param v positive and finite, or NaN: not declared
         * @return this builder
         * @throws IllegalArgumentException if neither
         */
        public Builder flopsPerCall(double v) {
            this.flopsPerCall = Double.isNaN(v) ? v : positive(v, "flopsPerCall");
            return this;
        }

        /**
         * Declares the bytes moved per call (read plus written), for a GB/s column and the share of peak.
         *
         * @param v positive and finite, or NaN: not declared
         * @return this builder
         * @throws IllegalArgumentException if neither
         */
        public Builder bytesPerCall(double v) {
            this.bytesPerCall = Double.isNaN(v) ? v : positive(v, "bytesPerCall");
            return this;
        }

        /**
         * Sets the two-sided confidence level of every interval.
         *
         * @param v in (0, 1): 0.95 (the default) for 95%
         * @return this builder
         * @throws IllegalArgumentException if outside (0, 1)
         */
        public Builder confidence(double v) {
            new BootstrapSettings(v, resamples, seed);
            this.confidence = v;
            return this;
        }

        /**
         * Sets the bootstrap resamples of every interval.
         *
         * @param v from {@value BootstrapSettings#MIN_RESAMPLES} to {@value BootstrapSettings#MAX_RESAMPLES}
         * @return this builder
         * @throws IllegalArgumentException if out of range
         */
        public Builder resamples(int v) {
            new BootstrapSettings(confidence, v, seed);
            this.resamples = v;
            return this;
        }

        /**
         * Sets the seed of every resampling and round order: the same samples always give the same interval.
         *
         * @param v any long
         * @return this builder
         */
        public Builder seed(long v) {
            this.seed = v;
            return this;
        }

        /**
         * Sets the FASTER threshold: a speedup interval's lower bound must be above it.
         *
         * @param v at least 1 and finite (1.2, the default: at least a 20% speedup)
         * @return this builder
         * @throws IllegalArgumentException if out of range
         */
        public Builder faster(double v) {
            new VerdictThresholds(v, slower);
            this.faster = v;
            return this;
        }

        /**
         * Sets the SLOWER threshold: a speedup interval's upper bound must be below it.
         *
         * @param v in (0, 1] (0.95, the default: at least a 5% slowdown)
         * @return this builder
         * @throws IllegalArgumentException if out of range
         */
        public Builder slower(double v) {
            new VerdictThresholds(faster, v);
            this.slower = v;
            return this;
        }

        /**
         * Sets how often telemetry samples the clocks during a window.
         *
         * @param ms milliseconds, from {@value #MIN_TELEMETRY_MS} to a minute
         * @return this builder
         * @throws IllegalArgumentException if out of range or NaN
         */
        public Builder telemetryMs(double ms) {
            if (!(ms >= MIN_TELEMETRY_MS) || !(ms <= MAX_TARGET_MS)) {
                throw new IllegalArgumentException("telemetryMs must be between " + MIN_TELEMETRY_MS + " and "
                        + (long) MAX_TARGET_MS + " ms, got " + ms);
            }
            this.telemetryMs = ms;
            return this;
        }

        /**
         * Which speedup a comparison's verdict reads: {@link SpeedupReading#RAW} (the default: what a
         * caller pays per call) or {@link SpeedupReading#NET} (net of each side's launch overhead: the
         * kernels' own cost). Both are always reported; the comparison says which one it read.
         *
         * @param v the reading
         * @return this builder
         */
        public Builder verdictOn(SpeedupReading v) {
            this.verdictOn = Objects.requireNonNull(v, "verdictOn");
            return this;
        }

        /**
         * A kernel pass per benchmark: after the samples (JMH: before the fork's first sample), the
         * work's calls are run with CUPTI's kernel records on, for a table of the kernels one call
         * launches. Off by default; never mixed into the samples, because recording slows launches.
         *
         * @param v true for a kernel pass
         * @return this builder
         */
        public Builder kernels(boolean v) {
            this.kernels = v;
            return this;
        }

        /**
         * Sets the calls the kernel pass records, each alone and synchronized.
         *
         * @param n from 1 to {@value #MAX_KERNEL_CALLS}
         * @return this builder
         * @throws IllegalArgumentException if out of range
         */
        public Builder kernelCalls(int n) {
            if (n < 1 || n > MAX_KERNEL_CALLS) {
                throw new IllegalArgumentException("kernelCalls must be between 1 and " + MAX_KERNEL_CALLS + ", got " + n);
            }
            this.kernelCalls = n;
            return this;
        }

        /**
         * Sets the precision declared flops are done in: which peak FLOP/s their share is read against.
         *
         * @param v the precision
         * @return this builder
         */
        public Builder precision(Precision v) {
            this.precision = Objects.requireNonNull(v, "precision");
            return this;
        }

        /**
         * This host's repeatability: how much the median of a repeat call varies, in percent of the
         * median (a standard deviation), as {@code SelfCheck.repeatability} measured it. Results then
         * carry, beside their own interval (which covers the call's own median), the interval a
         * repeat call falls in. NaN: not known (the default).
         *
         * @param pct from 0 to 100 percent of the median, or NaN
         * @return this builder
         * @throws IllegalArgumentException if out of range
         */
        public Builder repeatSdPct(double pct) {
            if (!Double.isNaN(pct) && !(pct >= 0 && pct <= 100)) {
                throw new IllegalArgumentException("repeatSdPct must be between 0 and 100 (percent of the median), or "
                        + "none, got " + pct);
            }
            this.repeatSdPct = pct;
            return this;
        }

        /**
         * Adaptive sampling: instead of a fixed count, sample whole windows until the interval of the
         * median is at most this wide on each side, in percent of the median, and stable (the rule of
         * {@code dev.sns.analysis.PrecisionRule}), or until the samples' GPU time reaches
         * {@link #maxSamplingMs(double)}. The interval judged is the one the result reports. Adaptive
         * sampling takes windows of two samples each (on sixteen streams with the default {@code streams}),
         * at least sixteen of them, whatever {@code iterations} and {@code windows} say. NaN (the option's
         * {@code none}, the default): a fixed count.
         *
         * @param pct above 0 and at most 50 percent of the median, or NaN
         * @return this builder
         * @throws IllegalArgumentException if out of range
         */
        @API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
        public Builder halfWidthPct(double pct) {
            if (!Double.isNaN(pct) && !(pct > 0 && pct <= 50)) {
                throw new IllegalArgumentException("halfWidth must be above 0% and at most 50% of the median (e.g. "
                        + "halfWidth=0.5%), or none for a fixed count, got " + pct + "%");
            }
            this.halfWidthPct = pct;
            return this;
        }

        /**
         * The cap on adaptive sampling: the samples' GPU time (their timed regions summed) at which it
         * stops whether or not {@link #halfWidthPct(double)} was reached; the result then says so.
         *
         * @param ms above 0, at most an hour
         * @return this builder
         * @throws IllegalArgumentException if out of range or NaN
         */
        @API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
        public Builder maxSamplingMs(double ms) {
            if (!(ms > 0)) {
                throw new IllegalArgumentException("maxSamplingMs must be above 0 ms (e.g. maxSamplingMs=10000 for 10 s "
                        + "of samples), got " + ms);
            }
            this.maxSamplingMs = bounded(ms, "maxSamplingMs", MAX_PHASE_MS);
            return this;
        }

        /**
         * How many streams a call's windows take in turn (GPU timer; window w runs on stream w mod n,
         * each made when first needed). Back to back, a stream keeps a launch-cost level of its own,
         * which a repeat call, on new streams, does not share: windows on several streams put that
         * variation into the interval. 0 (the default): one stream per window, at most
         * {@value #MAX_STREAMS}; 1: every window on one stream (for work that keeps the first stream
         * it is given, e.g. a library handle bound to it once).
         *
         * @param n from 0 to {@value #MAX_STREAMS}
         * @return this builder
         * @throws IllegalArgumentException if out of range
         */
        public Builder streams(int n) {
            if (n < 0 || n > MAX_STREAMS) {
                throw new IllegalArgumentException("streams must be between 0 (one per window) and " + MAX_STREAMS
                        + ", got " + n);
            }
            this.streams = n;
            return this;
        }

        /**
         * Energy windows (off by default): after the samples (JMH: inside the measurement iterations),
         * the work runs in windows of whole energy-counter updates, for joules per call and watts
         * with intervals; idle power before the work gives the reading above idle. Where the counter
         * cannot be read, one line says so and the timing goes on without energy.
         *
         * @param v true for energy windows
         * @return this builder
         */
        public Builder energy(boolean v) {
            this.energy = v;
            return this;
        }

        /**
         * Sets the counter updates each energy window spans at least (about 100 ms each on an H200).
         *
         * @param n from 1 to {@value #MAX_ENERGY_UPDATES}
         * @return this builder
         * @throws IllegalArgumentException if out of range
         */
        public Builder energyUpdates(int n) {
            if (n < 1 || n > MAX_ENERGY_UPDATES) {
                throw new IllegalArgumentException("energyUpdates must be between 1 and " + MAX_ENERGY_UPDATES + ", got " + n);
            }
            this.energyUpdates = n;
            return this;
        }

        /**
         * Sets the energy windows per workload (the Java API; under JMH each measurement iteration gives its own).
         *
         * @param n from 2 (an interval needs two) to {@value #MAX_ENERGY_WINDOWS}
         * @return this builder
         * @throws IllegalArgumentException if out of range
         */
        public Builder energyWindows(int n) {
            if (n < 2 || n > MAX_ENERGY_WINDOWS) {
                throw new IllegalArgumentException("energyWindows must be between 2 and " + MAX_ENERGY_WINDOWS + ", got "
                        + n + " (an interval needs at least 2)");
            }
            this.energyWindows = n;
            return this;
        }

        /**
         * Measures idle power before the work (about a second), for the reading above idle.
         *
         * @param v true to measure it (the default)
         * @return this builder
         */
        public Builder energyIdle(boolean v) {
            this.energyIdle = v;
            return this;
        }

        /**
         * Sets what to wait for, GPU idle, before each side's energy windows.
         *
         * @param v none, a time, or a temperature to cool to
         * @return this builder
         */
        public Builder energyCool(EnergyCool v) {
            this.energyCool = Objects.requireNonNull(v, "energyCool");
            return this;
        }

        /**
         * Sets the energy verdict's margin.
         *
         * @param v in (0, 1]: 0.05 asks the whole interval to show a 5% difference
         * @return this builder
         * @throws IllegalArgumentException if out of range
         */
        public Builder energyMargin(double v) {
            this.energyMargin = EnergyVerdict.checkMargin(v);
            return this;
        }

        /**
         * Checks the options together.
         *
         * @return the options
         * @throws IllegalArgumentException if there are more windows than iterations
         */
        public SnsOptions build() {
            return new SnsOptions(this);
        }

        private static double bounded(double v, String what, double max) {
            if (!(v >= 0) || !(v <= max)) {
                throw new IllegalArgumentException(what + " must be between 0 and " + (long) max + " ms, got " + v);
            }
            return v;
        }

        private static double positive(double v, String what) {
            if (!(v > 0) || !Double.isFinite(v)) {
                throw new IllegalArgumentException(what + " must be positive and finite, got " + v);
            }
            return v;
        }
    }
}
