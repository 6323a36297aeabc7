package dev.sns.reports;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * One benchmark (one parameter combination) in a run report. Numbers that were not measured are
 * null. Times are milliseconds per call.
 *
 * @param id benchmark name, JMH mode and parameters, unique in a report ("pkg.Class.method@avgt:n=1024"; no
 *     mode for results of the Java API)
 * @param benchmark JMH's benchmark name (or the workload's name)
 * @param params JMH @Param values
 * @param status "ok", "failed" or "skipped"
 * @param message why it failed or was skipped (empty when ok)
 * @param source "gpu-events" (samples from the GPU timer), "host-timer" or "jmh-iterations"
 *     (one sample per JMH iteration of a benchmark without GpuBlackhole)
 * @param timer the timer in words
 * @param summary median, percentiles, interval and the rest (null unless ok)
 * @param tier "A", "B" or "C" (null unless ok)
 * @param tierReasons why the tier is what it is
 * @param clocks the clock and throttle evidence (null unless ok)
 * @param samples the raw samples with their windows and forks (null unless ok)
 * @param bootstrap confidence, resamples and seed of the interval
 * @param peaks the device's peak bandwidth and rate (null without a GPU)
 * @param kernels the kernel table of the kernel pass (null when none was asked for)
 * @param mode JMH's benchmark mode, short label ("avgt", "thrpt", "sample", "ss"); null (left out of
 *     results.json) outside JMH
 * @param energy joules per call and watts from the energy windows (option energy); null (left out of
 *     results.json) when energy was not asked for
 * @param device the GPU it was measured on (null, left out of results.json: a CPU benchmark, or a run
 *     that did not choose devices); when the run measured several, the id ends in {@code device=i}
 * @param wallMillis the host's wall time for this benchmark's forks, milliseconds in all (not per
 *     call): what the next sharded run balances by; null (left out) outside JMH
 * @param origin where a merged report's entry was measured (which shard, run and node); null (left
 *     out) in a run's own report
 */
