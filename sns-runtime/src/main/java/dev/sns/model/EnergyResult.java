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
     * @param startSeconds when the window started, in seconds from the start of its fork's energy watch
     * @param seconds its length, in seconds
     * @param joules the counter's energy over it, in joules (the board total)
     * @param calls calls completed in it (0 for an idle window)
     * @param watts mean board power over it, in watts
     * @param joulesPerCall energy per call, in joules (NaN for an idle window)
     * @param startC temperature at its first update, in degrees Celsius (NaN when not read)
     * @param endC temperature at its last update, in degrees Celsius (NaN when not read)
     * @param hot whether it started hotter than its fork's steady temperature by more than 2 C
     * @param idle whether it is an idle window (measured before the work, GPU idle)
     */
    public record TracePoint(int fork, double startSeconds, double seconds, double joules, long calls, double watts,
                             double joulesPerCall,
                             double startC, double endC, boolean hot, boolean idle) {
        /**
         * Takes the window's values as they are; nothing is checked.
         *
         * @param fork the fork (0 for one session)
         * @param startSeconds when the window started, in seconds from the start of its fork's energy watch
         * @param seconds its length, in seconds
         * @param joules the counter's energy over it, in joules (the board total)
         * @param calls calls completed in it (0 for an idle window)
         * @param watts mean board power over it, in watts
         * @param joulesPerCall energy per call, in joules (NaN for an idle window)
         * @param startC temperature at its first update, in degrees Celsius (NaN when not read)
         * @param endC temperature at its last update, in degrees Celsius (NaN when not read)
         * @param hot whether it started hotter than its fork's steady temperature by more than 2 C
         * @param idle whether it is an idle window (measured before the work, GPU idle)
         */
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

    /**
     * Energy asked for and not measured.
     *
     * @param reason why, said in one line (no counter, no NVML, too short iterations)
     * @return a result with every number NaN and that reason
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static EnergyResult unavailable(String reason) {
        return builder().unavailable(reason).build();
    }

    /** {@return an empty builder} Every number starts NaN (unknown), every count at zero. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static Builder builder() {
        return new Builder();
    }

    /** {@return whether the energy was measured} When false every number is NaN and {@link #whyUnavailable()} says why. */
    public boolean available() {
        return unavailable.isEmpty();
    }

    /**
     * Why the energy was not measured.
     *
     * @return the reason, or empty when it was measured
     */
    public Optional<String> whyUnavailable() {
        return Unavailable.reason(unavailable);
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

    /**
     * {@return the median energy per call over the windows, in joules} The board total: what the device
     * drew while the work ran, idle power included. NaN when unavailable.
     */
    public double joulesPerCall() {
        return joulesPerCall;
    }

    /**
     * The interval of {@link #joulesPerCall()}, windows resampled (forks first where there are several).
     *
     * @return the interval, in joules per call; empty without one (one window: {@link #estimator()}
     *     says so; or unavailable)
     */
    public Optional<Interval> joulesPerCallInterval() {
        return Optional.ofNullable(hasInterval() ? joulesPerCallInterval : null);
    }

    /** {@return the median of the windows' mean board power, in watts} NaN when unavailable. */
    public double watts() {
        return watts;
    }

    /**
     * The interval of {@link #watts()}.
     *
     * @return the interval, in watts; empty without one (one window, or unavailable)
     */
    public Optional<Interval> wattsInterval() {
        return Optional.ofNullable(hasInterval() ? wattsInterval : null);
    }

    /**
     * {@return the idle power measured before the work, in watts} The GPU idle, in the same process:
     * the median over the idle windows of every fork. NaN when not measured (option {@code energyIdle}
     * off, no idle window taken, or unavailable).
     */
    public double idleWatts() {
        return idleWatts;
    }

    /**
     * The interval of {@link #idleWatts()}.
     *
     * @return the interval, in watts; empty with fewer than two idle windows or without idle power
     */
    public Optional<Interval> idleWattsInterval() {
        return Optional.ofNullable(idleWattsInterval);
    }

    /**
     * {@return the median energy per call above idle power, in joules} Each window's energy less idle
     * power over its time, per call: what the work added to the board's draw. NaN unless every fork
     * measured idle power.
     */
    public double aboveIdleJoulesPerCall() {
        return aboveIdleJoulesPerCall;
    }

    /**
     * The interval of {@link #aboveIdleJoulesPerCall()}.
     *
     * @return the interval, in joules per call; empty without idle power in every fork, with one
     *     window, or unavailable
     */
    public Optional<Interval> aboveIdleInterval() {
        return Optional.ofNullable(hasInterval() ? aboveIdleInterval : null);
    }

    /**
     * {@return whether the windows support an interval} They do from two windows up; when not,
     * {@link #estimator()} says why and what is needed.
     */
    public boolean hasInterval() {
        return available() && noInterval.isEmpty();
    }

    /** {@return how many energy windows the result rests on} Windows in which no call completed are left out; 0 when unavailable. */
    public int windows() {
        return windows;
    }

    /** {@return how many forks the windows came from} 1 for one session of the Java API; 0 when unavailable. */
    public int forks() {
        return forks;
    }

    /**
     * {@return the fewest counter updates a window spans} A window holds whole updates of the energy
     * counter only, so this says how coarse its energy is; 0 when unavailable.
     */
    public int updatesPerWindow() {
        return updatesPerWindow;
    }

    /** {@return the median time between the energy counter's updates, in milliseconds} NaN when unavailable. */
    public double updatePeriodMillis() {
        return updatePeriodMillis;
    }

    /** {@return the calls counted in all windows} 0 when unavailable. */
    public long calls() {
        return calls;
    }

    /** {@return the time in all windows, in seconds} NaN when unavailable. */
    public double seconds() {
        return seconds;
    }

    /** {@return the coolest temperature at a window boundary, in degrees Celsius} NaN when not read. */
    public double temperatureMinC() {
        return temperatureMinC;
    }

    /** {@return the hottest temperature at a window boundary, in degrees Celsius} NaN when not read. */
    public double temperatureMaxC() {
        return temperatureMaxC;
    }

    /**
     * {@return the steady temperature the windows settled at, in degrees Celsius} Per fork the median end
     * temperature of its later half of windows; the median over forks. NaN when not read.
     */
    public double steadyTemperatureC() {
        return steadyTemperatureC;
    }

    /**
     * {@return how many windows started hotter than their fork's steady temperature by more than 2 C}
     * Heat left by earlier work: leakage power rises with temperature, so such windows read high.
     */
    public int hotWindows() {
        return hotWindows;
    }

    /**
     * {@return how the power sensor agrees with the energy counter} The sensor's readings integrated
     * over each window against the counter's energy over it, the median ratio over windows
     * (dimensionless; 1: they agree). NaN when the sensor was not read.
     */
    public double powerSensorRatio() {
        return powerSensorRatio;
    }

    /**
     * {@return the declared flops per joule, in GFLOP/J} At the median energy per call (board total).
     * NaN without declared flops or when unavailable.
     */
    public double gflopsPerJoule() {
        return flopsPerCall / joulesPerCall / 1e9;
    }

    /**
     * {@return the declared bytes per joule, in GB/J (10^9 bytes)} At the median energy per call (board
     * total). NaN without declared bytes or when unavailable.
     */
    public double gbPerJoule() {
        return bytesPerCall / joulesPerCall / 1e9;
    }

    /** {@return the hardware throttles seen in the windows, by name} Empty when none fired. */
    public List<String> throttleReasons() {
        return throttleReasons;
    }

    /** {@return whether a hardware throttle fired in a window} Then a comparison's energy gets no verdict. */
    public boolean throttled() {
        return !throttleReasons.isEmpty();
    }

    /** {@return what happened around the windows, in words} Cool-downs, for example; empty when nothing did. */
    public List<String> notes() {
        return notes;
    }

    /** {@return how the interval was computed, or why there is none, in words} Empty when unavailable. */
    public String estimator() {
        return estimator;
    }

    /** {@return the windows as a power trace} In time order, fork by fork, every fork's idle windows first; empty when unavailable. */
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

        /**
         * Marks the energy as not measured.
         *
         * @param why the reason, in one line ("" when it was measured)
         * @return this builder
         */
        public Builder unavailable(String why) { this.unavailable = why; return this; }
        /**
         * Sets the energy per call.
         *
         * @param median the median over windows, in joules per call
         * @param interval its interval, or null when the windows support none
         * @return this builder
         */
        public Builder joulesPerCall(double median, Interval interval) {
            this.joulesPerCall = median; this.joulesPerCallInterval = interval; return this;
        }
        /**
         * Sets the mean board power.
         *
         * @param median the median over windows, in watts
         * @param interval its interval, or null when the windows support none
         * @return this builder
         */
        public Builder watts(double median, Interval interval) { this.watts = median; this.wattsInterval = interval; return this; }
        /**
         * Sets the idle power.
         *
         * @param median the median over the idle windows, in watts
         * @param interval its interval, or null with fewer than two idle windows
         * @return this builder
         */
        public Builder idleWatts(double median, Interval interval) {
            this.idleWatts = median; this.idleWattsInterval = interval; return this;
        }
        /**
         * Sets the energy per call above idle power.
         *
         * @param median the median over windows, in joules per call
         * @param interval its interval, or null when the windows support none
         * @return this builder
         */
        public Builder aboveIdle(double median, Interval interval) {
            this.aboveIdleJoulesPerCall = median; this.aboveIdleInterval = interval; return this;
        }
        /**
         * Sets what the windows were.
         *
         * @param n the number of windows
         * @param forkCount the number of forks they came from
         * @param updates the fewest counter updates a window spans
         * @param periodMillis the median time between counter updates, in milliseconds
         * @return this builder
         */
        public Builder windows(int n, int forkCount, int updates, double periodMillis) {
            this.windows = n; this.forks = forkCount; this.updatesPerWindow = updates; this.updatePeriodMillis = periodMillis;
            return this;
        }
        /**
         * Sets the totals over all windows.
         *
         * @param callCount the calls counted
         * @param totalSeconds the time, in seconds
         * @return this builder
         */
        public Builder totals(long callCount, double totalSeconds) { this.calls = callCount; this.seconds = totalSeconds; return this; }
        /**
         * Sets the temperatures, in degrees Celsius (NaN: not read).
         *
         * @param min the coolest at a window boundary
         * @param max the hottest at a window boundary
         * @param steady the steady temperature the windows settled at
         * @param hot the windows that started hotter than the steady temperature by more than the margin
         * @return this builder
         */
        public Builder temperatures(double min, double max, double steady, int hot) {
            this.temperatureMinC = min; this.temperatureMaxC = max; this.steadyTemperatureC = steady; this.hotWindows = hot;
            return this;
        }
        /**
         * Sets the power sensor's agreement with the counter.
         *
         * @param v the median ratio of the sensor's integral to the counter's energy (NaN: not read)
         * @return this builder
         */
        public Builder powerSensorRatio(double v) { this.powerSensorRatio = v; return this; }
        /**
         * Sets the declared work per call.
         *
         * @param flops floating-point operations per call (NaN: not declared)
         * @param bytes bytes moved per call (NaN: not declared)
         * @return this builder
         */
        public Builder work(double flops, double bytes) { this.flopsPerCall = flops; this.bytesPerCall = bytes; return this; }
        /**
         * Sets the hardware throttles seen.
         *
         * @param v their names (empty: none)
         * @return this builder
         */
        public Builder throttleReasons(List<String> v) { this.throttleReasons = v; return this; }
        /**
         * Sets what happened around the windows.
         *
         * @param v notes in words (cool-downs)
         * @return this builder
         */
        public Builder notes(List<String> v) { this.notes = v; return this; }
        /**
         * Sets how the interval was computed.
         *
         * @param v the estimator in words, or why there is no interval
         * @return this builder
         */
        public Builder estimator(String v) { this.estimator = v; return this; }
        /**
         * Marks the windows as supporting no interval.
         *
         * @param why the reason ("" when they do support one)
         * @return this builder
         */
        public Builder noInterval(String why) { this.noInterval = why; return this; }
        /**
         * Sets the power trace.
         *
         * @param v the windows in time order, fork by fork, idle windows first
         * @return this builder
         */
        public Builder trace(List<TracePoint> v) { this.trace = v; return this; }

        /**
         * Checks the parts together.
         *
         * @return the result
         * @throws IllegalArgumentException if a measured energy has negative joules or watts, no window,
         *     or, with no reason for lacking an interval, no interval for joules or for watts
         */
        public EnergyResult build() {
            return new EnergyResult(this);
        }
    }
}
