package dev.sns.reports;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * The shards a merged report was made of ({@code sns-reports.jar history merge}): one suite run split
 * over nodes, each shard recorded in the history under the same run group.
 *
 * @param id the run group
 * @param shardCount how many shards the group was planned in (null when its runs did not say)
 * @param basis how the plan balanced the shards, in words ("" when no plan was recorded)
 * @param complete true when every shard recorded and every planned benchmark was measured or skipped
 * @param shards one row per shard, in shard order, the missing ones included
 * @param fingerprints each node environment's fields by the fingerprint's digest
 * @param problems what keeps the group from being complete, one line each (missing shards, benchmarks
 *     planned and not recorded, failed benchmarks)
 */
public record RunGroup(String id, Integer shardCount, String basis, boolean complete, List<Shard> shards,
                       Map<String, Map<String, String>> fingerprints, List<String> problems) {
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public RunGroup {
        shards = List.copyOf(shards == null ? List.of() : shards);
        TreeMap<String, Map<String, String>> f = new TreeMap<>();
        (fingerprints == null ? Map.<String, Map<String, String>>of() : fingerprints)
                .forEach((k, v) -> f.put(k, new TreeMap<>(v)));
        fingerprints = f;
        problems = List.copyOf(problems == null ? List.of() : problems);
        basis = basis == null ? "" : basis;
    }

    /**
     * One shard of the group.
     *
     * @param shard "K/N" (or "run N" for a run that did not say which shard it was)
     * @param status "ok" (recorded, everything planned measured or skipped), "failed" (recorded, but a
     *     benchmark failed or a planned one is absent) or "missing" (no run recorded it)
     * @param runId the run that recorded it (the latest, when it was recorded twice); null when missing
     * @param host the node it ran on ("" when missing)
     * @param fingerprint the digest of the node's environment ("" when missing)
     * @param gpu the node's GPU ("" for none)
     * @param createdAt when the shard started
     * @param planned benchmarks planned for it (null without a plan)
     * @param recorded benchmarks it recorded
     * @param measured of those, measured (status ok)
     * @param failed of those, failed
     * @param wallSeconds the sum of its benchmarks' wall times, seconds (null when not recorded)
     * @param note anything else: runs recorded twice, benchmarks it recorded that another shard had
     */
    public record Shard(String shard, String status, Long runId, String host, String fingerprint, String gpu,
                        String createdAt, Integer planned, int recorded, int measured, int failed, Double wallSeconds,
                        String note) {
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Shard {
        }
}
}
