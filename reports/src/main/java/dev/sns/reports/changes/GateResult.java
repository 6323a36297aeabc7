package dev.sns.reports.changes;

import dev.sns.reports.history.HistoryPoint;

/**
 * The gate's answer for one benchmark.
 *
 * @param benchmarkId the benchmark (with params)
 * @param verdict the answer
 * @param run this run's point (null when the benchmark has none)
 * @param baseline the median of the baseline segment (reading's unit), NaN when not judged
 * @param value this run's median (reading's unit), NaN when not judged
 * @param change value / baseline - 1, NaN when not judged
 * @param sigmas the difference in standard errors, NaN when not judged
 * @param baselineRuns how many runs the baseline segment has
 * @param unit "ms" or "cycles"
 * @param reason why, in words
 */
public record GateResult(String benchmarkId, GateVerdict verdict, HistoryPoint run, double baseline, double value,
                         double change, double sigmas, int baselineRuns, String unit, String reason) {}
