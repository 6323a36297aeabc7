package dev.sns.reports.changes;

import dev.sns.reports.history.BenchmarkSeries;
import dev.sns.reports.history.HistoryException;
import dev.sns.reports.history.HistoryPoint;
import dev.sns.reports.history.HistoryStore;
import dev.sns.reports.history.RecordedRun;
import dev.sns.stats.MinDetectableChange;
import java.util.ArrayList;
import java.util.List;

/**
 * The CI gate: does run R start a significantly slower segment? For each benchmark R measured, the
 * history before R on R's fingerprint (the last {@code lastRuns}) is split into segments by
 * {@link ChangeDetector}; the last segment is R's baseline. R is SLOWER when both hold:
 * <ul>
 *   <li>its median is above the baseline's median by more than the threshold (5% by default), and</li>
 *   <li>the difference is beyond the noise: more than {@code z} standard errors, with
 *       {@code se^2 = s_R^2 + pi/2 * s_B^2 / n_B}, {@code s} the series' robust noise or the run's own
 *       interval where wider, {@code z} the two-sided quantile of the significance level.</li>
 * </ul>
 * One slower run cannot yet be told from an outlier: the gate fails on it anyway (a CI job must
 * stop the commit that made things slower), and {@code changes} confirms or clears it once more
 * runs follow. FASTER is the same rule the other way. Runs in tier C, failed or skipped are not
 * judged; fewer than {@link #MIN_HISTORY} earlier runs give NO_HISTORY.
 *
 * <p>Boards: when the series holds runs on more than one board (a fleet), each board's offset from the
 * fleet is estimated ({@link BoardChanges}) and taken out of the history; a run on a board with
 * {@value #MIN_BOARD_RUNS} or more earlier runs is judged against its own board's history (its offset
 * taken out too), a run on a board new to the history against the fleet's spread (the between-board
 * standard deviation joins the standard error). The reason says which, so a lease on another board
 * does not read as a regression, nor hide one.
 */
public final class HistoryGate {
    /** Earlier runs needed before a benchmark is judged: the noise estimate needs a few differences. */
    public static final int MIN_HISTORY = 5;
    /** The default threshold: the design's "narrow enough to call a 5% difference". */
    public static final double DEFAULT_THRESHOLD = 0.05;

    private HistoryGate() {}

    /** Judges run {@code runId} of {@code store} against its history. */
    public static List<GateResult> judge(HistoryStore store, RecordedRun run, double threshold, ChangeSettings settings)
            throws HistoryException {
        if (!(threshold >= 0 && threshold < 1)) {
            throw new IllegalArgumentException("threshold must be in [0, 1) (0.05 is 5%), got " + threshold);
        }
        List<GateResult> results = new ArrayList<>();
        for (String id : store.benchmarkIds(run.id())) {
            BenchmarkSeries series = store.series(id, HistoryStore.DEFAULT_DEVICE).stream()
                    .filter(s -> s.fingerprint().equals(run.fingerprint())).findFirst().orElse(null);
            results.add(judge(series, id, run.id(), threshold, settings));
        }
        return results;
    }

