package dev.sns.reports.history;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;

/**
 * The history's schema, as a short list of versioned migrations applied in order and recorded in
 * table {@code sns_schema} (version, description, applied_at). Opening a history upgrades it in
 * place to {@link #LATEST}, in one transaction under a lock, so that two processes opening an old
 * file at once upgrade it once. A history newer than this sns is refused with the versions named.
 *
 * <p>A migration, once released, is never edited: a change is a new version. Why not Flyway: two
 * dialects and a handful of statements do not need a library of several MB with its own
 * configuration and class-path scanning inside sns-reports.jar; this table is 100 lines, and the
 * upgrade of a version-1 history is tested on both databases.
 */
final class Migrations {
    /** One schema version: its statements (with the dialect's type placeholders) and what it does. */
    record Migration(int version, String description, List<String> statements) {}

    static final List<Migration> ALL = List.of(
            new Migration(1, "runs, fingerprints, options and one row per benchmark result", List.of(
                    """
                    CREATE TABLE runs (
                      id {ID},
                      created_at TEXT NOT NULL,
                      recorded_at TEXT NOT NULL,
                      sns_version TEXT NOT NULL,
                      fingerprint TEXT NOT NULL,
                      seed TEXT NOT NULL,
                      git_commit TEXT NOT NULL,
                      git_branch TEXT NOT NULL,
                      git_dirty SMALLINT NOT NULL,
                      run_group TEXT NOT NULL,
                      host TEXT NOT NULL,
                      source TEXT NOT NULL,
                      report_digest TEXT NOT NULL
                    )""",
                    "CREATE INDEX runs_by_order ON runs (created_at, id)",
                    "CREATE INDEX runs_by_group ON runs (run_group)",
                    "CREATE INDEX runs_by_digest ON runs (report_digest)",
                    """
                    CREATE TABLE fingerprints (
                      fingerprint TEXT NOT NULL,
                      key TEXT NOT NULL,
                      value TEXT NOT NULL,
                      PRIMARY KEY (fingerprint, key)
                    )""",
                    """
                    CREATE TABLE run_options (
                      run_id {BIGINT} NOT NULL REFERENCES runs (id),
                      key TEXT NOT NULL,
                      value TEXT NOT NULL,
                      PRIMARY KEY (run_id, key)
                    )""",
                    """
                    CREATE TABLE results (
                      run_id {BIGINT} NOT NULL REFERENCES runs (id),
                      benchmark_id TEXT NOT NULL,
                      device TEXT NOT NULL,
                      benchmark TEXT NOT NULL,
                      params TEXT NOT NULL,
                      status TEXT NOT NULL,
                      message TEXT NOT NULL,
                      source TEXT,
                      tier TEXT,
                      median_ms {REAL},
                      lower_ms {REAL},
                      upper_ms {REAL},
                      confidence {REAL},
                      n INTEGER,
                      windows INTEGER,
                      forks INTEGER,
                      sm_mean_mhz {REAL},
                      sm_cv_percent {REAL},
                      clock_locked SMALLINT NOT NULL,
                      throttled SMALLINT NOT NULL,
                      PRIMARY KEY (run_id, benchmark_id, device)
                    )""",
                    "CREATE INDEX results_by_benchmark ON results (benchmark_id, device, run_id)")),
            new Migration(2, "the samples' digest and the 10th/90th percentiles per result", List.of(
                    "ALTER TABLE results ADD COLUMN samples {BLOB}",
                    "ALTER TABLE results ADD COLUMN p10_ms {REAL}",
                    "ALTER TABLE results ADD COLUMN p90_ms {REAL}")),
            new Migration(3, "shards: a run's shard, each result's wall time, comparisons, and the plans of run groups",
                    List.of(
                    "ALTER TABLE runs ADD COLUMN shard_index INTEGER",
                    "ALTER TABLE runs ADD COLUMN shard_count INTEGER",
                    "ALTER TABLE results ADD COLUMN wall_ms {REAL}",
                    """
                    CREATE TABLE comparisons (
                      run_id {BIGINT} NOT NULL REFERENCES runs (id),
                      candidate_id TEXT NOT NULL,
                      baseline_id TEXT NOT NULL,
                      params TEXT NOT NULL,
                      speedup {REAL},
                      lower_bound {REAL},
                      upper_bound {REAL},
                      confidence {REAL},
                      cycle_lower {REAL},
                      cycle_upper {REAL},
                      net_speedup {REAL},
                      net_lower {REAL},
                      net_upper {REAL},
                      net_unavailable TEXT,
                      tier TEXT,
                      verdict TEXT,
                      verdict_on TEXT,
                      design TEXT,
                      rounds INTEGER,
                      faster_threshold {REAL},
                      slower_threshold {REAL},
                      PRIMARY KEY (run_id, candidate_id, baseline_id)
                    )""",
                    """
                    CREATE TABLE shard_plans (
                      run_group TEXT PRIMARY KEY,
                      shard_count INTEGER NOT NULL,
                      selection TEXT NOT NULL,
                      basis TEXT NOT NULL,
                      created_at TEXT NOT NULL
                    )""",
                    """
                    CREATE TABLE shard_units (
                      run_group TEXT NOT NULL REFERENCES shard_plans (run_group),
                      unit_id TEXT NOT NULL,
                      item TEXT NOT NULL,
                      shard_index INTEGER NOT NULL,
                      weight_ms {REAL} NOT NULL,
                      PRIMARY KEY (run_group, unit_id)
                    )""")),
            new Migration(4, "boards: each result's board and energy per call, and each board's fields", List.of(
                    "ALTER TABLE results ADD COLUMN board TEXT",
                    "ALTER TABLE results ADD COLUMN energy_j {REAL}",
                    "ALTER TABLE results ADD COLUMN energy_lower_j {REAL}",
                    "ALTER TABLE results ADD COLUMN energy_upper_j {REAL}",
                    """
                    CREATE TABLE boards (
                      board TEXT NOT NULL,
                      key TEXT NOT NULL,
                      value TEXT NOT NULL,
                      PRIMARY KEY (board, key)
                    )""",
                    "CREATE INDEX results_by_board ON results (board)")),
            new Migration(5, "shard weights by configuration: each result's JMH configuration (forks, iterations, "
                    + "their time)", List.of(
                    """
                    CREATE TABLE result_configs (
                      run_id {BIGINT} NOT NULL REFERENCES runs (id),
                      benchmark_id TEXT NOT NULL,
                      config TEXT NOT NULL,
                      PRIMARY KEY (run_id, benchmark_id)
                    )""")),
            new Migration(6, "each comparison's minimum detectable change", List.of(
                    "ALTER TABLE comparisons ADD COLUMN min_detectable_change {REAL}")));

