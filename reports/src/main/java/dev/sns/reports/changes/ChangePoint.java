package dev.sns.reports.changes;

import dev.sns.reports.history.HistoryPoint;

/**
 * Where a benchmark's series changed level: the first run of the new segment.
 *
 * @param index the run's position in the reading
 * @param run the first run of the new segment
 * @param before the median of the segment before, in the reading's unit
 * @param after the median of the segment from this run on
 * @param change after / before - 1 (positive: slower)
 * @param pValue the permutation test's p-value
 * @param sigmas how many standard errors of the difference the change is, by the noise
 */
public record ChangePoint(int index, HistoryPoint run, double before, double after, double change, double pValue,
                          double sigmas) {
    /** Whether the new segment is slower (more time or cycles per call). */
    public boolean slower() {
        return change > 0;
    }
}
