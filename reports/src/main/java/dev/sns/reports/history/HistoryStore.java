package dev.sns.reports.history;

import dev.sns.reports.RunReport;
import dev.sns.reports.shards.ShardPlan;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The performance history: finished runs, one row per benchmark (id with params, device), kept in a
 * database. Open one with {@link HistoryStores#open}; close it when done. Safe when several
 * processes write to the same history at once (each its own store); one store is used by one
 * thread at a time.
 */
public interface HistoryStore extends AutoCloseable {
    /** The device every benchmark is recorded under until several devices are timed in one run. */
    String DEFAULT_DEVICE = "0";

    /**
     * Records a finished run: its fingerprint, sns version, start time, options, seed and context,
     * and per benchmark its status, median, interval, tier, n, clock summary and a
     * {@link SampleDigest} of its samples. All or nothing: a failure leaves the history as it was.
     *
     * @return the run's id in this history
     */
    default long record(RunReport report, RunContext context) throws HistoryException {
        return record(report, context, Map.of());
    }

    /**
     * {@link #record(RunReport, RunContext)}, with each benchmark's JMH configuration (benchmark id to
     * {@link dev.sns.reports.shards.ShardWeights#configuration}), what the next shard plans match
     * its wall time by; benchmarks absent from it are recorded without one.
     *
     * @return the run's id in this history
     */
    long record(RunReport report, RunContext context, Map<String, String> configurations) throws HistoryException;

    /** The runs, newest first (by start time, then id), at most {@code limit} of them ({@code <= 0}: all). */
    List<RecordedRun> runs(int limit) throws HistoryException;

    /** The run with this id. */
    Optional<RecordedRun> run(long id) throws HistoryException;

    /** Every benchmark the history knows, by id, then device. */
    List<BenchmarkCount> benchmarks() throws HistoryException;

    /**
     * A benchmark's series on one device, one per fingerprint (the one with the latest run first),
     * points oldest first (by the runs' start time, then id).
     */
    List<BenchmarkSeries> series(String benchmarkId, String device) throws HistoryException;

    /** The benchmark ids recorded by run {@code runId}, sorted. */
    List<String> benchmarkIds(long runId) throws HistoryException;

    /** A run's options, key to value as text. */
    Map<String, String> options(long runId) throws HistoryException;

    /** The digest of a benchmark's samples in a run, when it was measured. */
    Optional<SampleDigest> samples(long runId, String benchmarkId, String device) throws HistoryException;

    /** The id of a run already recorded from the same report (same start, fingerprint, seed and results), if any. */
    Optional<Long> findSameRun(RunReport report) throws HistoryException;

    /** The runs of one run group (the shards of one suite run), in the order they were recorded. */
    List<RecordedRun> groupRuns(String runGroup) throws HistoryException;

    /**
     * A run as the history keeps it: its start, fingerprint, options and seed, each benchmark's
     * summary (median, percentiles, interval, n, windows, forks, tier, clock summary, wall time) and
     * the comparisons; raw samples, tier reasons and kernel tables stay in the run's results.json.
     *
     * @throws HistoryException also when there is no such run
     */
    RunReport report(long runId) throws HistoryException;

    /**
     * Every board the history has seen, by its key (the UUID), with its fields as first recorded; absent
     * fields with their reasons. By default none (a store without boards).
     *
     * @return the boards, sorted by key
     * @throws HistoryException when the history cannot be read
     */
    default Map<String, dev.sns.reports.BoardEntry> boards() throws HistoryException {
        return Map.of();
    }

    /** The fields of each fingerprint digest given (an unknown digest maps to no fields). */
    Map<String, Map<String, String>> fingerprints(Collection<String> digests) throws HistoryException;

    /**
     * Each benchmark's wall time (all its forks, milliseconds) in the latest finished run that recorded one on
     * {@code device}, leaving out the runs of group {@code exceptGroup} (a sharded run's own shards
     * must not change its plan while it runs); benchmarks never timed are absent.
     */
    Map<String, Double> lastWallMillis(Collection<String> benchmarkIds, String device, String exceptGroup)
            throws HistoryException;

    /**
     * Each benchmark's weight for the next shard plan on {@code device}, leaving out group
     * {@code exceptGroup}: the median wall time of its latest finished runs (every fork reported) of the
     * configuration {@code configurations} gives it, else of runs whose configuration was not recorded
     * ({@link dev.sns.reports.shards.ShardWeights#recent}); benchmarks with neither are absent.
     */
    Map<String, dev.sns.reports.shards.ShardWeights.Recorded> recentWallMillis(Collection<String> benchmarkIds,
            String device, String exceptGroup, Map<String, String> configurations) throws HistoryException;

    /**
     * The shard plan of run group {@code runGroup}: {@code proposed} is stored when the group has
     * none yet, and the group's plan (the one stored first) is returned. All shards of a group thus run
     * one plan, however far apart they start and whatever was recorded in between.
     */
    ShardPlan sharePlan(String runGroup, ShardPlan proposed) throws HistoryException;

    /** The stored shard plan of run group {@code runGroup}, if any. */
    Optional<ShardPlan> plan(String runGroup) throws HistoryException;

    /** The schema version of the history (after any upgrade on open). */
    int schemaVersion() throws HistoryException;

    /** Where the history is: the file, or the URL without its password. */
    String location();

    @Override
    void close() throws HistoryException;
}
