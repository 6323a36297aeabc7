package dev.sns.jmh.link;

import dev.sns.model.TimingResult;
import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.Interval;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Aggregator;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.util.ListStatistics;

/**
 * The sns metric in JMH's results: the median time per call in the benchmark's own time unit (JMH's
 * {@code -tu} or {@code @OutputTimeUnit}, in every iteration and aggregate alike), with the bootstrap
 * interval as JMH's score confidence. It carries the raw windows, so aggregating it over iterations
 * and forks (JMH does, on the host) recomputes the interval over all of them; the clocks and
 * throughput ride on it as derivative results, and the tier on the aggregate only (a window's own tier
 * is not the benchmark's).
 *
 * <p>JMH's score error is a symmetric half-width that its CSV labels 99.9%; the sns interval is
 * neither, so the error is left out (NaN) and the interval is the confidence (JSON) and the text.
 */
public final class SnsResult extends Result<SnsResult> {
    private static final long serialVersionUID = 2L;

    /** JMH's label for the main sns metric. */
    public static final String LABEL = "sns";

    /** An ArrayList, which JMH's link already serializes (an immutable list's form would be one class more for a fork). */
    private final ArrayList<WindowSamples> windows;
    /*
     * The bootstrap settings as three numbers, not the record: a fork serializes this result, and its first
     * record costs it a few ms of CPU there (the JDK's record support spins method handles).
     */
    private final double bootstrapConfidence;
    private final int bootstrapResamples;
    private final long bootstrapSeed;
    private final String unit;
    private final boolean aggregate;
    private transient TimingResult summary;

    /**
     * The windows of one iteration, summarized with {@code bootstrap}, in {@code timeUnit} per call.
     */
    public SnsResult(List<WindowSamples> windows, BootstrapSettings bootstrap, TimeUnit timeUnit) {
        this(windows, bootstrap, unitOf(timeUnit), false);
    }

    private SnsResult(List<WindowSamples> windows, BootstrapSettings bootstrap, String unit, boolean aggregate) {
        super(ResultRole.SECONDARY, LABEL, statistics(windows, unit), unit, AggregationPolicy.AVG);
        this.windows = new ArrayList<>(windows);
        for (WindowSamples w : this.windows) {
            java.util.Objects.requireNonNull(w, "window"); // a loop: a fork's first lambda costs it a few ms
        }
        this.bootstrapConfidence = bootstrap.confidence();
        this.bootstrapResamples = bootstrap.resamples();
        this.bootstrapSeed = bootstrap.seed();
        this.unit = unit;
        this.aggregate = aggregate;
    }

    /** The bootstrap settings of this result's summary. */
    BootstrapSettings bootstrap() {
        return new BootstrapSettings(bootstrapConfidence, bootstrapResamples, bootstrapSeed);
    }

    /** The windows this result carries. */
    public List<WindowSamples> windows() {
        return java.util.Collections.unmodifiableList(windows);
    }

    /**
     * The unit of {@code sns.tier}, the same on every row of JMH's table and CSV (the value is the tier:
     * 1 for A, 2 for B, 3 for C).
     */
    static final String TIER_UNIT = "tier (1=A 2=B 3=C)";

    /** The sns summary of all windows (computed once, on demand). */
    public TimingResult summary() {
        TimingResult s = summary;
        if (s == null) {
            s = WindowMeasurements.summary(LABEL, windows, bootstrap());
            summary = s;
        }
        return s;
    }

    @Override
    public double getScore() {
        return summary().medianMillis() * scale(unit);
    }

    /**
     * None: JMH reads a score error as a symmetric 99.9% half-width (its CSV says so), which the sns
     * interval is not. The interval is in {@link #getScoreConfidence()} and the text.
     */
    @Override
    public double getScoreError() {
        return Double.NaN;
    }

    /** The interval; NaN bounds where there is none (one iteration's window, or too few iterations). */
    @Override
    public double[] getScoreConfidence() {
        TimingResult s = summary();
        if (!aggregate || !s.hasInterval()) {
            return new double[] {Double.NaN, Double.NaN};
        }
        Interval i = s.intervalMillis();
        return new double[] {i.lower() * scale(unit), i.upper() * scale(unit)};
    }

    @Override
    protected Aggregator<SnsResult> getThreadAggregator() {
        return new Merge(false);
    }

    @Override
    protected Aggregator<SnsResult> getIterationAggregator() {
        return new Merge(true);
    }

