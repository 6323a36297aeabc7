package dev.sns.reports;

import dev.sns.model.ClockEvidence;
import dev.sns.model.ComparisonResult;
import dev.sns.model.DeviceFinding;
import dev.sns.model.DevicePeaks;
import dev.sns.model.EnergyComparison;
import dev.sns.model.EnergyResult;
import dev.sns.model.KernelBreakdown;
import dev.sns.model.TimingResult;
import dev.sns.options.TimingOptions;
import dev.sns.stats.Interval;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * Converts sns results ({@link TimingResult}, {@link ComparisonResult} and their parts) into report
 * entries, and makes the entries' ids. A number sns-runtime holds as NaN (not measured) becomes null,
 * an empty reason null or absent, as the report's conventions say.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public final class ReportEntries {
    private ReportEntries() {}

    /**
     * The id of a benchmark with its parameters (no JMH mode: the Java API's).
     *
     * @param benchmark the benchmark's name
     * @param params its parameters (null or empty: none)
     * @return "name" or "name:k1=v1,k2=v2" (keys sorted)
     */
    public static String id(String benchmark, Map<String, String> params) {
        return id(benchmark, null, params);
    }

    /**
     * The id of a benchmark in a JMH mode with its parameters.
     *
     * @param benchmark the benchmark's name
     * @param mode JMH's mode, short label ("avgt"); null: none
     * @param params its parameters (null or empty: none)
     * @return "name@mode:k1=v1,k2=v2" (keys sorted; no "@mode" when {@code mode} is null, no ":..."
     *     without parameters)
     */
    public static String id(String benchmark, String mode, Map<String, String> params) {
        String name = mode == null ? benchmark : benchmark + "@" + mode;
        if (params == null || params.isEmpty()) {
            return name;
        }
        return name + ":" + new TreeMap<>(params).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(","));
    }

    /**
     * The id of a benchmark measured on one of several GPUs: {@link #id(String, String, Map)} and then
     * {@code device=i}, after the parameters. The device comes last, outside the sorted parameters.
     *
     * @param benchmark the benchmark's name
     * @param mode JMH's mode, short label ("avgt"); null: none
     * @param params its parameters (null or empty: none)
     * @param device the GPU's CUDA index; null: the id without a device
     * @return "name@avgt:n=1,device=1"; "name@avgt:device=1" without parameters
     */
    public static String id(String benchmark, String mode, Map<String, String> params, Integer device) {
        String base = id(benchmark, mode, params);
        if (device == null) {
            return base;
        }
        return base + (params == null || params.isEmpty() ? ":" : ",") + "device=" + device;
    }

    /**
     * A measured benchmark, without a note.
     *
     * @param benchmark the benchmark's name
     * @param params its parameters
     * @param source where the samples came from: "gpu-events", "host-timer" or "jmh-iterations"
     * @param r the result
     * @param forkIds the fork of each sample, in the samples' order; null: one fork (all 0)
     * @return an "ok" entry with the result's summary, samples, clocks, bootstrap, peaks, kernel table
     *     and energy, its id without a JMH mode
     * @throws IllegalArgumentException if there are not as many fork ids as samples
     */
    public static BenchmarkEntry ok(String benchmark, Map<String, String> params, String source, TimingResult r,
                                    int[] forkIds) {
        return ok(benchmark, params, source, r, forkIds, "");
    }

    /**
     * A measured benchmark with a note.
     *
     * @param benchmark the benchmark's name
     * @param params its parameters
     * @param source where the samples came from: "gpu-events", "host-timer" or "jmh-iterations"
     * @param r the result
     * @param forkIds the fork of each sample, in the samples' order; null: one fork (all 0)
     * @param note what the reader should know, e.g. forks that did not report and are not included ("":
     *     none); it becomes the entry's {@link BenchmarkEntry#message()}
     * @return an "ok" entry with the result's summary, samples, clocks, bootstrap, peaks, kernel table
     *     and energy, its id without a JMH mode
     * @throws IllegalArgumentException if there are not as many fork ids as samples
     */
    public static BenchmarkEntry ok(String benchmark, Map<String, String> params, String source, TimingResult r,
                                    int[] forkIds, String note) {
        double[] ms = r.samplesMillis();
        int[] windows = r.windowIds();
        int[] forks = forkIds == null ? new int[ms.length] : forkIds;
        if (forks.length != ms.length) {
            throw new IllegalArgumentException(forks.length + " fork ids for " + ms.length + " samples");
        }
        BenchmarkEntry.Summary summary = summary(r, (int) Arrays.stream(forks).distinct().count());
        return new BenchmarkEntry(id(benchmark, params), benchmark, params, "ok", note, source, r.timer(), summary,
                r.tier().name(), r.tierReasons(), clocks(r), new BenchmarkEntry.Samples(list(ms), list(windows), list(forks)),
                new BenchmarkEntry.Bootstrap(num(r.bootstrap().confidence()), r.bootstrap().resamples(), TimingOptions.hex(r.bootstrap().seed())),
                r.peaks().map(ReportEntries::peaks).orElse(null), r.kernels().map(ReportEntries::kernels).orElse(null),
                null, r.energy().map(ReportEntries::energy).orElse(null));
    }

    /**
     * A result's summary, {@code forks} the number of forks its samples came from. Absent values are
     * null: NaN, an interval the samples do not support, a scope the producer did not say, a repeat
     * interval without the host's repeatability.
     */
    static BenchmarkEntry.Summary summary(TimingResult r, int forks) {
        Interval net = r.netIntervalMillis().orElse(null);
        Interval ov = r.launchOverheadIntervalMillis().orElse(null);
        Interval repeat = r.repeatIntervalMillis().orElse(null);
        return BenchmarkEntry.Summary.builder()
                .median(num(r.medianMillis())).p10(num(r.p10Millis())).p90(num(r.p90Millis()))
                .lower(r.hasInterval() ? num(r.intervalMillis().lower()) : null)
                .upper(r.hasInterval() ? num(r.intervalMillis().upper()) : null)
                .confidence(num(r.intervalMillis().confidence()))
                .intervalScope(r.intervalScope().isEmpty() ? null : r.intervalScope())
                .repeatLower(repeat == null ? null : num(repeat.lower()))
                .repeatUpper(repeat == null ? null : num(repeat.upper()))
                .n(r.n()).windows(r.windowCount()).forks(forks)
                .innerReps(r.innerReps()).warmupCalls(r.warmupCalls()).firstCall(num(r.firstCallMillis()))
                .sampling(num(r.precisionFraction()), num(r.precisionTargetFraction()), r.samplingStop().toString(),
                        num(r.samplingGpuMillis()))
                .timerStep(num(r.timerStepMillis()))
                .launchOverhead(num(r.launchOverheadMillis()))
                .launchOverheadLower(ov == null ? null : num(ov.lower()))
                .launchOverheadUpper(ov == null ? null : num(ov.upper()))
                .netMedian(num(r.netMedianMillis()))
                .netLower(net == null ? null : num(net.lower())).netUpper(net == null ? null : num(net.upper()))
                .flopsPerCall(num(r.flopsPerCall())).bytesPerCall(num(r.bytesPerCall()))
                .tflops(num(r.tflops())).gbPerSecond(num(r.gbPerSecond()))
                .bandwidthShare(num(r.bandwidthShareOfPeak())).flopsShare(num(r.flopsShareOfPeak()))
                .estimator(r.estimator())
                .netMeasurable(ov == null ? null : r.netMeasurable())
                .minDetectableChange(num(r.minDetectableChange()))
                .build();
    }

    /**
     * A benchmark's energy as the report writes it.
     *
     * @param e the energy
     * @return the entry's energy: every number of a measured one (NaN as null), with its power trace;
     *     only the reason where it was not measured
     */
    public static BenchmarkEntry.Energy energy(EnergyResult e) {
        if (!e.available()) {
            return new BenchmarkEntry.Energy(e.whyUnavailable().orElse(""), null, null, null, null, null, null, null, null, null,
                    null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                    null, null, null);
        }
        Interval j = e.joulesPerCallInterval().orElse(null);
        Interval w = e.wattsInterval().orElse(null);
        Interval i = e.idleWattsInterval().orElse(null);
        Interval a = e.aboveIdleInterval().orElse(null);
        List<BenchmarkEntry.EnergyPoint> trace = new ArrayList<>();
        for (EnergyResult.TracePoint p : e.trace()) {
            trace.add(new BenchmarkEntry.EnergyPoint(p.fork(), num(p.startSeconds()), num(p.seconds()), num(p.joules()),
                    p.calls(), num(p.watts()), num(p.joulesPerCall()), num(p.startC()), num(p.endC()), p.hot(), p.idle()));
        }
        return new BenchmarkEntry.Energy(null, num(e.joulesPerCall()), j == null ? null : j.lower(),
                j == null ? null : j.upper(), num(e.watts()), w == null ? null : w.lower(), w == null ? null : w.upper(),
                num(e.idleWatts()), i == null ? null : i.lower(), i == null ? null : i.upper(),
                num(e.aboveIdleJoulesPerCall()), a == null ? null : a.lower(), a == null ? null : a.upper(), e.windows(),
                e.forks(), e.updatesPerWindow(), num(e.updatePeriodMillis()), e.calls(), num(e.seconds()),
                num(e.temperatureMinC()), num(e.temperatureMaxC()), num(e.steadyTemperatureC()), e.hotWindows(),
                num(e.powerSensorRatio()), num(e.gflopsPerJoule()), num(e.gbPerJoule()), e.throttleReasons(), e.notes(),
                e.estimator(), trace);
    }

    /**
     * A pair's energy ratio as the report writes it.
     *
     * @param e the energy side of a comparison
     * @return the entry's energy ratio; where there is none, only the reason, the verdict (NO_VERDICT)
     *     and the margin
     */
    public static ComparisonEntry.EnergyRatio energyRatio(EnergyComparison e) {
        if (!e.available()) {
            return new ComparisonEntry.EnergyRatio(e.whyUnavailable().orElse(""), null, null, null, null, null, null,
                    e.verdict().name(), num(e.margin()), null);
        }
        Interval a = e.aboveIdle().orElse(null);
        return new ComparisonEntry.EnergyRatio(null, num(e.ratio()), e.interval().lower(), e.interval().upper(),
                num(e.aboveIdleRatio()), a == null ? null : a.lower(), a == null ? null : a.upper(), e.verdict().name(),
                num(e.margin()), e.design());
    }

    static BenchmarkEntry.Peaks peaks(DevicePeaks p) {
        return new BenchmarkEntry.Peaks(num(p.bytesPerSecond() / 1e9), num(p.flopsPerSecond() / 1e12),
                p.precision().toString(), p.basis());
    }

    static BenchmarkEntry.Kernels kernels(KernelBreakdown k) {
        if (!k.available()) {
            return new BenchmarkEntry.Kernels(null, null, null, null, null, null, null, null, null, null, k.whyUnavailable().orElse(""),
                    List.of());
        }
        List<BenchmarkEntry.KernelRow> rows = new ArrayList<>();
        for (KernelBreakdown.Row r : k.rows()) {
            rows.add(new BenchmarkEntry.KernelRow(r.name(), r.symbol(), r.grid(), r.block(), num(r.countPerCall()),
                    num(r.medianMillis()), num(r.intervalMillis().lower()), num(r.intervalMillis().upper()),
                    num(r.shareOfCall()), r.durationSource()));
        }
        return new BenchmarkEntry.Kernels(k.calls(), num(k.kernelMillis()), num(k.kernelIntervalMillis().lower()),
                num(k.kernelIntervalMillis().upper()), num(k.eventMillis()), num(k.netEventMillis()), num(k.kernelShare()),
                num(k.launchAndGapShare()), k.unattributed(), k.dropped(), "", rows, k.durationNote());
    }

    /**
     * A benchmark that failed or was skipped: its identity, status and why, nothing measured.
     *
     * @param benchmark the benchmark's name
     * @param params its parameters
     * @param status "failed" or "skipped"
     * @param message why
     * @return the entry, its id without a JMH mode
     * @throws IllegalArgumentException if {@code status} is neither "failed" nor "skipped"
     */
    public static BenchmarkEntry notMeasured(String benchmark, Map<String, String> params, String status, String message) {
        if (!status.equals("failed") && !status.equals("skipped")) {
            throw new IllegalArgumentException("status must be failed or skipped, got " + status);
        }
        return new BenchmarkEntry(id(benchmark, params), benchmark, params, status, message, null, null, null, null,
                List.of(), null, null, null);
    }

    /**
     * A comparison of two measured benchmarks.
     *
     * @param candidateId the candidate's entry id
     * @param baselineId the baseline's entry id
     * @param params the parameters the pair shares
     * @param c the comparison
     * @param rounds interleaved rounds (forks per side), 0 when not interleaved
     * @return the entry, with the energy ratio where the comparison has one
     */
    public static ComparisonEntry comparison(String candidateId, String baselineId, Map<String, String> params,
                                             ComparisonResult c, int rounds) {
        Interval cyc = c.cycleSpeedupInterval().orElse(null);
        Interval net = c.netSpeedupInterval().orElse(null);
        return ComparisonEntry.builder().candidate(candidateId).baseline(baselineId).params(params)
                .speedup(num(c.speedup())).lower(num(c.speedupInterval().lower()))
                .upper(num(c.speedupInterval().upper())).confidence(num(c.speedupInterval().confidence()))
                .cycleLower(cyc == null ? null : num(cyc.lower())).cycleUpper(cyc == null ? null : num(cyc.upper()))
                .tier(c.tier().name()).verdict(c.verdict().name()).design(c.design()).rounds(rounds)
                .fasterThreshold(num(c.thresholds().fasterLowerBound()))
                .slowerThreshold(num(c.thresholds().slowerUpperBound()))
                .netSpeedup(num(c.netSpeedup())).netLower(net == null ? null : num(net.lower()))
                .netUpper(net == null ? null : num(net.upper())).netUnavailable(c.whyNetUnavailable().orElse(""))
                .verdictOn(c.verdictBasis())
                .energy(c.energy().map(ReportEntries::energyRatio).orElse(null))
                .minDetectableChange(num(c.minDetectableChange()))
                .build();
    }

    /**
     * A device-health entry: {@code c} compares the benchmark {@code id} on {@code device} (its
     * candidate, entry {@code candidateId}) with the same on {@code reference} (its baseline).
     *
     * @param id the benchmark's id without its device part
     * @param device this GPU's CUDA index
     * @param reference the reference GPU's CUDA index (the run's first)
     * @param candidateId the entry id of the benchmark on {@code device}
     * @param baselineId the entry id of the benchmark on {@code reference}
     * @param params the benchmark's parameters
     * @param c the comparison of the two
     * @param rounds interleaved rounds (forks per side)
     * @return the entry: the comparison, the finding and the GPU it names, each side's evidence
     */
    public static DeviceHealthEntry deviceHealth(String id, int device, int reference, String candidateId,
                                                 String baselineId, Map<String, String> params, ComparisonResult c,
                                                 int rounds) {
        DeviceFinding finding = DeviceFinding.of(c);
        Integer suspect = switch (finding) {
            case OK -> null;
            case SLOWER -> device;
            case REFERENCE_SLOWER -> reference;
            case NO_VERDICT -> c.candidate().tier().isPerformanceValid() ? reference : device;
        };
        return new DeviceHealthEntry(id, device, reference, comparison(candidateId, baselineId, params, c, rounds),
                finding.toString(), suspect, evidence(c.candidate()), evidence(c.baseline()));
    }

    /** One side's clocks and throttles, for the device-health table. */
    static DeviceHealthEntry.Evidence evidence(TimingResult r) {
        ClockEvidence e = r.clocks();
        double maxTemp = Arrays.stream(e.temperatureC()).filter(Double::isFinite).max().orElse(Double.NaN);
        double meanPower = Arrays.stream(e.powerW()).filter(Double::isFinite).average().orElse(Double.NaN);
        return new DeviceHealthEntry.Evidence(r.tier().name(), num(r.smClockMeanMhz()), num(r.smClockRangeMhz()),
                e.throttle().throttleReasons(), e.throttle().metadataReasons(), e.throttle().violationNanos(),
                num(maxTemp), num(meanPower));
    }

    static BenchmarkEntry.Clocks clocks(TimingResult r) {
        ClockEvidence e = r.clocks();
        return BenchmarkEntry.Clocks.builder().source(e.source()).locked(e.locked())
                .smMeanMhz(num(r.smClockMeanMhz())).smCvPercent(num(r.smClockCvPercent()))
                .smRangeMhz(num(r.smClockRangeMhz())).smMhz(list(e.smClockMhz())).memMhz(list(e.memClockMhz()))
                .throttleReasons(e.throttle().throttleReasons()).metadataReasons(e.throttle().metadataReasons())
                .violationNanos(e.throttle().violationNanos())
                .temperatureC(list(e.temperatureC())).powerW(list(e.powerW()))
                .build();
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
}