public record BenchmarkEntry(String id, String benchmark, Map<String, String> params, String status, String message,
                             String source, String timer, Summary summary, String tier, List<String> tierReasons,
                             Clocks clocks, Samples samples, Bootstrap bootstrap, Peaks peaks, Kernels kernels,
                             @JsonInclude(JsonInclude.Include.NON_NULL) String mode,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Energy energy,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Device device,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Double wallMillis,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Origin origin) {
    @JsonCreator
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry {
        params = new TreeMap<>(params == null ? Map.of() : params);
        tierReasons = tierReasons == null ? List.of() : List.copyOf(tierReasons);
        message = message == null ? "" : message;
    }

    /** An entry without peaks, a kernel table or a JMH mode. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry(String id, String benchmark, Map<String, String> params, String status, String message,
                          String source, String timer, Summary summary, String tier, List<String> tierReasons,
                          Clocks clocks, Samples samples, Bootstrap bootstrap) {
        this(id, benchmark, params, status, message, source, timer, summary, tier, tierReasons, clocks, samples,
                bootstrap, null, null, null, null, null, null, null);
    }

    /** An entry without a JMH mode (the Java API's). */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry(String id, String benchmark, Map<String, String> params, String status, String message,
                          String source, String timer, Summary summary, String tier, List<String> tierReasons,
                          Clocks clocks, Samples samples, Bootstrap bootstrap, Peaks peaks, Kernels kernels) {
        this(id, benchmark, params, status, message, source, timer, summary, tier, tierReasons, clocks, samples,
                bootstrap, peaks, kernels, null, null, null, null, null);
    }

    /** An entry of JMH's {@code mode}, without energy, not tied to a device. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry(String id, String benchmark, Map<String, String> params, String status, String message,
                          String source, String timer, Summary summary, String tier, List<String> tierReasons,
                          Clocks clocks, Samples samples, Bootstrap bootstrap, Peaks peaks, Kernels kernels, String mode) {
        this(id, benchmark, params, status, message, source, timer, summary, tier, tierReasons, clocks, samples,
                bootstrap, peaks, kernels, mode, null, null, null, null);
    }

    /** An entry with its energy, not tied to a device. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry(String id, String benchmark, Map<String, String> params, String status, String message,
                          String source, String timer, Summary summary, String tier, List<String> tierReasons,
                          Clocks clocks, Samples samples, Bootstrap bootstrap, Peaks peaks, Kernels kernels, String mode,
                          Energy energy) {
        this(id, benchmark, params, status, message, source, timer, summary, tier, tierReasons, clocks, samples,
                bootstrap, peaks, kernels, mode, energy, null, null, null);
    }

    /** An entry of a run's own report: no wall time, no origin. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry(String id, String benchmark, Map<String, String> params, String status, String message,
                          String source, String timer, Summary summary, String tier, List<String> tierReasons,
                          Clocks clocks, Samples samples, Bootstrap bootstrap, Peaks peaks, Kernels kernels, String mode,
                          Energy energy, Device device) {
        this(id, benchmark, params, status, message, source, timer, summary, tier, tierReasons, clocks, samples,
                bootstrap, peaks, kernels, mode, energy, device, null, null);
    }

    /** This entry measured in JMH's {@code mode} (its short label), its id saying so (and no device). */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry withMode(String jmhMode) {
        return new BenchmarkEntry(ReportEntries.id(benchmark, jmhMode, params), benchmark, params, status, message,
                source, timer, summary, tier, tierReasons, clocks, samples, bootstrap, peaks, kernels, jmhMode, energy,
                null, wallMillis, origin);
    }

    /** This entry with the wall time its forks took (milliseconds in all; null: not known). */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry withWallMillis(Double millis) {
        return new BenchmarkEntry(id, benchmark, params, status, message, source, timer, summary, tier, tierReasons,
                clocks, samples, bootstrap, peaks, kernels, mode, energy, device, millis, origin);
    }

    /** This entry as a merged report shows it: measured by {@code where}. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry withOrigin(Origin where) {
        return new BenchmarkEntry(id, benchmark, params, status, message, source, timer, summary, tier, tierReasons,
                clocks, samples, bootstrap, peaks, kernels, mode, energy, device, wallMillis, where);
    }

    /**
     * Where an entry of a merged report was measured.
     *
     * @param shard its shard, "K/N" ("" when the run was not sharded)
     * @param runId the run that recorded it in the history
     * @param host the node's host name
     * @param fingerprint the digest of the node's environment fingerprint (the report's {@code group}
     *     lists each one's fields)
     */
    public record Origin(String shard, Long runId, String host, String fingerprint) {
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Origin {
        }
}

    /** This entry with its energy (null: none asked for). */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry withEnergy(Energy e) {
        return new BenchmarkEntry(id, benchmark, params, status, message, source, timer, summary, tier, tierReasons, clocks,
                samples, bootstrap, peaks, kernels, mode, e, device, wallMillis, origin);
    }

    /**
     * Energy from the energy windows (see SCHEMA.md): joules per call (board total) and mean watts, each
     * a median over windows with its interval; idle watts measured before the work and joules per call
     * above idle; the windows' temperature range; the power sensor's integral over the counter's energy.
     * Where energy was asked for and not measured, only {@code unavailable} is present: every number
     * is left out, never zero.
     *
     * @param unavailable why there is no energy (null when measured)
     * @param joulesPerCall median board energy per call; {@code lower}, {@code upper} its interval
     * @param watts median of the windows' mean board power; {@code wattsLower}, {@code wattsUpper}
     * @param idleWatts idle power; {@code idleLower}, {@code idleUpper}
     * @param aboveIdle joules per call above idle power; {@code aboveIdleLower}, {@code aboveIdleUpper}
     * @param updatesPerWindow fewest counter updates a window spans
     * @param updatePeriodMs median time between the counter's updates
     * @param hotWindows windows that started hotter than the steady temperature
     * @param powerSensorRatio the power sensor's integral over the counter's energy (median over windows)
     * @param gflopsPerJoule declared flops per joule (null without declared flops)
     * @param gbPerJoule declared bytes per joule, 10^9 bytes
     * @param trace the windows in time order (idle ones first)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Energy(String unavailable, Double joulesPerCall, Double lower, Double upper, Double watts,
                         Double wattsLower, Double wattsUpper, Double idleWatts, Double idleLower, Double idleUpper,
                         Double aboveIdle, Double aboveIdleLower, Double aboveIdleUpper, Integer windows, Integer forks,
                         Integer updatesPerWindow, Double updatePeriodMs, Long calls, Double seconds,
                         Double temperatureMinC, Double temperatureMaxC, Double steadyTemperatureC, Integer hotWindows,
                         Double powerSensorRatio, Double gflopsPerJoule, Double gbPerJoule, List<String> throttleReasons,
                         List<String> notes, String estimator, List<EnergyPoint> trace) {
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Energy {
        }
}

    /**
     * One energy window of the power trace: fork, start and length in seconds (from the fork's watch),
     * joules, calls, mean watts, joules per call (null for idle), temperatures at its ends, whether it
     * started hotter than steady, whether it is an idle window.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record EnergyPoint(Integer fork, Double start, Double seconds, Double joules, Long calls, Double watts,
                              Double joulesPerCall, Double startC, Double endC, Boolean hot, Boolean idle) {
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public EnergyPoint {
        }
}

    /**
     * This entry measured on {@code gpu}; with {@code inId} (a run of several devices) its id ends in
     * {@code device=i}, so that each device's entry has its own.
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry withDevice(Device gpu, boolean inId) {
        String newId = inId ? ReportEntries.id(benchmark, mode, params, gpu.index()) : id;
        return new BenchmarkEntry(newId, benchmark, params, status, message, source, timer, summary, tier, tierReasons,
                clocks, samples, bootstrap, peaks, kernels, mode, energy, gpu, wallMillis, origin);
    }

    /**
     * A GPU, as the run's host named it.
     *
     * @param index CUDA index (the {@code devices} option's)
     * @param name e.g. "NVIDIA H200"
     * @param uuid "GPU-..." ("" when the driver did not say)
     * @param pciBusId "domain:bus:device.function" in hex
     */
    public record Device(Integer index, String name, String uuid, String pciBusId) {
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Device {
        }
}

    /**
     * The device's speed of light (see SCHEMA.md): peak DRAM bandwidth in GB/s, peak rate in TFLOP/s
     * in {@code precision}, and how both were computed.
     */
    public record Peaks(Double gbPerSecond, Double tflops, String precision, String basis) {
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Peaks {
        }
}

    /**
     * The kernels one call launches, from the kernel pass (milliseconds per call; shares are fractions
     * of the event time per call).
     *
     * @param calls calls recorded
     * @param kernelMedian median kernel time of a call (the sum of its kernels)
     * @param kernelLower its interval's lower bound
     * @param kernelUpper its interval's upper bound
     * @param eventMedian the benchmark's median event time per call
     * @param netEventMedian the event time net of the launch overhead
     * @param kernelShare kernel time over event time
     * @param launchAndGapShare 1 - kernelShare: launches and gaps
     * @param unattributed records outside every call
     * @param dropped records the recorder dropped
     * @param unavailable why there is no table ("" when there is one)
     * @param rows one per kernel
     */
    public record Kernels(Integer calls, Double kernelMedian, Double kernelLower, Double kernelUpper, Double eventMedian,
                          Double netEventMedian, Double kernelShare, Double launchAndGapShare, Integer unattributed,
                          Long dropped, String unavailable, List<KernelRow> rows) {
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Kernels {
            rows = rows == null ? List.of() : List.copyOf(rows);
            unavailable = unavailable == null ? "" : unavailable;
        }
    }

    /**
     * One kernel of a call: demangled name, symbol, grid and block, launches per call, median
     * duration of a launch with its interval (ms), share of the call's event time.
     */
    public record KernelRow(String name, String symbol, String grid, String block, Double countPerCall, Double median,
                            Double lower, Double upper, Double shareOfCall) {
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public KernelRow {
        }
}

    /**
     * Summary statistics, milliseconds per call unless named otherwise (SCHEMA.md lists every field).
     * Build one with {@link #builder()}: 29 positional arguments are too easy to swap. The canonical
     * constructor stays for Jackson, which binds results.json to it.
     *
     * @param estimator which bootstrap produced the interval
     * @param intervalScope what the interval covers, in words ("within this call", "over 5 forks"); null
     *     (left out of results.json) when the producer did not say
     * @param repeatLower where a repeat call's median lies given this one, from the host's repeatability
     *     (the option repeatSdPct): lower bound; null (left out) when the repeatability is not known
     * @param repeatUpper its upper bound
     * @param firstCall the host's wall time of the work's first call, synchronized, ms (not per call of a
     *     sample: the one call); null (left out of results.json) when not measured (JMH)
     */
    public record Summary(Double median, Double p10, Double p90, Double lower, Double upper, Double confidence,
                          Integer n, Integer windows, Integer forks, Integer innerReps, Long warmupCalls,
                          Double timerStep, Double launchOverhead, Double launchOverheadLower,
                          Double launchOverheadUpper, Double netMedian, Double netLower, Double netUpper,
                          Double flopsPerCall, Double bytesPerCall, Double tflops, Double gbPerSecond,
                          Double bandwidthShare, Double flopsShare, String estimator,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String intervalScope,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Double repeatLower,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Double repeatUpper,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Double firstCall) {
        @JsonCreator
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Summary {}

        /** A summary without the interval's scope or a repeat interval (as sns 0.1 wrote them). */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Summary(Double median, Double p10, Double p90, Double lower, Double upper, Double confidence,
                       Integer n, Integer windows, Integer forks, Integer innerReps, Long warmupCalls,
                       Double timerStep, Double launchOverhead, Double launchOverheadLower,
                       Double launchOverheadUpper, Double netMedian, Double netLower, Double netUpper,
                       Double flopsPerCall, Double bytesPerCall, Double tflops, Double gbPerSecond,
                       Double bandwidthShare, Double flopsShare, String estimator) {
            this(median, p10, p90, lower, upper, confidence, n, windows, forks, innerReps, warmupCalls, timerStep,
                    launchOverhead, launchOverheadLower, launchOverheadUpper, netMedian, netLower, netUpper,
                    flopsPerCall, bytesPerCall, tflops, gbPerSecond, bandwidthShare, flopsShare, estimator, null, null,
                    null, null);
        }

        /** A builder with every field null (not measured). */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public static SummaryBuilder builder() {
            return new SummaryBuilder();
        }
    }

    /**
     * Clock and throttle evidence over the measurement windows: clocks in MHz, temperatures in degrees
     * Celsius, power in watts, throttle counters in nanoseconds. Build one with {@link #builder()}.
     */
    public record Clocks(String source, Boolean locked, Double smMeanMhz, Double smCvPercent, Double smRangeMhz,
                         List<Double> smMhz, List<Double> memMhz, List<String> throttleReasons,
                         List<String> metadataReasons, Map<String, Long> violationNanos, List<Double> temperatureC,
                         List<Double> powerW) {
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Clocks {
            violationNanos = new TreeMap<>(violationNanos == null ? Map.of() : violationNanos);
        }

        /** A builder with every field null (not measured). */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public static ClocksBuilder builder() {
            return new ClocksBuilder();
        }
    }

    /** Raw samples in time order, with the window and fork each was taken in. */
    public record Samples(List<Double> millis, List<Integer> window, List<Integer> fork) {
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Samples {
        }
}

    /** How the interval was computed; the seed as hex text. */
    public record Bootstrap(Double confidence, Integer resamples, String seed) {
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Bootstrap {
        }
}
}
