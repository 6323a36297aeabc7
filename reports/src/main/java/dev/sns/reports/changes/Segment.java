package dev.sns.reports.changes;

/**
 * Runs between two change points: positions {@code [from, to)} of the reading, their median and
 * mean noise (reading's unit).
 */
public record Segment(int from, int to, double median, double noise) {
    public int size() {
        return to - from;
    }
}
