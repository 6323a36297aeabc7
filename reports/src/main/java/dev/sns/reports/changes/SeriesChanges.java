package dev.sns.reports.changes;

import java.util.List;

/**
 * A series' analysis: the reading, its noise, its segments and the changes between them.
 *
 * @param reading the numbers read
 * @param noise the series' own noise (robust standard deviation), reading's unit
 * @param segments the segments, oldest first
 * @param changes one per boundary between segments (significant and beyond the noise)
 * @param dropped splits E-divisive found that were not beyond the noise or the smallest change
 */
public record SeriesChanges(SeriesReading reading, double noise, List<Segment> segments, List<ChangePoint> changes,
                            int dropped) {}
