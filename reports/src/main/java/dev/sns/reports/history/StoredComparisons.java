package dev.sns.reports.history;

import dev.sns.reports.ComparisonEntry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** A run's comparisons in table {@code comparisons}: one row per (candidate, baseline), every field of the entry. */
final class StoredComparisons {
    private static final String COLUMNS = "candidate_id, baseline_id, params, speedup, lower_bound, upper_bound, "
            + "confidence, cycle_lower, cycle_upper, net_speedup, net_lower, net_upper, net_unavailable, tier, verdict, "
            + "verdict_on, design, rounds, faster_threshold, slower_threshold, min_detectable_change";

    private StoredComparisons() {}

    static void insert(Connection c, long runId, List<ComparisonEntry> comparisons) throws SQLException {
        if (comparisons.isEmpty()) {
            return;
        }
        try (PreparedStatement p = c.prepareStatement("INSERT INTO comparisons (run_id, " + COLUMNS + ") VALUES (?, ?, ?, "
                + "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")) {
            for (ComparisonEntry e : comparisons) {
                int i = 1;
                p.setLong(i++, runId);
                p.setString(i++, e.candidate());
                p.setString(i++, e.baseline());
                p.setString(i++, StoredReports.params(e.params()));
                i = JdbcHistoryStore.real(p, i, e.speedup());
                i = JdbcHistoryStore.real(p, i, e.lower());
                i = JdbcHistoryStore.real(p, i, e.upper());
                i = JdbcHistoryStore.real(p, i, e.confidence());
                i = JdbcHistoryStore.real(p, i, e.cycleLower());
                i = JdbcHistoryStore.real(p, i, e.cycleUpper());
                i = JdbcHistoryStore.real(p, i, e.netSpeedup());
                i = JdbcHistoryStore.real(p, i, e.netLower());
                i = JdbcHistoryStore.real(p, i, e.netUpper());
                p.setString(i++, e.netUnavailable());
                p.setString(i++, e.tier());
                p.setString(i++, e.verdict());
                p.setString(i++, e.verdictOn());
                p.setString(i++, e.design());
                i = JdbcHistoryStore.integer(p, i, e.rounds());
                i = JdbcHistoryStore.real(p, i, e.fasterThreshold());
                i = JdbcHistoryStore.real(p, i, e.slowerThreshold());
                JdbcHistoryStore.real(p, i, e.minDetectableChange());
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    static List<ComparisonEntry> read(Connection c, long runId) throws SQLException {
        List<ComparisonEntry> out = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT " + COLUMNS + " FROM comparisons WHERE run_id = ? "
                + "ORDER BY candidate_id, baseline_id")) {
            p.setLong(1, runId);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(new ComparisonEntry(r.getString(1), r.getString(2), StoredReports.params(r.getString(3)),
                            StoredReports.real(r, 4), StoredReports.real(r, 5), StoredReports.real(r, 6),
                            StoredReports.real(r, 7), StoredReports.real(r, 8), StoredReports.real(r, 9),
                            r.getString(14), r.getString(15), r.getString(17), StoredReports.integer(r, 18),
                            StoredReports.real(r, 19), StoredReports.real(r, 20), StoredReports.real(r, 10),
                            StoredReports.real(r, 11), StoredReports.real(r, 12), r.getString(13), r.getString(16), null,
                            StoredReports.real(r, 21)));
                }
            }
        }
        return out;
    }
}