    /** The schema version this sns writes. */
    static final int LATEST = ALL.get(ALL.size() - 1).version();

    private Migrations() {}

    /**
     * Upgrades the schema behind {@code c} to version {@code target}, in one transaction under the
     * dialect's lock; returns the version it is at afterwards.
     *
     * @throws SQLException from the database, or with a message naming both versions when the
     *     history is newer than {@link #LATEST}
     */
    static int upgrade(Connection c, Dialect dialect, int target) throws SQLException {
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            String lock = dialect.migrationLock();
            if (lock != null) {
                s.execute(lock); // first: two servers' CREATE TABLE IF NOT EXISTS would otherwise race
            }
            s.execute("CREATE TABLE IF NOT EXISTS sns_schema (version INTEGER PRIMARY KEY, description TEXT NOT NULL, "
                    + "applied_at TEXT NOT NULL)");
            int current = current(c);
            if (current > LATEST) {
                throw new SQLException("the history has schema version " + current + ", newer than this sns knows ("
                        + LATEST + "): upgrade sns to use it");
            }
            for (Migration m : ALL) {
                if (m.version() > current && m.version() <= target) {
                    for (String sql : m.statements()) {
                        s.execute(dialect.ddl(sql));
                    }
                    try (PreparedStatement p = c.prepareStatement(
                            "INSERT INTO sns_schema (version, description, applied_at) VALUES (?, ?, ?)")) {
                        p.setInt(1, m.version());
                        p.setString(2, m.description());
                        p.setString(3, Instant.now().toString());
                        p.executeUpdate();
                    }
                    current = m.version();
                }
            }
            c.commit();
            return current;
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(auto);
        }
    }

    /** The highest version in sns_schema, 0 for a new history. */
    static int current(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT MAX(version) FROM sns_schema")) {
            return r.next() ? r.getInt(1) : 0;
        }
    }
}
