/**
 * The performance history: every finished run kept in a database, one row per benchmark, so that
 * {@code changes} and {@code gate} can read a benchmark's series over runs instead of two points.
 *
 * <p>What lives here: {@link dev.sns.reports.history.HistoryStore} (the one interface: record a
 * run, list runs and benchmarks, read a series) and {@link dev.sns.reports.history.HistoryStores}
 * (the entry point: a file path opens the embedded SQLite store, a {@code jdbc:postgresql://} URL
 * the team server); the two implementations on a shared JDBC base with their {@code Dialect}; the
 * versioned schema ({@code Migrations}: a short migration table, older files upgraded in place);
 * {@link dev.sns.reports.history.RunContext} (git commit, branch and dirty flag, run group, host);
 * {@link dev.sns.reports.history.SampleDigest} (the compact form the raw samples are kept in);
 * {@link dev.sns.reports.history.ResultsImport} (backfill from results.json files); the values a
 * query returns ({@link dev.sns.reports.history.RecordedRun},
 * {@link dev.sns.reports.history.BenchmarkSeries}, {@link dev.sns.reports.history.HistoryPoint}).
 *
 * Shards: a run's group and shard, each result's wall time, the comparisons, and each run group's
 * shared plan ({@code ShardTables}, {@code StoredComparisons}); a run read back as a report
 * ({@code StoredReports}).
 *
 * <p>Imports {@code dev.sns.reports} (the run report and its reader), {@code dev.sns.reports.shards}
 * (the plan's type), JDBC and the JDK only. Must
 * not import {@code changes} (the analysis reads this package, never the other way round),
 * {@code compare}, {@code html}, {@code cli} or Jackson; the JDBC drivers are found by URL, never
 * imported.
 *
 * <p>Units: times in milliseconds per call, clocks in MHz, sizes in bytes; timestamps are ISO-8601
 * text in UTC.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
package dev.sns.reports.history;

import org.apiguardian.api.API;
