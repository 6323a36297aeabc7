package dev.sns.reports;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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
 * @param mode JMH's benchmark mode, short label ("avgt", "thrpt", "sample", "ss"); null (left out of
 *     results.json) outside JMH
 */
public record BenchmarkEntry(String id, String benchmark, Map<String, String> params, String status, String message,
                             String source, String timer, Summary summary, String tier, List<String> tierReasons,
                             Clocks clocks, Samples samples, Bootstrap bootstrap,
                             @JsonInclude(JsonInclude.Include.NON_NULL) String mode) {
    @JsonCreator
    public BenchmarkEntry {
        params = new TreeMap<>(params == null ? Map.of() : params);
        tierReasons = tierReasons == null ? List.of() : List.copyOf(tierReasons);
        message = message == null ? "" : message;
    }

    /** An entry without a JMH mode (the Java API's). */
    public BenchmarkEntry(String id, String benchmark, Map<String, String> params, String status, String message,
                          String source, String timer, Summary summary, String tier, List<String> tierReasons,
                          Clocks clocks, Samples samples, Bootstrap bootstrap) {
        this(id, benchmark, params, status, message, source, timer, summary, tier, tierReasons, clocks, samples,
                bootstrap, null);
    }

    /** This entry measured in JMH's {@code mode} (its short label), its id saying so. */
    public BenchmarkEntry withMode(String jmhMode) {
        return new BenchmarkEntry(ReportEntries.id(benchmark, jmhMode, params), benchmark, params, status, message,
                source, timer, summary, tier, tierReasons, clocks, samples, bootstrap, jmhMode);
    }

    /**
     * Summary statistics, milliseconds per call unless named otherwise (SCHEMA.md lists every field).
     * Build one with {@link #builder()}: 23 positional arguments are too easy to swap. The canonical
     * constructor stays for Jackson, which binds results.json to it.
     *
     * @param estimator which bootstrap produced the interval
     */
    public record Summary(Double median, Double p10, Double p90, Double lower, Double upper, Double confidence,
                          Integer n, Integer windows, Integer forks, Integer innerReps, Long warmupCalls,
                          Double timerStep, Double launchOverhead, Double launchOverheadLower,
                          Double launchOverheadUpper, Double netMedian, Double netLower, Double netUpper,
                          Double flopsPerCall, Double bytesPerCall, Double tflops, Double gbPerSecond,
                          String estimator) {
        /** A builder with every field null (not measured). */
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
        public Clocks {
            violationNanos = new TreeMap<>(violationNanos == null ? Map.of() : violationNanos);
        }

        /** A builder with every field null (not measured). */
        public static ClocksBuilder builder() {
            return new ClocksBuilder();
        }
    }

    /** Raw samples in time order, with the window and fork each was taken in. */
    public record Samples(List<Double> millis, List<Integer> window, List<Integer> fork) {}

    /** How the interval was computed; the seed as hex text. */
    public record Bootstrap(Double confidence, Integer resamples, String seed) {}
}
