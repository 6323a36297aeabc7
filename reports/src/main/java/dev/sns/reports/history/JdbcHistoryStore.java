package dev.sns.reports.history;

import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.RunReport;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * The history over JDBC: the SQL both databases share. A subclass opens the connection and names
 * its {@link Dialect}; the schema is upgraded on open. One connection per store, used by one thread
 * at a time (the methods are synchronized); several stores (threads, processes, hosts) may write
 * to one history at once, each record being one transaction.
 */
abstract class JdbcHistoryStore implements HistoryStore {
    private static final String RESULT_COLUMNS = "run_id, benchmark_id, device, benchmark, params, status, message, "
            + "source, tier, median_ms, lower_ms, upper_ms, confidence, n, windows, forks, sm_mean_mhz, sm_cv_percent, "
            + "clock_locked, throttled, samples, p10_ms, p90_ms, wall_ms, board, energy_j, energy_lower_j, energy_upper_j";

    private final Connection connection;
    private final Dialect dialect;
    private final String location;
    private final int schemaVersion;

    JdbcHistoryStore(Connection connection, Dialect dialect, String location) throws HistoryException {
        this.connection = connection;
        this.dialect = dialect;
        this.location = location;
        try {
            this.schemaVersion = Migrations.upgrade(connection, dialect, Migrations.LATEST);
        } catch (SQLException e) {
            closeQuietly();
            throw failure("cannot open or upgrade the history", e);
        }
    }

    @Override
    public synchronized long record(RunReport report, RunContext context, Map<String, String> configurations)
            throws HistoryException {
        if (report == null || context == null) {
            throw new IllegalArgumentException("report and context are required, got " + report + " and " + context);
        }
        String fingerprint = fingerprintDigest(report.fingerprint());
        try {
            return inTransaction(() -> {
                insertFingerprint(fingerprint, report.fingerprint());
                long runId = insertRun(report, context, fingerprint);
                insertOptions(runId, report.options());
                insertResults(runId, report);
                ShardTables.insertConfigurations(connection, runId, configurations == null ? Map.of() : configurations);
                insertBoards(report);
                StoredComparisons.insert(connection, runId, report.comparisons());
                return runId;
            });
        } catch (SQLException e) {
            throw failure("cannot record the run (nothing was recorded)", e);
        }
    }