    @Override
    protected Collection<? extends Result> getDerivativeResults() {
        TimingResult s = summary();
        List<Result> out = new ArrayList<>();
        if (aggregate) {
            out.add(new SnsValueResult("sns.tier", s.tier().ordinal() + 1, TIER_UNIT));
            if (!windows.isEmpty() && !WindowSamples.JMH_SOURCE.equals(windows.get(0).source)) {
                // JMH's primary score is per invocation: this many calls plus a synchronisation
                out.add(new SnsValueResult("sns.callsPerOp", s.innerReps(), "calls per JMH op (sns: per call)"));
            }
        }
        if (!Double.isNaN(s.smClockMeanMhz())) {
            out.add(new SnsValueResult("sns.smClock", s.smClockMeanMhz(), "MHz"));
            out.add(new SnsValueResult("sns.smClockCV", s.smClockCvPercent(), "%"));
        }
        s.netIntervalMillis().ifPresent(net -> out.add(new SnsValueResult("sns.net", s.netMedianMillis() * scale(unit),
                unit, net.lower() * scale(unit), net.upper() * scale(unit))));
        if (!Double.isNaN(s.gbPerSecond())) {
            out.add(new SnsValueResult("sns.GBps", s.gbPerSecond(), "GB/s"));
        }
        if (!Double.isNaN(s.tflops())) {
            out.add(new SnsValueResult("sns.TFLOPs", s.tflops(), "TFLOP/s"));
        }
        s.energy().filter(e -> e.available()).ifPresent(e -> {
            // per call, as sns's time is: J/op and W, the units JMH users read
            out.add(e.joulesPerCallInterval().map(i -> new SnsValueResult("sns.energy", e.joulesPerCall(), "J/op",
                    i.lower(), i.upper())).orElse(new SnsValueResult("sns.energy", e.joulesPerCall(), "J/op")));
            out.add(e.wattsInterval().map(i -> new SnsValueResult("sns.power", e.watts(), "W", i.lower(), i.upper()))
                    .orElse(new SnsValueResult("sns.power", e.watts(), "W")));
        });
        return out;
    }

    @Override
    public String extendedInfo() {
        TimingResult s = summary();
        double k = scale(unit);
        String energy = s.energy().map(e -> "  sns: " + e + "\n").orElse("");
        return String.format(Locale.ROOT, "  sns: %.4g %s %s, n = %d in %d windows, tier %s%s%n",
                s.medianMillis() * k, unit, intervalText(s, k), s.n(), s.windowCount(), s.tier(),
                s.tierReasons().isEmpty() ? "" : ": " + String.join("; ", s.tierReasons())) + energy;
    }

    private static String intervalText(TimingResult s, double k) {
        if (!s.hasInterval()) {
            return "(" + s.estimator() + ")";
        }
        Interval i = s.intervalMillis();
        return String.format(Locale.ROOT, "[%.4g, %.4g] (%.0f%% %s)", i.lower() * k, i.upper() * k, 100 * i.confidence(),
                s.estimator());
    }

    /** An iteration's line shows its window's median; the aggregate's, the interval of them all. */
    @Override
    public String toString() {
        TimingResult s = summary();
        if (!aggregate || !s.hasInterval()) {
            return String.format(Locale.ROOT, "%.4g %s", getScore(), unit);
        }
        Interval i = s.intervalMillis();
        double k = scale(unit);
        return String.format(Locale.ROOT, "%.4g [%.4g, %.4g] %s", getScore(), i.lower() * k, i.upper() * k, unit);
    }

    /** Merges windows from threads (one iteration) or from iterations and forks (an aggregate). */
    static final class Merge implements Aggregator<SnsResult> {
        private final boolean aggregate;

        Merge(boolean aggregate) {
            this.aggregate = aggregate;
        }

        @Override
        public SnsResult aggregate(Collection<SnsResult> results) {
            List<WindowSamples> all = new ArrayList<>();
            BootstrapSettings bootstrap = null;
            String unit = null;
            for (SnsResult r : results) {
                all.addAll(r.windows);
                bootstrap = bootstrap == null ? r.bootstrap() : bootstrap;
                unit = unit == null ? r.unit : unit;
            }
            return new SnsResult(all, bootstrap, unit, aggregate);
        }
    }

    /** JMH's label of a time unit per operation: "ns/op", "us/op", "ms/op", "s/op" (also min and h). */
    static String unitOf(TimeUnit tu) {
        return switch (tu) {
            case NANOSECONDS -> "ns/op";
            case MICROSECONDS -> "us/op";
            case MILLISECONDS -> "ms/op";
            case SECONDS -> "s/op";
            case MINUTES -> "min/op";
            case HOURS -> "hr/op";
            case DAYS -> "day/op";
        };
    }

    /** From milliseconds to the unit ("us/op" and the like). */
    static double scale(String unit) {
        return switch (unit) {
            case "ns/op" -> 1e6;
            case "us/op" -> 1e3;
            case "ms/op" -> 1;
            case "s/op" -> 1e-3;
            case "min/op" -> 1e-3 / 60;
            case "hr/op" -> 1e-3 / 3600;
            case "day/op" -> 1e-3 / 86400;
            default -> throw new IllegalArgumentException("not a time unit per operation: " + unit);
        };
    }

    private static ListStatistics statistics(List<WindowSamples> windows, String unit) {
        ListStatistics st = new ListStatistics();
        double k = scale(unit) / 1e6;
        for (WindowSamples w : windows) {
            for (double v : w.perCallNanos) {
                st.addValue(v * k);
            }
        }
        return st;
    }
}
