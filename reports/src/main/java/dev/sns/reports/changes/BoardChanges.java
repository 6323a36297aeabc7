package dev.sns.reports.changes;

import dev.sns.reports.history.BenchmarkSeries;
import dev.sns.reports.history.HistoryPoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A series' changes read with its boards apart: each board's offset from the fleet (time and energy,
 * {@link BoardOffsets}) is taken out before the change detector looks, so that a lease on another
 * board is not a change, and the offsets are fitted within the segments the detector found (a change
 * of the code is not a board's offset). Two rounds: offsets over the whole series, changes of the
 * corrected series, offsets again within its segments, changes again, and the final offsets within
 * the final segments.
 *
 * @param series the measured points read (the last {@code lastRuns} of them), in time order
 * @param changes the changes of the board-corrected series (of the series itself with one board)
 * @param time each board's offset in time
 * @param energy each board's offset in energy per call (no boards when no run has energy)
 */
public record BoardChanges(BenchmarkSeries series, SeriesChanges changes, BoardOffsets time, BoardOffsets energy) {
    /** The confidence of the offsets' intervals. */
    public static final double CONFIDENCE = 0.95;

    /**
     * Reads {@code series} with its boards apart.
     *
     * @param series one benchmark on one environment
     * @param settings the detector's settings ({@code lastRuns} picks the measured runs read)
     * @return its changes and offsets
     */
    public static BoardChanges analyze(BenchmarkSeries series, ChangeSettings settings) {
        List<HistoryPoint> pts = series.measured();
        if (settings.lastRuns() > 0 && pts.size() > settings.lastRuns()) {
            pts = pts.subList(pts.size() - settings.lastRuns(), pts.size());
        }
        BenchmarkSeries read = with(series, pts);
        ChangeSettings all = settings.withLastRuns(0);
        BoardOffsets time = BoardOffsets.time(pts, new int[0], CONFIDENCE);
        SeriesChanges changes = ChangeDetector.analyze(with(series, time.corrected(pts)), all);
        if (time.severalBoards()) {
            for (int round = 0; round < 2; round++) {
                time = BoardOffsets.time(pts, starts(changes), CONFIDENCE);
                changes = ChangeDetector.analyze(with(series, time.corrected(pts)), all);
            }
            time = BoardOffsets.time(pts, starts(changes), CONFIDENCE);
        }
        Set<Long> changeRuns = changes.changes().stream().map(c -> c.run().runId()).collect(Collectors.toSet());
        List<HistoryPoint> withEnergy = pts.stream().filter(HistoryPoint::hasEnergy).toList();
        List<Integer> energyStarts = new ArrayList<>();
        for (int i = 0; i < withEnergy.size(); i++) {
            if (changeRuns.contains(withEnergy.get(i).runId())) {
                energyStarts.add(i);
            }
        }
        BoardOffsets energy = BoardOffsets.energy(withEnergy, energyStarts.stream().mapToInt(Integer::intValue).toArray(),
                CONFIDENCE);
        return new BoardChanges(read, changes, time, energy);
    }

    /** {@return the series with its boards' time offsets taken out} */
    public BenchmarkSeries corrected() {
        return with(series, time.corrected(series.points()));
    }

    private static int[] starts(SeriesChanges c) {
        return c.changes().stream().mapToInt(ChangePoint::index).toArray();
    }

    private static BenchmarkSeries with(BenchmarkSeries s, List<HistoryPoint> points) {
        return new BenchmarkSeries(s.benchmarkId(), s.device(), s.fingerprint(), s.fingerprintFields(), points);
    }
}
