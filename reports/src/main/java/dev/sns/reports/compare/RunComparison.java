package dev.sns.reports.compare;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The old run against the new one: every benchmark and every speedup, each with its {@link Change}
 * and the reason for it.
 *
 * @param before the old run
 * @param after the new run
 * @param threshold relative gap two time intervals must exceed to count as a change (0.05 is 5%)
 * @param fingerprintDifferences the fields in which the two environments differ ("gpuName NVIDIA
 *     H200 vs NVIDIA A100"); any one rules out comparing absolute times
 * @param benchmarks one entry per benchmark id in either run: the new run's order, then the removed
 * @param comparisons one entry per (candidate, baseline) in either run, in the same order
 */
public record RunComparison(@JsonProperty("old") Run before, @JsonProperty("new") Run after, double threshold,
                            List<String> fingerprintDifferences, List<BenchmarkChange> benchmarks,
                            List<RatioChange> comparisons) {
    public RunComparison {
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
        fingerprintDifferences = List.copyOf(fingerprintDifferences);
        benchmarks = List.copyOf(benchmarks);
        comparisons = List.copyOf(comparisons);
    }

    /**
     * Where a run came from.
     *
     * @param file the results.json as named on the command line
     * @param createdAt when the run started (ISO-8601), as recorded
     * @param snsVersion the sns that wrote it
     * @param gpuName the fingerprint's GPU, "" when there was none
     */
    public record Run(String file, String createdAt, String snsVersion, String gpuName) {}

    /**
     * A benchmark's median and interval in one run, in milliseconds per call (null: not measured).
     *
     * @param status ok, failed or skipped
     */
    public record TimeReading(String status, Double medianMillis, Double lowerMillis, Double upperMillis, String tier) {
        /** Whether there is a median and an interval to judge. */
        @JsonIgnore
        public boolean hasInterval() {
            return "ok".equals(status) && medianMillis != null && lowerMillis != null && upperMillis != null;
        }
    }

    /**
     * One benchmark across the two runs.
     *
     * @param medianChange new median / old median - 1, only where the times were judged (else null)
     * @param reason why the change is what it is, in words
     */
    public record BenchmarkChange(String id, Change change, @JsonProperty("old") TimeReading before,
                                  @JsonProperty("new") TimeReading after, Double medianChange, String reason) {}

    /** A comparison's speedup (baseline / candidate) and interval in one run, with its tier and verdict. */
    public record RatioReading(Double speedup, Double lower, Double upper, String tier, String verdict) {
        /** Whether there is a speedup interval to judge. */
        @JsonIgnore
        public boolean hasInterval() {
            return speedup != null && lower != null && upper != null;
        }
    }

    /** One (candidate, baseline) comparison across the two runs. */
    public record RatioChange(String candidate, String baseline, Change change, @JsonProperty("old") RatioReading before,
                              @JsonProperty("new") RatioReading after, String reason) {}

    /** How many benchmarks and comparisons each change has, every change listed (zeros included). */
    public Map<Change, Integer> counts() {
        Map<Change, Integer> m = new EnumMap<>(Change.class);
        for (Change c : Change.values()) {
            m.put(c, 0);
        }
        benchmarks.forEach(b -> m.merge(b.change(), 1, Integer::sum));
        comparisons.forEach(c -> m.merge(c.change(), 1, Integer::sum));
        return m;
    }

    /** Whether any benchmark or comparison regressed: the CLI then exits with 1. */
    public boolean hasRegression() {
        return counts().get(Change.REGRESSION) > 0;
    }

    /** Whether absolute times could be compared at all (the fingerprints match). */
    public boolean fingerprintsMatch() {
        return fingerprintDifferences.isEmpty();
    }
}