    /** Judges run {@code runId} of one series (null: the benchmark has no series on the run's fingerprint). */
    static GateResult judge(BenchmarkSeries series, String id, long runId, double threshold, ChangeSettings settings) {
        HistoryPoint point = null;
        List<HistoryPoint> before = new ArrayList<>();
        if (series != null) {
            for (HistoryPoint p : series.points()) {
                if (p.runId() == runId) {
                    point = p;
                    break;
                }
                before.add(p);
            }
        }
        if (point == null || !point.measured() || "C".equals(point.tier())) {
            String why = point == null ? "not in this run" : !point.measured() ? "not measured in this run ("
                    + point.status() + ")" : "tier C in this run: throttled or unstable clocks, no verdict is valid";
            return notJudged(id, GateVerdict.NOT_JUDGED, point, why);
        }
        HistoryPoint original = point;
        String boardWords = "";
        double fleetSpread = 0;
        java.util.Set<String> boards = new java.util.TreeSet<>();
        before.stream().filter(HistoryPoint::measured).forEach(p -> boards.add(p.board()));
        boards.add(point.board());
        if (boards.size() > 1) {
            BoardChanges bc = BoardChanges.analyze(new BenchmarkSeries(id, series.device(), series.fingerprint(),
                    series.fingerprintFields(), before), settings);
            before = bc.time().corrected(bc.series().points());
            BoardOffsets.Offset own = bc.time().of(point.board());
            String name = boardName(point.board());
            if (own != null && own.runs() >= MIN_BOARD_RUNS) {
                point = point.scaledBy(own.factor(), 1.0);
                boardWords = "against its own board's history (" + name + ": " + own.runs() + " runs, its offset "
                        + own.words() + " from the fleet taken out); ";
            } else if (Double.isFinite(bc.time().spread())) {
                fleetSpread = bc.time().spread();
                boardWords = name + " is new to this history (" + (own == null ? 0 : own.runs()) + " earlier run"
                        + (own != null && own.runs() == 1 ? "" : "s") + "): against the fleet's spread (boards differ by "
                        + String.format(java.util.Locale.ROOT, "%.2f%%", fleetSpread * 100) + ", one sd); ";
            } else {
                return notJudged(id, GateVerdict.NO_HISTORY, original, name + " is new to this history, whose runs "
                        + "were on one other board: the boards' spread is not known yet, so a board switch cannot be "
                        + "told from a change");
            }
        }
        List<HistoryPoint> withRun = new ArrayList<>(before);
        withRun.add(point);
        BenchmarkSeries upTo = new BenchmarkSeries(id, series.device(), series.fingerprint(), series.fingerprintFields(),
                withRun);
        SeriesReading all = SeriesReading.of(upTo, settings.space(), settings.lastRuns() <= 0 ? 0 : settings.lastRuns() + 1);
        int n = all.values().length - 1;
        if (n < MIN_HISTORY) {
            return notJudged(id, GateVerdict.NO_HISTORY, point, n + " earlier measured run" + (n == 1 ? "" : "s")
                    + " on this fingerprint, " + MIN_HISTORY + " needed to know the noise");
        }
        BenchmarkSeries history = new BenchmarkSeries(id, series.device(), series.fingerprint(),
                series.fingerprintFields(), all.points().subList(0, n));
        SeriesChanges changes = ChangeDetector.analyze(history, settings.withSpace(all.space()).withLastRuns(0));
        Segment base = changes.segments().get(changes.segments().size() - 1);
        double value = all.values()[n];
        double runNoise = all.pointNoise(changes.noise())[n];
        double board = base.median() * fleetSpread;
        double se = Math.sqrt(runNoise * runNoise + Math.PI / 2 * base.noise() * base.noise() / base.size()
                + board * board);
        double diff = value - base.median();
        double change = value / base.median() - 1;
        double sigmas = se > 0 ? Math.abs(diff) / se : diff != 0 ? Double.POSITIVE_INFINITY : 0;
        double z = RobustNoise.normalQuantile(1 - settings.significance() / 2);
        String unit = all.unit();
        String where = boardWords + "against the " + base.size() + " runs since run " + history.points().get(base.from()).runId()
                + (base.from() == 0 ? "" : " (a change there)") + ", in " + all.space();
        GateVerdict verdict;
        String reason;
        if (Math.abs(change) > threshold && sigmas > z) {
            verdict = change > 0 ? GateVerdict.SLOWER : GateVerdict.FASTER;
            reason = (change > 0 ? "starts a slower segment: " : "faster: ") + percent(change) + " " + where + ", "
                    + round(sigmas) + " standard errors (threshold " + percent(threshold) + ")"
                    + (change > 0 ? "; one run cannot yet be told from an outlier: run again to confirm" : "");
        } else {
            verdict = GateVerdict.UNCHANGED;
            reason = percent(change) + " " + where + ", " + round(sigmas) + " standard errors: "
                    + (Math.abs(change) <= threshold ? "within the threshold of " + percent(threshold)
                    : "within the noise (" + round(z) + " needed)");
        }
        return new GateResult(id, verdict, original, base.median(), value, change, sigmas, base.size(), unit,
                verdict == GateVerdict.UNCHANGED
                        ? reason + blindSpot(threshold, (z + MinDetectableChange.Z_POWER) * se / Math.abs(base.median()))
                        : reason);
    }

    /** Runs on a board before its own history is read (its offset needs a couple of runs to be known). */
    public static final int MIN_BOARD_RUNS = 2;

    private static String boardName(String key) {
        return key.isEmpty() ? "a run without a recorded board" : "board " + (key.length() > 12 ? key.substring(0, 12) : key);
    }

    /**
     * "; this benchmark cannot see 1%; it sees 3%" when {@code threshold} is below the minimum
     * detectable change {@code mdc} (at the gate's significance and 80% power, from the same standard
     * error the gate judges with), else "".
     */
    static String blindSpot(double threshold, double mdc) {
        return Double.isFinite(mdc) && threshold < mdc ? "; this benchmark cannot see " + percent(threshold)
                + "; it sees " + percent(mdc) + " (80% power)" : "";
    }

    private static GateResult notJudged(String id, GateVerdict v, HistoryPoint p, String why) {
        return new GateResult(id, v, p, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0, "ms", why);
    }

    private static String percent(double fraction) {
        return String.format(java.util.Locale.ROOT, "%+.1f%%", fraction * 100);
    }

    private static String round(double v) {
        return String.format(java.util.Locale.ROOT, "%.1f", v);
    }
}
