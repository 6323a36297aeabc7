package dev.sns.reports.history;

/**
 * A run as the history lists it.
 *
 * @param id the run's id in the history (grows with every record)
 * @param createdAt when the run started (ISO-8601 UTC), "" when unknown
 * @param recordedAt when it was recorded
 * @param snsVersion the sns that measured it
 * @param fingerprint the digest of its environment's fingerprint
 * @param gpuName the GPU in the fingerprint, "" when none
 * @param context commit, branch, dirty flag, run group, host and source
 * @param benchmarks how many benchmarks it recorded
 * @param measured how many of them were measured (status ok)
 */
public record RecordedRun(long id, String createdAt, String recordedAt, String snsVersion, String fingerprint,
                          String gpuName, RunContext context, int benchmarks, int measured) {}
