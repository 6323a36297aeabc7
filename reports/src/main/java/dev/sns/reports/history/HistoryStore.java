package dev.sns.reports.history;

import dev.sns.reports.RunReport;
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
    long record(RunReport report, RunContext context) throws HistoryException;

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

    /** The schema version of the history (after any upgrade on open). */
    int schemaVersion() throws HistoryException;

    /** Where the history is: the file, or the URL without its password. */
    String location();

    @Override
    void close() throws HistoryException;
}
