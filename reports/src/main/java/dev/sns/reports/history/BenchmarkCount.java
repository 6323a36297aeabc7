package dev.sns.reports.history;

/**
 * A benchmark the history knows, with how often it was recorded.
 *
 * @param benchmarkId the id with its params
 * @param device the device index as text
 * @param runs how many runs recorded it
 * @param lastRunId the newest run that did
 */
public record BenchmarkCount(String benchmarkId, String device, int runs, long lastRunId) {}
