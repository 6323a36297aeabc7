package dev.sns.reports.changes;

import dev.sns.reports.history.BenchmarkSeries;
import dev.sns.reports.history.HistoryPoint;
import java.util.ArrayList;
import java.util.List;

/**
 * A history series as the numbers the analysis reads: one value per measured run (tier C runs left
 * out: a throttled run says nothing about the code), each with the half-width of the run's own
 * interval, in time or in cycles.
 *
 * @param series the series read
 * @param points the runs read, oldest first (measured, not tier C, the newest {@code lastRuns}; all
 *     means the newest {@link ChangeSettings#MAX_RUNS})
 * @param values each run's median, in the space's unit
 * @param halfWidths half the width of each run's own interval, same unit
 * @param confidences each run's interval confidence (0.95 when not recorded)
 * @param space time or cycles
 * @param why why this space, in words
 * @param leftOut runs not read: tier C, failed, skipped or without an interval
 */
public record SeriesReading(BenchmarkSeries series, List<HistoryPoint> points, double[] values, double[] halfWidths,
                            double[] confidences, Space space, String why, int leftOut) {
    /** Cycles per millisecond per MHz: a time in ms times a clock in MHz is this many thousand cycles. */
    static final double CYCLES_PER_MS_MHZ = 1000.0;

    /** Reads {@code series} in {@code wanted} space (auto: cycles when clocks floated and every run has evidence). */
    public static SeriesReading of(BenchmarkSeries series, Space wanted, int lastRuns) {
        List<HistoryPoint> usable = new ArrayList<>();
        int leftOut = 0;
        for (HistoryPoint p : series.points()) {
            if (p.measured() && !"C".equals(p.tier())) {
                usable.add(p);
            } else {
                leftOut++;
            }
        }
        int keep = lastRuns > 0 ? lastRuns : ChangeSettings.MAX_RUNS;
        if (usable.size() > keep) {
            usable = new ArrayList<>(usable.subList(usable.size() - keep, usable.size()));
        }
        boolean allClocks = !usable.isEmpty() && usable.stream().allMatch(HistoryPoint::hasClockEvidence);
        boolean floating = usable.stream().anyMatch(p -> !p.clockLocked());
        Space space;
        String why;
        switch (wanted) {
            case TIME -> {
                space = Space.TIME;
                why = "time, as asked";
            }
            case CYCLES -> {
                if (!allClocks) {
                    throw new IllegalArgumentException(series.benchmarkId() + ": cannot read cycles, "
                            + "not every run has clock evidence (a mean SM clock): use --space time or auto");
                }
                space = Space.CYCLES;
                why = "cycles (time x mean SM clock), as asked";
            }
            default -> {
                if (usable.isEmpty()) {
                    space = Space.TIME;
                    why = "nothing: no run was measured outside tier C";
                } else if (allClocks && floating) {
                    space = Space.CYCLES;
                    why = "cycles (time x mean SM clock): the clocks floated, so a run at a lower clock does not "
                            + "read as slower code";
                } else if (!floating && !usable.isEmpty()) {
                    space = Space.TIME;
                    why = "time: the clocks were locked in every run";
                } else {
                    space = Space.TIME;
                    why = "time: not every run has clock evidence";
                }
            }
        }
        int n = usable.size();
        double[] values = new double[n];
        double[] half = new double[n];
        double[] conf = new double[n];
        for (int i = 0; i < n; i++) {
            HistoryPoint p = usable.get(i);
            double scale = space == Space.CYCLES ? p.smMeanMhz() * CYCLES_PER_MS_MHZ : 1.0;
            values[i] = p.medianMillis() * scale;
            half[i] = (p.upperMillis() - p.lowerMillis()) / 2.0 * scale;
            conf[i] = p.confidence() == null || !(p.confidence() > 0 && p.confidence() < 1) ? 0.95 : p.confidence();
        }
        return new SeriesReading(series, List.copyOf(usable), values, half, conf, space, why, leftOut);
    }

    /** Run {@code i}'s own lower bound, in the space's unit (the interval as recorded, not median - half-width). */
    public double lower(int i) {
        return points.get(i).lowerMillis() * scale(i);
    }

    /** Run {@code i}'s own upper bound, in the space's unit. */
    public double upper(int i) {
        return points.get(i).upperMillis() * scale(i);
    }

    private double scale(int i) {
        return space == Space.CYCLES ? points.get(i).smMeanMhz() * CYCLES_PER_MS_MHZ : 1.0;
    }

    /** The unit of {@link #values}: "ms" or "cycles". */
    public String unit() {
        return space == Space.CYCLES ? "cycles" : "ms";
    }

    /**
     * Each run's noise: the series' own noise, or the run's interval (as a standard deviation)
     * where that is wider.
     */
    public double[] pointNoise(double seriesNoise) {
        double[] s = new double[values.length];
        for (int i = 0; i < s.length; i++) {
            double z = RobustNoise.normalQuantile(0.5 + confidences[i] / 2.0);
            s[i] = Math.max(seriesNoise, halfWidths[i] / z);
        }
        return s;
    }
}
