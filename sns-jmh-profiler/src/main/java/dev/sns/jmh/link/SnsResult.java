package dev.sns.jmh.link;

import dev.sns.model.DisplayUnit;
import dev.sns.model.TimingResult;
import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.Interval;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Aggregator;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.util.ListStatistics;

/**
 * The sns metric in JMH's results: the median time per call, with the bootstrap interval as JMH's
 * score error and confidence, so that JMH's own text, JSON and CSV show it. It carries the raw
 * windows, so aggregating it over iterations and forks (JMH does, on the host) recomputes the
 * interval over all of them; the tier, clocks and throughput ride on it as derivative results.
 */
public final class SnsResult extends Result<SnsResult> {
    private static final long serialVersionUID = 1L;

    /** JMH's label for the main sns metric. */
    public static final String LABEL = "sns";

    private final List<WindowSamples> windows;
    private final BootstrapSettings bootstrap;
    private final String unit;
    private transient TimingResult summary;

    /** The windows of one iteration (or of many, merged), summarized with {@code bootstrap}. */
    public SnsResult(List<WindowSamples> windows, BootstrapSettings bootstrap) {
        this(windows, bootstrap, unitFor(windows));
    }

    private SnsResult(List<WindowSamples> windows, BootstrapSettings bootstrap, String unit) {
        super(ResultRole.SECONDARY, LABEL, statistics(windows, unit), unit, AggregationPolicy.AVG);
        this.windows = List.copyOf(windows);
        this.bootstrap = bootstrap;
        this.unit = unit;
    }

    /** The windows this result carries. */
    public List<WindowSamples> windows() {
        return windows;
    }

    /** The sns summary of all windows (computed once, on demand). */
    public TimingResult summary() {
        TimingResult s = summary;
        if (s == null) {
            s = WindowMeasurements.summary(LABEL, windows, bootstrap);
            summary = s;
        }
        return s;
    }

    @Override
    public double getScore() {
        return summary().medianMillis() * scale(unit);
    }

    /** The larger distance from the median to an interval bound (the interval need not be symmetric). */
    @Override
    public double getScoreError() {
        Interval i = summary().intervalMillis();
        double m = summary().medianMillis();
        return Math.max(m - i.lower(), i.upper() - m) * scale(unit);
    }

    @Override
    public double[] getScoreConfidence() {
        Interval i = summary().intervalMillis();
        return new double[] {i.lower() * scale(unit), i.upper() * scale(unit)};
    }

    @Override
    protected Aggregator<SnsResult> getThreadAggregator() {
        return new Merge();
    }

    @Override
    protected Aggregator<SnsResult> getIterationAggregator() {
        return new Merge();
    }

    @Override
    protected Collection<? extends Result> getDerivativeResults() {
        TimingResult s = summary();
        List<Result> out = new ArrayList<>();
        out.add(new SnsValueResult("sns.tier", s.tier().ordinal() + 1, "tier " + s.tier() + " (1=A 2=B 3=C)"));
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
        return out;
    }

    @Override
    public String extendedInfo() {
        TimingResult s = summary();
        Interval i = s.intervalMillis();
        double k = scale(unit);
        return String.format(Locale.ROOT, "  sns: %.4g %s [%.4g, %.4g] (%.0f%% %s), n = %d in %d windows, tier %s%s%n",
                s.medianMillis() * k, unit, i.lower() * k, i.upper() * k, 100 * i.confidence(), s.estimator(), s.n(),
                s.windowCount(), s.tier(), s.tierReasons().isEmpty() ? "" : ": " + String.join("; ", s.tierReasons()));
    }

    @Override
    public String toString() {
        Interval i = summary().intervalMillis();
        double k = scale(unit);
        return String.format(Locale.ROOT, "%.4g [%.4g, %.4g] %s", getScore(), i.lower() * k, i.upper() * k, unit);
    }

    /** Merges windows from threads, iterations and forks. */
    static final class Merge implements Aggregator<SnsResult> {
        @Override
        public SnsResult aggregate(Collection<SnsResult> results) {
            List<WindowSamples> all = new ArrayList<>();
            BootstrapSettings bootstrap = null;
            for (SnsResult r : results) {
                all.addAll(r.windows);
                bootstrap = bootstrap == null ? r.bootstrap : bootstrap;
            }
            return new SnsResult(all, bootstrap);
        }
    }

    /** A unit that keeps the mean sample between 1 and 1000: ns/op, us/op, ms/op or s/op. */
    static String unitFor(List<WindowSamples> windows) {
        double sum = 0;
        int n = 0;
        for (WindowSamples w : windows) {
            for (double v : w.perCallNanos) {
                sum += v;
                n++;
            }
        }
        return DisplayUnit.forMillis(n == 0 ? 0 : sum / n / 1e6).label() + "/op";
    }

    /** From milliseconds to the unit ("us/op" and the like). */
    static double scale(String unit) {
        return DisplayUnit.ofLabel(unit.substring(0, unit.indexOf('/'))).perMilli();
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
