package dev.sns.model;

import dev.sns.stats.Interval;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The energy of one benchmark: joules per call and mean board power, each a median over energy
 * windows with its interval (windows are the unit), from the counter's whole updates; idle power
 * measured before the work, and the energy per call above it; the temperature range the windows were
 * taken in, with the windows that started hotter than the steady state; the power sensor's integral
 * against the counter; joules per declared flop and byte. Where energy was asked for but could not be
 * measured (no counter, no NVML, too short iterations), {@link #available()} is false with the
 * reason, and every number is NaN: absent, never zero.
 *
 * <p>The board total ({@link #joulesPerCall()}) is what the device drew while the work ran, idle
 * power included; {@link #aboveIdleJoulesPerCall()} is that less idle power over the same time: what
 * the work added. Build with {@link #builder()}.
 */
public final class EnergyResult {
    /**
     * One window of the power trace, or one idle window.
     *
     * @param fork the fork (0 for one session)
     * @param startSeconds when the window started, from the start of its fork's energy watch
     * @param seconds its length
     * @param joules the counter's energy over it
     * @param calls calls completed in it (0 for an idle window)
     * @param watts mean board power over it
     * @param joulesPerCall energy per call (NaN for an idle window)
     * @param startC temperature at its first update (NaN when not read)
     * @param endC temperature at its last update
     * @param hot whether it started hotter than the steady state
     * @param idle whether it is an idle window
     */
    public record TracePoint(int fork, double startSeconds, double seconds, double joules, long calls, double watts,
                             double joulesPerCall,
                             double startC, double endC, boolean hot, boolean idle) {
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public TracePoint {
        }
}

    private final String unavailable;
    private final double joulesPerCall;
    private final Interval joulesPerCallInterval;
    private final double watts;
    private final Interval wattsInterval;
    private final double idleWatts;
    private final Interval idleWattsInterval;
    private final double aboveIdleJoulesPerCall;
    private final Interval aboveIdleInterval;
    private final int windows;
    private final int forks;
    private final int updatesPerWindow;
    private final double updatePeriodMillis;
    private final long calls;
    private final double seconds;
    private final double temperatureMinC;
    private final double temperatureMaxC;
    private final double steadyTemperatureC;
    private final int hotWindows;
    private final double powerSensorRatio;
    private final double flopsPerCall;
    private final double bytesPerCall;
    private final List<String> throttleReasons;
    private final List<String> notes;
    private final String estimator;
    private final String noInterval;
    private final List<TracePoint> trace;

    private EnergyResult(Builder b) {
        this.unavailable = Objects.requireNonNull(b.unavailable, "unavailable");
        this.joulesPerCall = b.joulesPerCall;
        this.joulesPerCallInterval = b.joulesPerCallInterval;
        this.watts = b.watts;
        this.wattsInterval = b.wattsInterval;
        this.idleWatts = b.idleWatts;
        this.idleWattsInterval = b.idleWattsInterval;
        this.aboveIdleJoulesPerCall = b.aboveIdleJoulesPerCall;
        this.aboveIdleInterval = b.aboveIdleInterval;
        this.windows = b.windows;
        this.forks = b.forks;
        this.updatesPerWindow = b.updatesPerWindow;
        this.updatePeriodMillis = b.updatePeriodMillis;
        this.calls = b.calls;
        this.seconds = b.seconds;
        this.temperatureMinC = b.temperatureMinC;
        this.temperatureMaxC = b.temperatureMaxC;
        this.steadyTemperatureC = b.steadyTemperatureC;
        this.hotWindows = b.hotWindows;
        this.powerSensorRatio = b.powerSensorRatio;
        this.flopsPerCall = b.flopsPerCall;
        this.bytesPerCall = b.bytesPerCall;
        this.throttleReasons = List.copyOf(b.throttleReasons);
        this.notes = List.copyOf(b.notes);
        this.estimator = Objects.requireNonNull(b.estimator, "estimator");
        this.noInterval = Objects.requireNonNull(b.noInterval, "noInterval");
        this.trace = List.copyOf(b.trace);
        if (unavailable.isEmpty()) {
            if (!(joulesPerCall >= 0) || !(watts >= 0)) {
                throw new IllegalArgumentException("a measured energy needs joules per call and watts of at least 0, got "
                        + joulesPerCall + " J, " + watts + " W");
            }
            if (windows < 1) {
                throw new IllegalArgumentException("a measured energy needs at least 1 window, got " + windows);
            }
            if (noInterval.isEmpty() && (joulesPerCallInterval == null || wattsInterval == null)) {
                throw new IllegalArgumentException("an energy with an interval needs one for joules and watts");
            }
        }
    }

    /** Energy asked for and not measured, for this reason (said in one line). */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static EnergyResult unavailable(String reason) {
        return builder().unavailable(reason).build();
    }

    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static Builder builder() {
        return new Builder();
    }

    /** Whether the energy was measured. */
    public boolean available() {
        return unavailable.isEmpty();
    }

    /**
     * Why the energy was not measured.
     *
     * @return the reason, or empty when it was measured
     */
    public Optional<String> whyUnavailable() {
        return unavailable.isEmpty() ? Optional.empty() : Optional.of(unavailable);
    }

    /**
     * Why not ("" when measured).
     *
     * @return the reason, or ""
     * @deprecated an empty string is no answer: use {@link #whyUnavailable()}; this one goes in the next release.
     */
    @Deprecated(since = "0.2.0", forRemoval = true)
    public String unavailableReason() {
        return unavailable;
    }

    /** Median energy per call over the windows, in joules: the board total. NaN when unavailable. */
    public double joulesPerCall() {
        return joulesPerCall;
    }

    /** Its interval; empty without one (one window, or unavailable). */
    public Optional<Interval> joulesPerCallInterval() {
        return Optional.ofNullable(hasInterval() ? joulesPerCallInterval : null);
    }

    /** Median of the windows' mean board power, in watts. */
    public double watts() {
        return watts;
    }

    public Optional<Interval> wattsInterval() {
        return Optional.ofNullable(hasInterval() ? wattsInterval : null);
    }

    /** Idle power measured before the work (GPU idle, same process), watts; NaN when not measured. */
    public double idleWatts() {
        return idleWatts;
    }

    public Optional<Interval> idleWattsInterval() {
        return Optional.ofNullable(idleWattsInterval);
    }

    /** Energy per call above idle power, in joules (each window less idle power over its time); NaN without idle. */
    public double aboveIdleJoulesPerCall() {
        return aboveIdleJoulesPerCall;
    }

    public Optional<Interval> aboveIdleInterval() {
        return Optional.ofNullable(hasInterval() ? aboveIdleInterval : null);
    }

    /** Whether the windows support an interval (at least two); {@link #estimator()} says why not. */
    public boolean hasInterval() {
        return available() && noInterval.isEmpty();
    }

    public int windows() {
        return windows;
    }

    public int forks() {
        return forks;
    }

    /** Fewest counter updates a window spans. */
    public int updatesPerWindow() {
        return updatesPerWindow;
    }

    /** Median time between the counter's updates, in milliseconds. */
    public double updatePeriodMillis() {
        return updatePeriodMillis;
    }

    /** Calls counted in all windows. */
    public long calls() {
        return calls;
    }

    /** Time in all windows, in seconds. */
    public double seconds() {
        return seconds;
    }

    /** Coolest temperature at a window boundary, degrees Celsius; NaN when not read. */
    public double temperatureMinC() {
        return temperatureMinC;
    }

    /** Hottest temperature at a window boundary. */
    public double temperatureMaxC() {
        return temperatureMaxC;
    }

    /** The steady temperature the windows settled at (median of the later windows' end temperatures). */
    public double steadyTemperatureC() {
        return steadyTemperatureC;
    }

    /** Windows that started hotter than the steady temperature by more than the margin (heat from earlier work). */
    public int hotWindows() {
        return hotWindows;
    }

    /**
     * The power sensor's readings integrated over each window against the counter's energy over it:
     * the median ratio (1: they agree); NaN when the sensor was not read.
     */
    public double powerSensorRatio() {
        return powerSensorRatio;
    }

    /** Declared flops per joule, in GFLOP/J at the median energy per call; NaN without declared flops. */
    public double gflopsPerJoule() {
        return flopsPerCall / joulesPerCall / 1e9;
    }

    /** Declared bytes per joule, in GB/J (10^9 bytes); NaN without declared bytes. */
    public double gbPerJoule() {
        return bytesPerCall / joulesPerCall / 1e9;
    }

    /** Hardware throttles seen in the windows (empty: none). */
    public List<String> throttleReasons() {
        return throttleReasons;
    }

    /** Whether a hardware throttle fired in a window (then a pair's energy gets no verdict). */
    public boolean throttled() {
        return !throttleReasons.isEmpty();
    }

    /** What happened around the windows (cool-downs), in words. */
    public List<String> notes() {
        return notes;
    }

    /** How the interval was computed, or why there is none. */
    public String estimator() {
        return estimator;
    }

    /** The windows in time order, fork by fork, the idle windows first. */
    public List<TracePoint> trace() {
        return trace;
    }

    @Override
    public String toString() {
        if (!available()) {
            return "energy: " + unavailable;
        }
        String interval = joulesPerCallInterval().map(i -> String.format(Locale.ROOT, " [%.4g, %.4g]", i.lower(),
                i.upper())).orElse(" (" + estimator + ")");
        String idle = Double.isNaN(idleWatts) ? "" : String.format(Locale.ROOT, ", idle %.1f W, above idle %.4g J/call",
                idleWatts, aboveIdleJoulesPerCall);
        return String.format(Locale.ROOT, "energy %.4g J/call%s, %.1f W%s, %d windows, %.0f-%.0f C", joulesPerCall,
                interval, watts, idle, windows, temperatureMinC, temperatureMaxC);
    }

    /** Collects an energy result; {@link #build()} checks it. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static final class Builder {
        private String unavailable = "";
        private double joulesPerCall = Double.NaN;
        private Interval joulesPerCallInterval;
        private double watts = Double.NaN;
        private Interval wattsInterval;
        private double idleWatts = Double.NaN;
        private Interval idleWattsInterval;
        private double aboveIdleJoulesPerCall = Double.NaN;
        private Interval aboveIdleInterval;
        private int windows;
        private int forks;
        private int updatesPerWindow;
        private double updatePeriodMillis = Double.NaN;
        private long calls;
        private double seconds = Double.NaN;
        private double temperatureMinC = Double.NaN;
        private double temperatureMaxC = Double.NaN;
        private double steadyTemperatureC = Double.NaN;
        private int hotWindows;
        private double powerSensorRatio = Double.NaN;
        private double flopsPerCall = Double.NaN;
        private double bytesPerCall = Double.NaN;
        private List<String> throttleReasons = List.of();
        private List<String> notes = List.of();
        private String estimator = "";
        private String noInterval = "";
        private List<TracePoint> trace = List.of();

        private Builder() {}

        public Builder unavailable(String why) { this.unavailable = why; return this; }
        public Builder joulesPerCall(double median, Interval interval) {
            this.joulesPerCall = median; this.joulesPerCallInterval = interval; return this;
        }
        public Builder watts(double median, Interval interval) { this.watts = median; this.wattsInterval = interval; return this; }
        public Builder idleWatts(double median, Interval interval) {
            this.idleWatts = median; this.idleWattsInterval = interval; return this;
        }
        public Builder aboveIdle(double median, Interval interval) {
            this.aboveIdleJoulesPerCall = median; this.aboveIdleInterval = interval; return this;
        }
        public Builder windows(int n, int forkCount, int updates, double periodMillis) {
            this.windows = n; this.forks = forkCount; this.updatesPerWindow = updates; this.updatePeriodMillis = periodMillis;
            return this;
        }
        public Builder totals(long callCount, double totalSeconds) { this.calls = callCount; this.seconds = totalSeconds; return this; }
        public Builder temperatures(double min, double max, double steady, int hot) {
            this.temperatureMinC = min; this.temperatureMaxC = max; this.steadyTemperatureC = steady; this.hotWindows = hot;
            return this;
        }
        public Builder powerSensorRatio(double v) { this.powerSensorRatio = v; return this; }
        public Builder work(double flops, double bytes) { this.flopsPerCall = flops; this.bytesPerCall = bytes; return this; }
        public Builder throttleReasons(List<String> v) { this.throttleReasons = v; return this; }
        public Builder notes(List<String> v) { this.notes = v; return this; }
        public Builder estimator(String v) { this.estimator = v; return this; }
        /** The windows support no interval, for this reason ("" when they do). */
        public Builder noInterval(String why) { this.noInterval = why; return this; }
        public Builder trace(List<TracePoint> v) { this.trace = v; return this; }

        public EnergyResult build() {
            return new EnergyResult(this);
        }
    }
}