    private void insertFingerprint(String digest, Map<String, String> fields) throws SQLException {
        try (PreparedStatement p = connection.prepareStatement(
                "INSERT INTO fingerprints (fingerprint, key, value) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")) {
            for (Map.Entry<String, String> e : new TreeMap<>(fields).entrySet()) {
                p.setString(1, digest);
                p.setString(2, e.getKey());
                p.setString(3, text(e.getValue()));
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    /** Each board of the run, its fields as text and each absent field as "missing:" and its name; the first record wins. */
    private void insertBoards(RunReport report) throws SQLException {
        Map<String, dev.sns.reports.BoardEntry> boards = new LinkedHashMap<>();
        report.boards().forEach(b -> boards.putIfAbsent(b.key(), b));
        report.benchmarks().forEach(b -> report.boardOf(b).ifPresent(x -> boards.putIfAbsent(x.key(), x)));
        boards.remove("");
        if (boards.isEmpty()) {
            return;
        }
        try (PreparedStatement p = connection.prepareStatement(
                "INSERT INTO boards (board, key, value) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")) {
            for (dev.sns.reports.BoardEntry b : boards.values()) {
                dev.sns.model.BoardIdentity id = b.identity();
                Map<String, String> kv = new TreeMap<>(id.asMap());
                id.missing().forEach((k, why) -> kv.put("missing:" + k, why));
                for (Map.Entry<String, String> e : kv.entrySet()) {
                    p.setString(1, b.key());
                    p.setString(2, e.getKey());
                    p.setString(3, e.getValue());
                    p.addBatch();
                }
            }
            p.executeBatch();
        }
    }

    @Override
    public synchronized Map<String, dev.sns.reports.BoardEntry> boards() throws HistoryException {
        try {
            Map<String, Map<String, String>> rows = new TreeMap<>();
            for (String[] kv : rows("SELECT board, key, value FROM boards ORDER BY board, key",
                    r -> new String[] {r.getString(1), r.getString(2), r.getString(3)})) {
                rows.computeIfAbsent(kv[0], k -> new TreeMap<>()).put(kv[1], kv[2]);
            }
            Map<String, dev.sns.reports.BoardEntry> out = new TreeMap<>();
            rows.forEach((board, kv) -> {
                Map<String, String> fields = new TreeMap<>();
                Map<String, String> missing = new TreeMap<>();
                kv.forEach((k, v) -> {
                    if (k.startsWith("missing:")) {
                        missing.put(k.substring("missing:".length()), v);
                    } else {
                        fields.put(k, v);
                    }
                });
                out.put(board, dev.sns.reports.BoardEntry.of(dev.sns.model.BoardIdentity.fromMaps(fields, missing)));
            });
            return out;
        } catch (SQLException | IllegalArgumentException e) {
            throw failure("cannot read the boards", e instanceof SQLException q ? q : new SQLException(e));
        }
    }

    private long insertRun(RunReport report, RunContext context, String fingerprint) throws SQLException {
        try (PreparedStatement p = connection.prepareStatement("INSERT INTO runs (created_at, recorded_at, sns_version, "
                + "fingerprint, seed, git_commit, git_branch, git_dirty, run_group, host, source, report_digest, "
                + "shard_index, shard_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id")) {
            p.setString(1, text(report.createdAt()));
            p.setString(2, Instant.now().toString());
            p.setString(3, text(report.snsVersion()));
            p.setString(4, fingerprint);
            p.setString(5, text(report.seed()));
            p.setString(6, context.gitCommit());
            p.setString(7, context.gitBranch());
            p.setInt(8, context.gitDirty() ? 1 : 0);
            p.setString(9, context.runGroup());
            p.setString(10, context.host());
            p.setString(11, context.source());
            p.setString(12, reportDigest(report));
            integer(p, 13, context.sharded() ? context.shardIndex() : null);
            integer(p, 14, context.sharded() ? context.shardCount() : null);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) {
                    throw new SQLException("the database returned no id for the new run");
                }
                return r.getLong(1);
            }
        }
    }

    private void insertOptions(long runId, Map<String, String> options) throws SQLException {
        try (PreparedStatement p = connection.prepareStatement(
                "INSERT INTO run_options (run_id, key, value) VALUES (?, ?, ?)")) {
            for (Map.Entry<String, String> e : options.entrySet()) {
                p.setLong(1, runId);
                p.setString(2, e.getKey());
                p.setString(3, text(e.getValue()));
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    private void insertResults(long runId, RunReport report) throws SQLException {
        try (PreparedStatement p = connection.prepareStatement("INSERT INTO results (" + RESULT_COLUMNS
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (BenchmarkEntry b : report.benchmarks()) {
                BenchmarkEntry.Summary s = b.summary();
                BenchmarkEntry.Clocks c = b.clocks();
                int i = 1;
                p.setLong(i++, runId);
                p.setString(i++, b.id());
                p.setString(i++, DEFAULT_DEVICE);
                p.setString(i++, text(b.benchmark()));
                p.setString(i++, params(b.params()));
                p.setString(i++, text(b.status()));
                p.setString(i++, text(b.message()));
                p.setString(i++, b.source());
                p.setString(i++, b.tier());
                i = real(p, i, s == null ? null : s.median());
                i = real(p, i, s == null ? null : s.lower());
                i = real(p, i, s == null ? null : s.upper());
                i = real(p, i, s == null ? null : s.confidence());
                i = integer(p, i, s == null ? null : s.n());
                i = integer(p, i, s == null ? null : s.windows());
                i = integer(p, i, s == null ? null : s.forks());
                i = real(p, i, c == null ? null : c.smMeanMhz());
                i = real(p, i, c == null ? null : c.smCvPercent());
                p.setInt(i++, c != null && Boolean.TRUE.equals(c.locked()) ? 1 : 0);
                p.setInt(i++, c != null && c.throttleReasons() != null && !c.throttleReasons().isEmpty() ? 1 : 0);
                SampleDigest digest = SampleDigest.of(b.samples());
                if (digest == null) {
                    p.setNull(i++, Types.BINARY);
                } else {
                    p.setBytes(i++, digest.encode());
                }
                i = real(p, i, s == null ? null : s.p10());
                i = real(p, i, s == null ? null : s.p90());
                i = real(p, i, b.wallMillis());
                dev.sns.reports.BoardEntry board = report.boardOf(b).orElse(null);
                String boardKey = board == null || board.key().isEmpty() ? null : board.key();
                p.setString(i++, boardKey);
                BenchmarkEntry.Energy e = b.energy();
                i = real(p, i, e == null ? null : e.joulesPerCall());
                i = real(p, i, e == null ? null : e.lower());
                real(p, i, e == null ? null : e.upper());
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    /** A finite number, or NULL: an absurd or non-finite value is not a measurement. */
    static int real(PreparedStatement p, int i, Double v) throws SQLException {
        if (v == null || !Double.isFinite(v)) {
            p.setNull(i, Types.DOUBLE);
        } else {
            p.setDouble(i, v);
        }
        return i + 1;
    }

    static int integer(PreparedStatement p, int i, Integer v) throws SQLException {
        if (v == null) {
            p.setNull(i, Types.INTEGER);
        } else {
            p.setInt(i, v);
        }
        return i + 1;
    }

    private static final String RUN_SELECT = "SELECT r.id, r.created_at, r.recorded_at, r.sns_version, r.fingerprint, "
            + "r.git_commit, r.git_branch, r.git_dirty, r.run_group, r.host, r.source, "
            + "(SELECT f.value FROM fingerprints f WHERE f.fingerprint = r.fingerprint AND f.key = 'gpuName'), "
            + "(SELECT COUNT(*) FROM results x WHERE x.run_id = r.id), "
            + "(SELECT COUNT(*) FROM results x WHERE x.run_id = r.id AND x.status = 'ok'), r.shard_index, r.shard_count "
            + "FROM runs r";

    @Override
    public synchronized List<RecordedRun> runs(int limit) throws HistoryException {
        String sql = RUN_SELECT + " ORDER BY r.created_at DESC, r.id DESC" + (limit > 0 ? " LIMIT " + limit : "");
        return reading("cannot list the runs", () -> rows(sql, JdbcHistoryStore::run));
    }

    @Override
    public synchronized Optional<RecordedRun> run(long id) throws HistoryException {
        return reading("cannot read run " + id, () -> first(RUN_SELECT + " WHERE r.id = ?", JdbcHistoryStore::run, id));
    }

    private static RecordedRun run(ResultSet r) throws SQLException {
        RunContext context = new RunContext(r.getString(6), r.getString(7), r.getInt(8) != 0, r.getString(9),
                r.getString(10), r.getString(11), r.getInt(15), r.getInt(16));
        String gpu = r.getString(12);
        return new RecordedRun(r.getLong(1), r.getString(2), r.getString(3), r.getString(4), r.getString(5),
                gpu == null ? "" : gpu, context, r.getInt(13), r.getInt(14));
    }

    @Override
    public synchronized List<BenchmarkCount> benchmarks() throws HistoryException {
        String sql = "SELECT benchmark_id, device, COUNT(*), MAX(run_id) FROM results GROUP BY benchmark_id, device "
                + "ORDER BY benchmark_id, device";
        return reading("cannot list the benchmarks",
                () -> rows(sql, r -> new BenchmarkCount(r.getString(1), r.getString(2), r.getInt(3), r.getLong(4))));
    }

    @Override
    public synchronized List<BenchmarkSeries> series(String benchmarkId, String device) throws HistoryException {
        String sql = "SELECT r.id, r.created_at, r.git_commit, r.git_branch, r.git_dirty, r.run_group, x.status, x.tier, "
                + "x.median_ms, x.lower_ms, x.upper_ms, x.confidence, x.n, x.sm_mean_mhz, x.clock_locked, r.fingerprint, "
                + "x.board, x.energy_j, x.energy_lower_j, x.energy_upper_j "
                + "FROM results x JOIN runs r ON r.id = x.run_id WHERE x.benchmark_id = ? AND x.device = ? "
                + "ORDER BY r.created_at, r.id";
        Map<String, List<HistoryPoint>> byFingerprint = new LinkedHashMap<>();
        Map<String, Integer> newest = new HashMap<>();
        try (PreparedStatement p = connection.prepareStatement(sql)) {
            p.setString(1, benchmarkId);
            p.setString(2, device);
            try (ResultSet r = p.executeQuery()) {
                for (int row = 0; r.next(); row++) {
                    HistoryPoint point = new HistoryPoint(r.getLong(1), r.getString(2), r.getString(3), r.getString(4),
                            r.getInt(5) != 0, r.getString(6), r.getString(7), r.getString(8), real(r, 9), real(r, 10),
                            real(r, 11), real(r, 12), integer(r, 13), real(r, 14), r.getInt(15) != 0, r.getString(17),
                            real(r, 18), real(r, 19), real(r, 20));
                    String fp = r.getString(16);
                    byFingerprint.computeIfAbsent(fp, k -> new ArrayList<>()).add(point);
                    newest.put(fp, row);
                }
            }
            List<BenchmarkSeries> series = new ArrayList<>();
            for (Map.Entry<String, List<HistoryPoint>> e : byFingerprint.entrySet()) {
                series.add(new BenchmarkSeries(benchmarkId, device, e.getKey(), fingerprint(e.getKey()), e.getValue()));
            }
            series.sort((a, b) -> Integer.compare(newest.get(b.fingerprint()), newest.get(a.fingerprint())));
            return series;
        } catch (SQLException e) {
            throw failure("cannot read the series of " + benchmarkId, e);
        }
    }

    private Map<String, String> fingerprint(String digest) throws SQLException {
        return keyValues("SELECT key, value FROM fingerprints WHERE fingerprint = ?", digest);
    }

    @Override
    public synchronized List<String> benchmarkIds(long runId) throws HistoryException {
        return reading("cannot read the benchmarks of run " + runId,
                () -> rows("SELECT benchmark_id FROM results WHERE run_id = ? ORDER BY benchmark_id",
                        r -> r.getString(1), runId));
    }

    @Override
    public synchronized Map<String, String> options(long runId) throws HistoryException {
        return reading("cannot read the options of run " + runId,
                () -> keyValues("SELECT key, value FROM run_options WHERE run_id = ?", runId));
    }

    @Override
    public synchronized Optional<SampleDigest> samples(long runId, String benchmarkId, String device)
            throws HistoryException {
        return reading("cannot read the samples of " + benchmarkId + " in run " + runId,
                () -> first("SELECT samples FROM results WHERE run_id = ? AND benchmark_id = ? AND device = ?",
                        r -> SampleDigest.decode(r.getBytes(1)), runId, benchmarkId, device));
    }

    @Override
    public synchronized Optional<Long> findSameRun(RunReport report) throws HistoryException {
        return reading("cannot look for an earlier copy of the run",
                () -> first("SELECT id FROM runs WHERE report_digest = ? ORDER BY id LIMIT 1",
                        r -> r.getLong(1), reportDigest(report)));
    }

    @Override
    public synchronized List<RecordedRun> groupRuns(String runGroup) throws HistoryException {
        return reading("cannot list the runs of group " + runGroup,
                () -> rows(RUN_SELECT + " WHERE r.run_group = ? ORDER BY r.id", JdbcHistoryStore::run, runGroup));
    }

    @Override
    public synchronized RunReport report(long runId) throws HistoryException {
        Map<String, dev.sns.reports.BoardEntry> boards = boards();
        try {
            return StoredReports.read(connection, runId, fingerprintOfRun(runId), boards);
        } catch (SQLException e) {
            throw failure("cannot read run " + runId, e);
        }
    }

    private Map<String, String> fingerprintOfRun(long runId) throws SQLException {
        Optional<String> digest = first("SELECT fingerprint FROM runs WHERE id = ?", r -> r.getString(1), runId);
        return digest.isPresent() ? fingerprint(digest.get()) : Map.of();
    }

    @Override
    public synchronized Map<String, Map<String, String>> fingerprints(java.util.Collection<String> digests)
            throws HistoryException {
        Map<String, Map<String, String>> out = new TreeMap<>();
        try {
            for (String d : new java.util.TreeSet<>(digests)) {
                out.put(d, fingerprint(d));
            }
            return out;
        } catch (SQLException e) {
            throw failure("cannot read the fingerprints", e);
        }
    }

    /** One row of a result, read as a value. */
    private interface Row<T> {
        T read(ResultSet r) throws SQLException;
    }

    /** Every row of {@code sql}, its {@code ?} bound to {@code params} in order (strings, longs), as {@code row} reads it. */
    private <T> List<T> rows(String sql, Row<T> row, Object... params) throws SQLException {
        try (PreparedStatement p = connection.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                p.setObject(i + 1, params[i]);
            }
            try (ResultSet r = p.executeQuery()) {
                List<T> rows = new ArrayList<>();
                while (r.next()) {
                    rows.add(row.read(r));
                }
                return rows;
            }
        }
    }

    /** The first row of {@code sql} as {@code row} reads it; empty without a row, or where it reads null. */
    private <T> Optional<T> first(String sql, Row<T> row, Object... params) throws SQLException {
        List<T> rows = rows(sql, row, params);
        return rows.isEmpty() ? Optional.empty() : Optional.ofNullable(rows.get(0));
    }

    /** A two-column {@code SELECT key, value}, as a sorted map. */
    private Map<String, String> keyValues(String sql, Object key) throws SQLException {
        Map<String, String> map = new TreeMap<>();
        for (String[] kv : rows(sql, r -> new String[] {r.getString(1), r.getString(2)}, key)) {
            map.put(kv[0], kv[1]);
        }
        return map;
    }

    /** {@code work}, a failure of which becomes the store's failure saying what could not be done. */
    private <T> T reading(String cannot, SqlWork<T> work) throws HistoryException {
        try {
            return work.run();
        } catch (SQLException e) {
            throw failure(cannot, e);
        }
    }

    /** Work on the connection that throws what JDBC throws. */
    private interface SqlWork<T> {
        T run() throws SQLException;
    }

    /** {@code work} in one transaction: committed when it returns, rolled back when it throws. */
    private <T> T inTransaction(SqlWork<T> work) throws SQLException {
        connection.setAutoCommit(false);
        try {
            T result = work.run();
            connection.commit();
            return result;
        } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(true);
        }
    }

    @Override
    public synchronized Map<String, Double> lastWallMillis(java.util.Collection<String> benchmarkIds, String device,
                                                        String exceptGroup) throws HistoryException {
        try {
            return ShardTables.lastWallMillis(connection, benchmarkIds, device, exceptGroup);
        } catch (SQLException e) {
            throw failure("cannot read the recorded wall times", e);
        }
    }

    @Override
    public synchronized Map<String, dev.sns.reports.shards.ShardWeights.Recorded> recentWallMillis(
            java.util.Collection<String> benchmarkIds, String device, String exceptGroup,
            Map<String, String> configurations) throws HistoryException {
        try {
            return ShardTables.recentWallMillis(connection, benchmarkIds, device, exceptGroup, configurations);
        } catch (SQLException e) {
            throw failure("cannot read the recorded wall times", e);
        }
    }

    @Override
    public synchronized dev.sns.reports.shards.ShardPlan sharePlan(String runGroup,
                                                                   dev.sns.reports.shards.ShardPlan proposed)
            throws HistoryException {
        try {
            return inTransaction(() -> {
                ShardTables.insertIfAbsent(connection, runGroup, proposed);
                return ShardTables.read(connection, runGroup).orElseThrow(
                        () -> new SQLException("the plan of group " + runGroup + " was stored and is not there"));
            });
        } catch (SQLException e) {
            throw failure("cannot store or read the shard plan of group " + runGroup, e);
        }
    }

    @Override
    public synchronized Optional<dev.sns.reports.shards.ShardPlan> plan(String runGroup) throws HistoryException {
        try {
            return ShardTables.read(connection, runGroup);
        } catch (SQLException e) {
            throw failure("cannot read the shard plan of group " + runGroup, e);
        }
    }

    @Override
    public int schemaVersion() {
        return schemaVersion;
    }

    @Override
    public String location() {
        return location;
    }

    /** The dialect, for tests. */
    Dialect dialect() {
        return dialect;
    }

    /** The connection, for the subclasses' checks and tests. */
    Connection connection() {
        return connection;
    }

    @Override
    public synchronized void close() throws HistoryException {
        try {
            connection.close();
        } catch (SQLException e) {
            throw failure("cannot close the history", e);
        }
    }

    private void closeQuietly() {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // the open failed already; that error is the one to report
        }
    }

    /** One message: where, what, the database's words, and a hint from the subclass. */
    HistoryException failure(String what, SQLException e) {
        String hint = hint(e);
        return new HistoryException(location + ": " + what + ": " + e.getMessage() + (hint.isEmpty() ? "" : " (" + hint
                + ")"), e);
    }

    /** What to do about {@code e}, in this database's terms; "" when there is nothing to add. */
    abstract String hint(SQLException e);

    private static Double real(ResultSet r, int column) throws SQLException {
        double v = r.getDouble(column);
        return r.wasNull() ? null : v;
    }

    private static Integer integer(ResultSet r, int column) throws SQLException {
        int v = r.getInt(column);
        return r.wasNull() ? null : v;
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }

    private static String params(Map<String, String> params) {
        StringJoiner j = new StringJoiner(";");
        new TreeMap<>(params).forEach((k, v) -> j.add(k + "=" + v));
        return j.toString();
    }

    /** The fingerprint's digest: SHA-256 of its "key=value\n" lines in key order, first 16 hex characters. */
    static String fingerprintDigest(Map<String, String> fingerprint) {
        StringBuilder sb = new StringBuilder();
        new TreeMap<>(fingerprint).forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
        return sha256(sb.toString()).substring(0, 16);
    }

    /** What makes two reports the same run: start, fingerprint, seed, version, and every benchmark's result. */
    static String reportDigest(RunReport report) {
        StringBuilder sb = new StringBuilder().append(report.createdAt()).append('|')
                .append(fingerprintDigest(report.fingerprint())).append('|').append(report.seed()).append('|')
                .append(report.snsVersion()).append('\n');
        for (BenchmarkEntry b : report.benchmarks()) {
            BenchmarkEntry.Summary s = b.summary();
            sb.append(b.id()).append('|').append(b.status()).append('|')
                    .append(s == null ? "" : s.median() + "|" + s.lower() + "|" + s.upper() + "|" + s.n()).append('\n');
        }
        return sha256(sb.toString());
    }

    private static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
