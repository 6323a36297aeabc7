package dev.sns;

import dev.sns.clocks.ClockPolicy;
import dev.sns.clocks.UnlockedClockPolicy;
import dev.sns.model.VerdictThresholds;
import dev.sns.stats.BootstrapSettings;
import dev.sns.timing.LaunchMode;
import dev.sns.timing.SamplingPlan;
import dev.sns.timing.TimerKind;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * How to measure: immutable, built with {@link #builder()}. Every setter checks its value and names
 * it when it is wrong. The defaults suit a kernel of microseconds to milliseconds.
 *
 * <table>
 *   <caption>Options and defaults</caption>
 *   <tr><th>option</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>warmup</td><td>200</td><td>calls before sampling (after one discarded prime call)</td></tr>
 *   <tr><td>minWarmupMillis</td><td>0</td><td>keep warming up until the work took this long</td></tr>
 *   <tr><td>iterations</td><td>100</td><td>samples at least (minimum {@value SamplingPlan#MIN_ITERATIONS})</td></tr>
 *   <tr><td>minSamplingMillis</td><td>0</td><td>keep sampling until the samples add up to this long</td></tr>
 *   <tr><td>windows</td><td>10</td><td>windows the samples are split into; the interval resamples them</td></tr>
 *   <tr><td>innerReps</td><td>auto</td><td>calls per sample; auto aims each sample at targetWindowMillis</td></tr>
 *   <tr><td>targetWindowMillis</td><td>1.0</td><td>the sample length automatic inner reps aim for</td></tr>
 *   <tr><td>flushL2</td><td>false</td><td>overwrite a buffer of twice the L2 before each sample</td></tr>
 *   <tr><td>flushBytes</td><td>0 (2 x L2)</td><td>size of that buffer</td></tr>
 *   <tr><td>clockPolicy</td><td>unlocked</td><td>what happens to the clocks around the measurement</td></tr>
 *   <tr><td>device</td><td>0</td><td>GPU index</td></tr>
 *   <tr><td>timer</td><td>auto</td><td>auto, cuda or wall</td></tr>
 *   <tr><td>launch</td><td>blocking</td><td>plain, blocking or graph (GPU timer only)</td></tr>
 *   <tr><td>interleave</td><td>compare: on; measureMany: off</td><td>one sample of each per round</td></tr>
 *   <tr><td>flopsPerCall, bytesPerCall</td><td>not declared</td><td>give TFLOP/s and GB/s columns</td></tr>
 *   <tr><td>bootstrap</td><td>95%, 2000, 0xC0FFEE</td><td>confidence, resamples, seed (also seeds round orders)</td></tr>
 *   <tr><td>thresholds</td><td>1.2 / 0.95</td><td>verdict bounds for comparisons</td></tr>
 *   <tr><td>telemetryPeriodMillis</td><td>2</td><td>how often the clocks are sampled during a window</td></tr>
 *   <tr><td>launchOverhead</td><td>true</td><td>also time an empty kernel launched the same way: the
 *       launch overhead, and the time net of it</td></tr>
 *   <tr><td>legacyStreamEvents</td><td>false</td><td>record events on the legacy default stream (work on
 *       a library's own blocking stream then lies between them)</td></tr>
 * </table>
 */
public final class SnsOptions {
    private final String name;
    private final int warmup;
    private final double minWarmupMillis;
    private final int iterations;
    private final double minSamplingMillis;
    private final int windows;
    private final int innerReps;
    private final double targetWindowMillis;
    private final int maxInnerReps;
    private final boolean flushL2;
    private final long flushBytes;
    private final ClockPolicy clockPolicy;
    private final int device;
    private final TimerKind timer;
    private final LaunchMode launch;
    private final Boolean interleave;
    private final double flopsPerCall;
    private final double bytesPerCall;
    private final BootstrapSettings bootstrap;
    private final VerdictThresholds thresholds;
    private final double telemetryPeriodMillis;
    private final boolean legacyStreamEvents;
    private final boolean launchOverhead;

    private SnsOptions(Builder b) {
        this.name = b.name;
        this.warmup = b.warmup;
        this.minWarmupMillis = b.minWarmupMillis;
        this.iterations = b.iterations;
        this.minSamplingMillis = b.minSamplingMillis;
        this.windows = b.windows;
        this.innerReps = b.innerReps;
        this.targetWindowMillis = b.targetWindowMillis;
        this.maxInnerReps = b.maxInnerReps;
        this.flushL2 = b.flushL2;
        this.flushBytes = b.flushBytes;
        this.clockPolicy = b.clockPolicy;
        this.device = b.device;
        this.timer = b.timer;
        this.launch = b.launch;
        this.interleave = b.interleave;
        this.flopsPerCall = b.flopsPerCall;
        this.bytesPerCall = b.bytesPerCall;
        this.bootstrap = b.bootstrap;
        this.thresholds = b.thresholds;
        this.telemetryPeriodMillis = b.telemetryPeriodMillis;
        this.legacyStreamEvents = b.legacyStreamEvents;
        this.launchOverhead = b.launchOverhead;
        if (windows > iterations) {
            throw new IllegalArgumentException("windows (" + windows + ") > iterations (" + iterations
                    + "): every window needs at least one sample; lower windows or raise iterations");
        }
    }

    public static SnsOptions defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these options. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    public String name() { return name; }
    public int warmup() { return warmup; }
    public double minWarmupMillis() { return minWarmupMillis; }
    public int iterations() { return iterations; }
    public double minSamplingMillis() { return minSamplingMillis; }
    public int windows() { return windows; }
    /** Fixed calls per sample, or 0 for automatic. */
    public int innerReps() { return innerReps; }
    public boolean autoInnerReps() { return innerReps == 0; }
    public double targetWindowMillis() { return targetWindowMillis; }
    public int maxInnerReps() { return maxInnerReps; }
    public boolean flushL2() { return flushL2; }
    /** Flush buffer size in bytes; 0 means twice the device's L2. */
    public long flushBytes() { return flushBytes; }
    public ClockPolicy clockPolicy() { return clockPolicy; }
    public int device() { return device; }
    public TimerKind timer() { return timer; }
    public LaunchMode launch() { return launch; }
    /** Whether to interleave, or {@code orDefault} when not set. */
    public boolean interleave(boolean orDefault) { return interleave == null ? orDefault : interleave; }
    public double flopsPerCall() { return flopsPerCall; }
    public double bytesPerCall() { return bytesPerCall; }
    public BootstrapSettings bootstrap() { return bootstrap; }
    public VerdictThresholds thresholds() { return thresholds; }
    public double telemetryPeriodMillis() { return telemetryPeriodMillis; }
    /** Whether events are recorded on the legacy default stream instead of the timed stream. */
    public boolean legacyStreamEvents() { return legacyStreamEvents; }
    /** Whether an empty kernel is also timed, to report the launch overhead and the net time. */
    public boolean launchOverhead() { return launchOverhead; }

    /** The sampling loop's view of these options. */
    public SamplingPlan samplingPlan() {
        return new SamplingPlan(warmup, minWarmupMillis * 1e6, iterations, minSamplingMillis * 1e6, windows,
                innerReps, targetWindowMillis * 1e6, maxInnerReps);
    }

    /** Every option as text, in a fixed order (for reports and logs). */
    public Map<String, String> describe() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("warmup", Integer.toString(warmup));
        m.put("minWarmupMillis", num(minWarmupMillis));
        m.put("iterations", Integer.toString(iterations));
        m.put("minSamplingMillis", num(minSamplingMillis));
        m.put("windows", Integer.toString(windows));
        m.put("innerReps", innerReps == 0 ? "auto" : Integer.toString(innerReps));
        m.put("targetWindowMillis", num(targetWindowMillis));
        m.put("flushL2", Boolean.toString(flushL2));
        m.put("flushBytes", flushBytes == 0 ? "auto" : Long.toString(flushBytes));
        m.put("clocks", clockPolicy.describe());
        m.put("device", Integer.toString(device));
        m.put("timer", timer.toString());
        m.put("launch", launch.toString());
        m.put("interleave", interleave == null ? "default" : interleave.toString());
        m.put("eventStream", legacyStreamEvents ? "legacy" : "timed");
        m.put("launchOverhead", Boolean.toString(launchOverhead));
        m.put("confidence", num(bootstrap.confidence()));
        m.put("resamples", Integer.toString(bootstrap.resamples()));
        m.put("seed", "0x" + Long.toHexString(bootstrap.seed()).toUpperCase(Locale.ROOT));
        m.put("faster", num(thresholds.fasterLowerBound()));
        m.put("slower", num(thresholds.slowerUpperBound()));
        return m;
    }

    private static String num(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    @Override
    public String toString() {
        return "SnsOptions" + describe();
    }

    /** Builds {@link SnsOptions}; each setter validates at once. */
    public static final class Builder {
        private String name = "";
        private int warmup = 200;
        private double minWarmupMillis = 0;
        private int iterations = 100;
        private double minSamplingMillis = 0;
        private int windows = 10;
        private int innerReps = 0;
        private double targetWindowMillis = 1.0;
        private int maxInnerReps = 1 << 20;
        private boolean flushL2 = false;
        private long flushBytes = 0;
        private ClockPolicy clockPolicy = UnlockedClockPolicy.INSTANCE;
        private int device = 0;
        private TimerKind timer = TimerKind.AUTO;
        private LaunchMode launch = LaunchMode.BLOCKING;
        private Boolean interleave = null;
        private double flopsPerCall = Double.NaN;
        private double bytesPerCall = Double.NaN;
        private BootstrapSettings bootstrap = BootstrapSettings.defaults();
        private VerdictThresholds thresholds = VerdictThresholds.defaults();
        private double telemetryPeriodMillis = 2.0;
        private boolean legacyStreamEvents = false;
        private boolean launchOverhead = true;

        private Builder() {}

        private Builder(SnsOptions o) {
            name = o.name;
            warmup = o.warmup;
            minWarmupMillis = o.minWarmupMillis;
            iterations = o.iterations;
            minSamplingMillis = o.minSamplingMillis;
            windows = o.windows;
            innerReps = o.innerReps;
            targetWindowMillis = o.targetWindowMillis;
            maxInnerReps = o.maxInnerReps;
            flushL2 = o.flushL2;
            flushBytes = o.flushBytes;
            clockPolicy = o.clockPolicy;
            device = o.device;
            timer = o.timer;
            launch = o.launch;
            interleave = o.interleave;
            flopsPerCall = o.flopsPerCall;
            bytesPerCall = o.bytesPerCall;
            bootstrap = o.bootstrap;
            thresholds = o.thresholds;
            telemetryPeriodMillis = o.telemetryPeriodMillis;
            legacyStreamEvents = o.legacyStreamEvents;
            launchOverhead = o.launchOverhead;
        }

        public Builder name(String v) {
            this.name = Objects.requireNonNull(v, "name");
            return this;
        }

        /** Calls before sampling, at least 0. */
        public Builder warmup(int calls) {
            if (calls < 0) {
                throw new IllegalArgumentException("warmup must be at least 0 calls, got " + calls);
            }
            this.warmup = calls;
            return this;
        }

        public Builder minWarmupMillis(double ms) {
            this.minWarmupMillis = nonNegative(ms, "minWarmupMillis");
            return this;
        }

        /** Samples to take, at least {@value SamplingPlan#MIN_ITERATIONS}. */
        public Builder iterations(int n) {
            if (n < SamplingPlan.MIN_ITERATIONS) {
                throw new IllegalArgumentException("iterations must be at least " + SamplingPlan.MIN_ITERATIONS
                        + ", got " + n + " (fewer samples cannot support a 95% interval)");
            }
            this.iterations = n;
            return this;
        }

        public Builder minSamplingMillis(double ms) {
            this.minSamplingMillis = nonNegative(ms, "minSamplingMillis");
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
                        + "; use autoInnerReps(targetMillis) to calibrate");
            }
            this.innerReps = n;
            return this;
        }

        /** Calibrate calls per sample so each sample lasts about {@code targetMillis}. */
        public Builder autoInnerReps(double targetMillis) {
            if (!(targetMillis > 0) || !Double.isFinite(targetMillis)) {
                throw new IllegalArgumentException("the target window must be positive, got " + targetMillis + " ms");
            }
            this.innerReps = 0;
            this.targetWindowMillis = targetMillis;
            return this;
        }

        public Builder maxInnerReps(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("maxInnerReps must be at least 1, got " + n);
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
            if (bytes < 0) {
                throw new IllegalArgumentException("flushBytes must be at least 0 (0 = twice the L2), got " + bytes);
            }
            this.flushBytes = bytes;
            return this;
        }

        public Builder clockPolicy(ClockPolicy v) {
            this.clockPolicy = Objects.requireNonNull(v, "clockPolicy");
            return this;
        }

        public Builder device(int index) {
            if (index < 0) {
                throw new IllegalArgumentException("device index must be at least 0, got " + index);
            }
            this.device = index;
            return this;
        }

        public Builder timer(TimerKind v) {
            this.timer = Objects.requireNonNull(v, "timer");
            return this;
        }

        public Builder launch(LaunchMode v) {
            this.launch = Objects.requireNonNull(v, "launch");
            return this;
        }

        /** Interleave rounds (compare: on by default; measureMany: off by default). */
        public Builder interleave(boolean v) {
            this.interleave = v;
            return this;
        }

        /** Floating-point operations per call, for a TFLOP/s column. */
        public Builder flopsPerCall(double v) {
            this.flopsPerCall = positive(v, "flopsPerCall");
            return this;
        }

        /** Bytes moved per call (read plus written), for a GB/s column. */
        public Builder bytesPerCall(double v) {
            this.bytesPerCall = positive(v, "bytesPerCall");
            return this;
        }

        public Builder bootstrap(BootstrapSettings v) {
            this.bootstrap = Objects.requireNonNull(v, "bootstrap");
            return this;
        }

        public Builder confidence(double v) {
            this.bootstrap = bootstrap.withConfidence(v);
            return this;
        }

        public Builder resamples(int v) {
            this.bootstrap = bootstrap.withResamples(v);
            return this;
        }

        public Builder seed(long v) {
            this.bootstrap = bootstrap.withSeed(v);
            return this;
        }

        public Builder thresholds(VerdictThresholds v) {
            this.thresholds = Objects.requireNonNull(v, "thresholds");
            return this;
        }

        public Builder telemetryPeriodMillis(double ms) {
            if (!(ms > 0) || !Double.isFinite(ms)) {
                throw new IllegalArgumentException("telemetryPeriodMillis must be positive, got " + ms);
            }
            this.telemetryPeriodMillis = ms;
            return this;
        }

        /**
         * Record the timing events on the legacy default stream, which orders with every blocking
         * stream: for libraries that launch on streams of their own (off: events on the timed stream).
         */
        public Builder legacyStreamEvents(boolean v) {
            this.legacyStreamEvents = v;
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

        public SnsOptions build() {
            return new SnsOptions(this);
        }

        private static double nonNegative(double v, String what) {
            if (!(v >= 0) || !Double.isFinite(v)) {
                throw new IllegalArgumentException(what + " must be finite and at least 0, got " + v);
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
