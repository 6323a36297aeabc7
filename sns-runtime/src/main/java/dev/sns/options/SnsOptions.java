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
    }

    public static SnsOptions defaults() {
        return DEFAULTS;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these options. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** The measurement's name (not an option: a label for results and messages). */
    public String name() { return name; }
    public int warmup() { return warmup; }
    public double minWarmupMs() { return minWarmupMs; }
    public int iterations() { return iterations; }
    public double minSamplingMs() { return minSamplingMs; }
    public int windows() { return windows; }
    /** Fixed calls per sample, or 0 for automatic. */
    public int innerReps() { return innerReps; }
    public boolean autoInnerReps() { return innerReps == 0; }
    /** The sample length automatic inner reps aim for, in milliseconds. */
    public double targetMs() { return targetMs; }
    public int maxInnerReps() { return maxInnerReps; }
    public boolean flushL2() { return flushL2; }
    /** Flush buffer size in bytes; 0 means twice the device's L2. */
    public long flushBytes() { return flushBytes; }
    /** The nvidia-smi executable for clock policies; "" for the first on PATH. */
    public String smi() { return smi; }
    /** The GPUs to measure on (option {@code devices}): {@code all}, CUDA indices, or UUID prefixes. */
    public DeviceSelection devices() { return devices; }
    public TimerKind timer() { return timer; }
    public LaunchMode launch() { return launch; }
    /** Where the GPU timer records its events. */
    public EventStream eventStream() { return eventStream; }
    /** Whether an empty kernel is also timed, to report the launch overhead and the net time. */
    public boolean launchOverhead() { return launchOverhead; }
    /** Whether to interleave, or {@code orDefault} when not set. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public boolean interleave(boolean orDefault) { return interleave == null ? orDefault : interleave; }
    public double flopsPerCall() { return flopsPerCall; }
    public double bytesPerCall() { return bytesPerCall; }
    /** Confidence, resamples and seed (the options confidence, resamples, seed). */
    public BootstrapSettings bootstrap() { return bootstrap; }
    /** The verdict thresholds (the options faster, slower). */
    public VerdictThresholds thresholds() { return thresholds; }
    /** How often telemetry samples the clocks during a window, in milliseconds. */
    public double telemetryMs() { return telemetryMs; }
    /** Which speedup a comparison's verdict reads: raw (the default) or net of the launch overhead. */
    public SpeedupReading verdictOn() { return verdictOn; }
    /** Whether each benchmark gets a kernel pass (CUPTI kernel records, apart from the samples). */
    public boolean kernels() { return kernels; }
    /** Calls the kernel pass records. */
    public int kernelCalls() { return kernelCalls; }
    /** The precision declared flops are done in, for the share of the device's peak FLOP/s. */
    public Precision precision() { return precision; }
    /**
     * How much the median of a repeat call varies on this host, in percent of the median (a standard
     * deviation, from {@code SelfCheck.repeatability}); NaN when not known.
     */
    public double repeatSdPct() { return repeatSdPct; }
    /** Streams the windows take in turn; 0: one per window, at most {@link #MAX_STREAMS}. */
    public int streams() { return streams; }
    /** The streams the windows of a call take in turn: {@link #streams()} resolved against the windows. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public int streamsPerCall() { return streams == 0 ? Math.min(MAX_STREAMS, windows) : streams; }
    /** Whether energy windows are taken (off by default: the samples are then exactly as without sns energy). */
    public boolean energy() { return energy; }
    /** Counter updates each energy window spans at least. */
    public int energyUpdates() { return energyUpdates; }
    /** Energy windows per workload (the Java API; under JMH every measurement iteration gives its own). */
    public int energyWindows() { return energyWindows; }
    /** Whether idle power is measured before the work, for the reading above idle. */
    public boolean energyIdle() { return energyIdle; }
    /** What to wait for, GPU idle, before each side's energy windows. */
    public EnergyCool energyCool() { return energyCool; }
    /** An energy ratio's verdict margin: LESS_ENERGY above 1 + margin, MORE_ENERGY below 1 / (1 + margin). */
    public double energyMargin() { return energyMargin; }

    /**
     * The clock policy for one device, named as {@code nvidia-smi -i} takes it: its UUID or PCI bus id
     * (NVML numbers devices differently from CUDA, so an index is right only where the orders agree).
     * A policy given as an object is returned as it is; nvidia-smi is looked for only when a policy
     * needs it. Each call makes a new policy: its restore follows its own apply.
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public ClockPolicy clocks(String smiDevice) {
        return customClocks != null ? customClocks : ClockPolicies.parse(clocks, smi, smiDevice);
    }

    /** The clock policy as option text, e.g. "unlocked" or "lock:1500" (never looks for nvidia-smi). */
    public String clocksSpec() {
        return customClocks != null ? customClocks.describe() : clocks;
    }

    String interleaveText() {
        return interleave == null ? "default" : interleave.toString();
    }

    /** The sampling loop's view of these options. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public SamplingPlan samplingPlan() {
        return new SamplingPlan(warmup, minWarmupMs * 1e6, iterations, minSamplingMs * 1e6, windows,
                innerReps, targetMs * 1e6, maxInnerReps);
    }

    /** Every option as text, keyed and ordered as {@link TimingOptions#ALL} (for reports and logs). */
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
            streams = o.streams;
            energy = o.energy;
            energyUpdates = o.energyUpdates;
            energyWindows = o.energyWindows;
            energyIdle = o.energyIdle;
            energyCool = o.energyCool;
            energyMargin = o.energyMargin;
        }

        /**
         * Sets the option {@code key} from its text form, as {@code -prof sns:key=value} writes it
         * (see {@link TimingOptions}); a bad key or value is an error naming it and what is accepted.
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

        public Builder name(String v) {
            this.name = Objects.requireNonNull(v, "name");
            return this;
        }

        /** Calls before sampling, at least 0. */
        public Builder warmup(int calls) {
            if (calls < 0 || calls > MAX_WARMUP_CALLS) {
                throw new IllegalArgumentException("warmup must be between 0 and " + MAX_WARMUP_CALLS + " calls, got "
                        + calls);
            }
            this.warmup = calls;
            return this;
        }

        public Builder minWarmupMs(double ms) {
            this.minWarmupMs = bounded(ms, "minWarmupMs", MAX_PHASE_MS);
            return this;
        }

        /** Samples to take, at least {@value SamplingPlan#MIN_ITERATIONS}. */
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

        public Builder minSamplingMs(double ms) {
            this.minSamplingMs = bounded(ms, "minSamplingMs", MAX_PHASE_MS);
            return this;
        }

        /** Windows the samples are split into (1 disables the windowed interval). */
        public Builder windows(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("windows must be at least 1, got " + n);
            }
            this.windows = n;
            return this;
        }

        /** A fixed number of calls per sample. */
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

        /** Calibrate calls per sample so each sample lasts about {@link #targetMs(double)}. */
        public Builder autoInnerReps() {
            this.innerReps = 0;
            return this;
        }

        /** The sample length automatic inner reps aim for, in milliseconds. */
        public Builder targetMs(double ms) {
            if (!(ms > 0) || !(ms <= MAX_TARGET_MS)) {
                throw new IllegalArgumentException("targetMs must be positive and at most " + (long) MAX_TARGET_MS
                        + " (a minute per sample), got " + ms + " ms");
            }
            this.targetMs = ms;
            return this;
        }

        public Builder maxInnerReps(int n) {
            if (n < 1 || n > MAX_INNER_REPS) {
                throw new IllegalArgumentException("maxInnerReps must be between 1 and " + MAX_INNER_REPS + ", got " + n);
            }
            this.maxInnerReps = n;
            return this;
        }

        public Builder flushL2(boolean v) {
            this.flushL2 = v;
            return this;
        }

        /** Flush buffer size (0: twice the L2). Implies nothing unless flushL2 is on. */
        public Builder flushBytes(long bytes) {
            if (bytes < 0 || bytes > MAX_FLUSH_BYTES) {
                throw new IllegalArgumentException("flushBytes must be between 0 (twice the L2) and " + MAX_FLUSH_BYTES
                        + ", got " + bytes);
            }
            this.flushBytes = bytes;
            return this;
        }

        /** The clock policy by name: {@code unlocked}, {@code max} or {@code lock:SM[,MEM][,power=W]}. */
        public Builder clocks(String spec) {
            ClockPolicies.validate(spec);
            this.clocks = spec.trim();
            this.customClocks = null;
            return this;
        }

        /** A clock policy of your own (or one made with {@link ClockPolicies}), used as it is. */
        public Builder clocks(ClockPolicy policy) {
            this.customClocks = Objects.requireNonNull(policy, "clocks");
            return this;
        }

        /** The nvidia-smi executable clock policies run ("" for the first on PATH). */
        public Builder smi(String path) {
            this.smi = Objects.requireNonNull(path, "smi").trim();
            return this;
        }

        /** The GPUs to measure on: {@code all}, CUDA indices ({@code 0,1}) or UUID prefixes. */
        public Builder devices(DeviceSelection selection) {
            this.devices = Objects.requireNonNull(selection, "devices");
            return this;
        }

        /** The GPUs to measure on, as the option {@code devices} writes them. */
        public Builder devices(String spec) {
            return devices(DeviceSelection.parse(spec));
        }

        /** One GPU by CUDA index: {@code devices(String.valueOf(index))}. */
        public Builder device(int index) {
            return devices(DeviceSelection.index(index));
        }

        public Builder timer(TimerKind v) {
            this.timer = Objects.requireNonNull(v, "timer");
            return this;
        }

        public Builder launch(LaunchMode v) {
            this.launch = Objects.requireNonNull(v, "launch");
            return this;
        }

        /**
         * Where the GPU timer records its events: {@link EventStream#LEGACY} orders with every
         * blocking stream, for libraries that launch on streams of their own.
         */
        public Builder eventStream(EventStream v) {
            this.eventStream = Objects.requireNonNull(v, "eventStream");
            return this;
        }

        /**
         * Also time an empty kernel launched the same way, and report the launch overhead and the
         * time net of it (GPU timer only; on by default, about a third more measuring time).
         */
        public Builder launchOverhead(boolean v) {
            this.launchOverhead = v;
            return this;
        }

        /** Interleave rounds (compare: on by default; measureMany: off by default); null: the default. */
        public Builder interleave(Boolean v) {
            this.interleave = v;
            return this;
        }

        /** Floating-point operations per call, for a TFLOP/s column (NaN: not declared). */
        public Builder flopsPerCall(double v) {
            this.flopsPerCall = Double.isNaN(v) ? v : positive(v, "flopsPerCall");
            return this;
        }

        /** Bytes moved per call (read plus written), for a GB/s column (NaN: not declared). */
        public Builder bytesPerCall(double v) {
            this.bytesPerCall = Double.isNaN(v) ? v : positive(v, "bytesPerCall");
            return this;
        }

        /** Two-sided confidence level of every interval, in (0, 1). */
        public Builder confidence(double v) {
            new BootstrapSettings(v, resamples, seed);
            this.confidence = v;
            return this;
        }

        /** Bootstrap resamples, at least {@value BootstrapSettings#MIN_RESAMPLES}. */
        public Builder resamples(int v) {
            new BootstrapSettings(confidence, v, seed);
            this.resamples = v;
            return this;
        }

        /** The seed of every resampling and round order: the same samples always give the same interval. */
        public Builder seed(long v) {
            this.seed = v;
            return this;
        }

        /** FASTER when a speedup interval's lower bound is above this (at least 1). */
        public Builder faster(double v) {
            new VerdictThresholds(v, slower);
            this.faster = v;
            return this;
        }

        /** SLOWER when a speedup interval's upper bound is below this (in (0, 1]). */
        public Builder slower(double v) {
            new VerdictThresholds(faster, v);
            this.slower = v;
            return this;
        }

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
         */
        public Builder verdictOn(SpeedupReading v) {
            this.verdictOn = Objects.requireNonNull(v, "verdictOn");
            return this;
        }

        /**
         * A kernel pass per benchmark: after the samples (JMH: before the fork's first sample), the
         * work's calls are run with CUPTI's kernel records on, for a table of the kernels one call
         * launches. Off by default; never mixed into the samples, because recording slows launches.
         */
        public Builder kernels(boolean v) {
            this.kernels = v;
            return this;
        }

        /** Calls the kernel pass records, each alone and synchronized (1 to {@value #MAX_KERNEL_CALLS}). */
        public Builder kernelCalls(int n) {
            if (n < 1 || n > MAX_KERNEL_CALLS) {
                throw new IllegalArgumentException("kernelCalls must be between 1 and " + MAX_KERNEL_CALLS + ", got " + n);
            }
            this.kernelCalls = n;
            return this;
        }

        /** The precision declared flops are done in: which peak FLOP/s their share is read against. */
        public Builder precision(Precision v) {
            this.precision = Objects.requireNonNull(v, "precision");
            return this;
        }

        /**
         * This host's repeatability: how much the median of a repeat call varies, in percent of the
         * median (a standard deviation), as {@code SelfCheck.repeatability} measured it. Results then
         * carry, beside their own interval (which covers the call's own median), the interval a
         * repeat call falls in. NaN: not known (the default).
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
         * How many streams a call's windows take in turn (GPU timer; window w runs on stream w mod n,
         * each made when first needed). Back to back, a stream keeps a launch-cost level of its own,
         * which a repeat call, on new streams, does not share: windows on several streams put that
         * variation into the interval. 0 (the default): one stream per window, at most
         * {@value #MAX_STREAMS}; 1: every window on one stream (for work that keeps the first stream
         * it is given, e.g. a library handle bound to it once).
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
         */
        public Builder energy(boolean v) {
            this.energy = v;
            return this;
        }

        /** Counter updates each energy window spans at least (1 to {@value #MAX_ENERGY_UPDATES}). */
        public Builder energyUpdates(int n) {
            if (n < 1 || n > MAX_ENERGY_UPDATES) {
                throw new IllegalArgumentException("energyUpdates must be between 1 and " + MAX_ENERGY_UPDATES + ", got " + n);
            }
            this.energyUpdates = n;
            return this;
        }

        /** Energy windows per workload, at least 2 for an interval (to {@value #MAX_ENERGY_WINDOWS}). */
        public Builder energyWindows(int n) {
            if (n < 2 || n > MAX_ENERGY_WINDOWS) {
                throw new IllegalArgumentException("energyWindows must be between 2 and " + MAX_ENERGY_WINDOWS + ", got "
                        + n + " (an interval needs at least 2)");
            }
            this.energyWindows = n;
            return this;
        }

        /** Whether idle power is measured before the work (about a second), for the reading above idle. */
        public Builder energyIdle(boolean v) {
            this.energyIdle = v;
            return this;
        }

        /** What to wait for, GPU idle, before each side's energy windows: none, a time, or a temperature band. */
        public Builder energyCool(EnergyCool v) {
            this.energyCool = Objects.requireNonNull(v, "energyCool");
            return this;
        }

        /** The energy verdict's margin, in (0, 1]: 0.05 asks the whole interval to show a 5% difference. */
        public Builder energyMargin(double v) {
            this.energyMargin = EnergyVerdict.checkMargin(v);
            return this;
        }

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
