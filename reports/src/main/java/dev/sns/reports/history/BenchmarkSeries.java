package dev.sns.reports.history;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A benchmark's points over runs on one environment: absolute times are comparable only within one
 * fingerprint, so a benchmark has one series per fingerprint (and device).
 *
 * @param benchmarkId the id with its params ("pkg.Class.method:n=1024")
 * @param device the device index as text ("0")
 * @param fingerprint the fingerprint's digest (16 hex characters)
 * @param fingerprintFields the fingerprint itself, key to value
 * @param points in run order (start time, then id), oldest first
 */
public record BenchmarkSeries(String benchmarkId, String device, String fingerprint,
                              Map<String, String> fingerprintFields, List<HistoryPoint> points) {
    public BenchmarkSeries {
        Objects.requireNonNull(benchmarkId, "benchmarkId");
        fingerprintFields = Map.copyOf(fingerprintFields);
        points = List.copyOf(points);
    }

    /** The GPU in the fingerprint, "" when there was none. */
    public String gpuName() {
        return fingerprintFields.getOrDefault("gpuName", "");
    }

    /** The measured points only (ok, with a finite median and interval). */
    public List<HistoryPoint> measured() {
        return points.stream().filter(HistoryPoint::measured).toList();
    }

    /** This series with only its last {@code count} points (all when {@code count <= 0} or larger). */
    public BenchmarkSeries last(int count) {
        if (count <= 0 || count >= points.size()) {
            return this;
        }
        return new BenchmarkSeries(benchmarkId, device, fingerprint, fingerprintFields,
                points.subList(points.size() - count, points.size()));
    }
}
