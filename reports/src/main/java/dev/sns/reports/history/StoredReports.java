package dev.sns.reports.history;

import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.RunReport;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * A recorded run read back as a {@link RunReport}: what the history keeps of each benchmark (its
 * summary, tier, clock summary and wall time) and the comparisons. The raw samples, tier reasons,
 * kernel tables and peaks stay in the run's own results.json.
 */
final class StoredReports {
    /** Said in the tier reasons of every entry read back, where a run's own report lists the reasons. */
    static final String FROM_HISTORY = "read from the history, which keeps the tier but not its reasons (they are in "
            + "the run's results.json)";

    private StoredReports() {}

    static RunReport read(Connection c, long runId, Map<String, String> fingerprint,
                          Map<String, dev.sns.reports.BoardEntry> boards) throws SQLException {
        String createdAt;
        String version;
        String seed;
        try (PreparedStatement p = c.prepareStatement("SELECT created_at, sns_version, seed FROM runs WHERE id = ?")) {
            p.setLong(1, runId);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) {
                    throw new SQLException("there is no run " + runId);
                }
                createdAt = r.getString(1);
                version = r.getString(2);
                seed = r.getString(3);
            }
        }
        Map<String, String> options = new TreeMap<>();
        try (PreparedStatement p = c.prepareStatement("SELECT key, value FROM run_options WHERE run_id = ?")) {
            p.setLong(1, runId);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    options.put(r.getString(1), r.getString(2));
                }
            }
        }
        List<BenchmarkEntry> entries = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT benchmark_id, benchmark, params, status, message, source, "
                + "tier, median_ms, lower_ms, upper_ms, confidence, n, windows, forks, sm_mean_mhz, sm_cv_percent, "
                + "clock_locked, throttled, p10_ms, p90_ms, wall_ms, board FROM results WHERE run_id = ? "
                + "ORDER BY benchmark_id")) {
            p.setLong(1, runId);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    BenchmarkEntry e = entry(r, seed);
                    String board = r.getString(22);
                    if (board != null && boards.containsKey(board)) {
                        e = e.withBoard(boards.get(board)); // the board it ran on, as the boards table keeps it
                    }
                    entries.add(e);
                }
            }
        }
        return new RunReport(RunReport.SCHEMA, RunReport.SCHEMA_VERSION, version, createdAt, fingerprint, options, seed,
                entries, StoredComparisons.read(c, runId));
    }

    private static BenchmarkEntry entry(ResultSet r, String seed) throws SQLException {
        String id = r.getString(1);
        String benchmark = r.getString(2);
        String status = r.getString(4);
        boolean ok = "ok".equals(status);
        BenchmarkEntry.Summary summary = null;
        BenchmarkEntry.Clocks clocks = null;
        if (ok) {
            summary = BenchmarkEntry.Summary.builder().median(real(r, 8)).lower(real(r, 9)).upper(real(r, 10))
                    .confidence(real(r, 11)).n(integer(r, 12)).windows(integer(r, 13)).forks(integer(r, 14))
                    .p10(real(r, 19)).p90(real(r, 20)).build();
            Double sm = real(r, 15);
            clocks = BenchmarkEntry.Clocks.builder().smMeanMhz(sm).smCvPercent(real(r, 16)).locked(r.getInt(17) != 0)
                    .throttleReasons(r.getInt(18) != 0 ? List.of("throttled (the history keeps the flag; the reasons are "
                            + "in the run's results.json)") : List.of()).source(sm == null ? null : "history").build();
        }
        String mode = id.startsWith(benchmark + "@") ? id.substring(benchmark.length() + 1).split(":", 2)[0] : null;
        return new BenchmarkEntry(id, benchmark, params(r.getString(3)), status, r.getString(5), r.getString(6), null,
                summary, ok ? r.getString(7) : null, ok ? List.of(FROM_HISTORY) : List.of(), clocks, null,
                ok ? new BenchmarkEntry.Bootstrap(real(r, 11), null, seed) : null, null, null, mode)
                .withWallMillis(real(r, 21));
    }

    /** "k1=v1;k2=v2", keys sorted, as the results table keeps parameters. */
    static String params(Map<String, String> params) {
        StringJoiner j = new StringJoiner(";");
        new TreeMap<>(params).forEach((k, v) -> j.add(k + "=" + v));
        return j.toString();
    }

    static Map<String, String> params(String text) {
        Map<String, String> m = new TreeMap<>();
        if (text == null || text.isEmpty()) {
            return m;
        }
        for (String kv : text.split(";")) {
            int eq = kv.indexOf('=');
            if (eq > 0) {
                m.put(kv.substring(0, eq), kv.substring(eq + 1));
            }
        }
        return m;
    }

    static Double real(ResultSet r, int column) throws SQLException {
        double v = r.getDouble(column);
        return r.wasNull() ? null : v;
    }

    static Integer integer(ResultSet r, int column) throws SQLException {
        int v = r.getInt(column);
        return r.wasNull() ? null : v;
    }
}
