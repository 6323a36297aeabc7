package dev.sns.reports;

import dev.sns.model.ClockEvidence;
import dev.sns.model.ComparisonResult;
import dev.sns.model.TimingResult;
import dev.sns.stats.Interval;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** Converts sns results into report entries. */
public final class ReportEntries {
    private ReportEntries() {}

    /** The id of a benchmark with its parameters: "name" or "name:k1=v1,k2=v2" (keys sorted). */
    public static String id(String benchmark, Map<String, String> params) {
        if (params == null || params.isEmpty()) {
            return benchmark;
        }
        return benchmark + ":" + new TreeMap<>(params).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(","));
    }

    /** A measured benchmark. {@code forkIds} may be null (one fork). */
    public static BenchmarkEntry ok(String benchmark, Map<String, String> params, String source, TimingResult r,
                                    int[] forkIds) {
        double[] ms = r.samplesMillis();
        int[] windows = r.windowIds();
        int[] forks = forkIds == null ? new int[ms.length] : forkIds;
        if (forks.length != ms.length) {
            throw new IllegalArgumentException(forks.length + " fork ids for " + ms.length + " samples");
        }
        Interval net = r.netIntervalMillis().orElse(null);
        Interval ov = r.launchOverheadIntervalMillis().orElse(null);
        BenchmarkEntry.Summary summary = new BenchmarkEntry.Summary(
                num(r.medianMillis()), num(r.p10Millis()), num(r.p90Millis()),
                num(r.intervalMillis().lower()), num(r.intervalMillis().upper()), num(r.intervalMillis().confidence()),
                r.n(), r.windowCount(), (int) Arrays.stream(forks).distinct().count(), r.innerReps(), r.warmupCalls(),
                num(r.timerStepMillis()), num(r.launchOverheadMillis()), ov == null ? null : num(ov.lower()),
                ov == null ? null : num(ov.upper()), num(r.netMedianMillis()), net == null ? null : num(net.lower()),
                net == null ? null : num(net.upper()), num(r.flopsPerCall()), num(r.bytesPerCall()), num(r.tflops()),
                num(r.gbPerSecond()), r.estimator());
        return new BenchmarkEntry(id(benchmark, params), benchmark, params, "ok", "", source, r.timer(), summary,
                r.tier().name(), r.tierReasons(), clocks(r), new BenchmarkEntry.Samples(list(ms), list(windows), list(forks)),
                new BenchmarkEntry.Bootstrap(num(r.bootstrap().confidence()), r.bootstrap().resamples(), hex(r.bootstrap().seed())));
    }

    /** A benchmark that failed (with why) or was skipped (with why). */
    public static BenchmarkEntry notMeasured(String benchmark, Map<String, String> params, String status, String message) {
        if (!status.equals("failed") && !status.equals("skipped")) {
            throw new IllegalArgumentException("status must be failed or skipped, got " + status);
        }
        return new BenchmarkEntry(id(benchmark, params), benchmark, params, status, message, null, null, null, null,
                List.of(), null, null, null);
    }

    /** A comparison of two measured benchmarks. */
    public static ComparisonEntry comparison(String candidateId, String baselineId, Map<String, String> params,
                                             ComparisonResult c, int rounds) {
        Interval cyc = c.cycleSpeedupInterval().orElse(null);
        return new ComparisonEntry(candidateId, baselineId, params, num(c.speedup()), num(c.speedupInterval().lower()),
                num(c.speedupInterval().upper()), num(c.speedupInterval().confidence()),
                cyc == null ? null : num(cyc.lower()), cyc == null ? null : num(cyc.upper()), c.tier().name(),
                c.verdict().name(), c.design(), rounds, num(c.thresholds().fasterLowerBound()),
                num(c.thresholds().slowerUpperBound()));
    }

    static BenchmarkEntry.Clocks clocks(TimingResult r) {
        ClockEvidence e = r.clocks();
        return new BenchmarkEntry.Clocks(e.source(), e.locked(), num(r.smClockMeanMhz()), num(r.smClockCvPercent()),
                num(r.smClockRangeMhz()), list(e.smClockMhz()), list(e.memClockMhz()), e.throttle().throttleReasons(),
                e.throttle().metadataReasons(), e.throttle().violationNanos(), list(e.temperatureC()), list(e.powerW()));
    }

    /** NaN (not measured) becomes null: JSON has no NaN. */
    static Double num(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? null : v;
    }

    static List<Double> list(double[] v) {
        List<Double> out = new ArrayList<>(v.length);
        for (double d : v) {
            out.add(num(d));
        }
        return out;
    }

    static List<Integer> list(int[] v) {
        List<Integer> out = new ArrayList<>(v.length);
        for (int i : v) {
            out.add(i);
        }
        return out;
    }

    /** The seed as it is written: "0x" and upper-case hex. */
    public static String hex(long seed) {
        return "0x" + Long.toHexString(seed).toUpperCase(Locale.ROOT);
    }
}
