package dev.sns.reports;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * The shards a merged report was made of ({@code sns-reports.jar history merge}): one suite run split
 * over nodes, each shard recorded in the history under the same run group. The report's
 * {@link RunReport#group()}; each merged benchmark says where it ran in its
 * {@link BenchmarkEntry#origin()}.
 *
 * @param id the run group
 * @param shardCount the number of shards of the group's plan; null when the runs did not say
 * @param basis what the plan balanced the shards by, in words ("" without a plan; never null)
 * @param complete whether every shard recorded and every planned benchmark was measured or skipped
 * @param shards one per shard, in shard order, the missing ones included (never null)
 * @param fingerprints each node environment's fields, by the fingerprint's digest (sorted; never null)
 * @param problems what keeps the group from being complete, one line each, shards first (missing
 *     shards, benchmarks planned and not recorded, failed benchmarks); empty when complete
 */
public record RunGroup(String id, Integer shardCount, String basis, boolean complete, List<Shard> shards,
                       Map<String, Map<String, String>> fingerprints, List<String> problems) {
    /**
     * Copies the lists and sorts the fingerprints by digest and each one's fields by key; a null list or
     * map becomes empty, a null {@code basis} "".
     *
     * @param id the run group
     * @param shardCount the number of shards of the group's plan; null when the runs did not say
     * @param basis what the plan balanced the shards by, in words ("" without a plan; never null)
     * @param complete whether every shard recorded and every planned benchmark was measured or skipped
     * @param shards one per shard, in shard order, the missing ones included (never null)
     * @param fingerprints each node environment's fields, by the fingerprint's digest (sorted; never null)
     * @param problems what keeps the group from being complete, one line each, shards first (missing shards, benchmarks
     *     planned and not recorded, failed benchmarks); empty when complete
     */
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
     * One shard of the group, as the history recorded it.
     *
     * @param shard "K/N", or "run N" for a run that did not say which shard it was
     * @param status "ok" (recorded, everything planned measured or skipped), "failed" (recorded, but a
     *     benchmark failed or a planned one is absent) or "missing" (no run recorded it)
     * @param runId the latest run of the shard in the history; null when missing
     * @param host the node it ran on ("" when missing)
     * @param fingerprint the digest of the node's environment ("" when missing)
     * @param gpu the node's GPU ("" for none)
     * @param createdAt when the shard started, ISO-8601 in UTC; null when missing
     * @param planned benchmarks the plan gave it; null without a plan (and for a run that did not say
     *     which shard it was)
     * @param recorded benchmarks it recorded
     * @param measured of those, measured (status "ok")
     * @param failed of those, failed
     * @param wallSeconds its benchmarks' wall times added up, in seconds; null when not recorded
     * @param note anything else, in words: a shard recorded more than once (the latest is used),
     *     benchmarks planned for other shards, "no run recorded" for a missing one; "" when nothing
     * @param board the board its GPU benchmarks ran on ({@link BoardEntry#key()}: the UUID; several
     *     joined by ", "); "" when it recorded none (no GPU, an sns before boards, a missing shard)
     */
    public record Shard(String shard, String status, Long runId, String host, String fingerprint, String gpu,
                        String createdAt, Integer planned, int recorded, int measured, int failed, Double wallSeconds,
                        String note, String board) {
        /**
         * Takes the values as they are; nothing is checked.
         *
         * @param shard "K/N", or "run N" for a run that did not say which shard it was
         * @param status "ok" (recorded, everything planned measured or skipped), "failed" (recorded, but a benchmark
         *     failed or a planned one is absent) or "missing" (no run recorded it)
         * @param runId the latest run of the shard in the history; null when missing
         * @param host the node it ran on ("" when missing)
         * @param fingerprint the digest of the node's environment ("" when missing)
         * @param gpu the node's GPU ("" for none)
         * @param createdAt when the shard started, ISO-8601 in UTC; null when missing
         * @param planned benchmarks the plan gave it; null without a plan (and for a run that did not say which shard
         *     it was)
         * @param recorded benchmarks it recorded
         * @param measured of those, measured (status "ok")
         * @param failed of those, failed
         * @param wallSeconds its benchmarks' wall times added up, in seconds; null when not recorded
         * @param note anything else, in words: a shard recorded more than once (the latest is used), benchmarks planned
         *     for other shards, "no run recorded" for a missing one; "" when nothing
         * @param board the board its GPU benchmarks ran on ({@link BoardEntry#key()}; several joined by ", "); "" when
         *     it recorded none; null becomes ""
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Shard {
            board = board == null ? "" : board;
        }

        /**
         * A shard whose board is not known ({@link #board()} ""): the values as they are.
         *
         * @param shard see {@link #shard()}
         * @param status see {@link #status()}
         * @param runId see {@link #runId()}
         * @param host see {@link #host()}
         * @param fingerprint see {@link #fingerprint()}
         * @param gpu see {@link #gpu()}
         * @param createdAt see {@link #createdAt()}
         * @param planned see {@link #planned()}
         * @param recorded see {@link #recorded()}
         * @param measured see {@link #measured()}
         * @param failed see {@link #failed()}
         * @param wallSeconds see {@link #wallSeconds()}
         * @param note see {@link #note()}
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Shard(String shard, String status, Long runId, String host, String fingerprint, String gpu,
                     String createdAt, Integer planned, int recorded, int measured, int failed, Double wallSeconds,
                     String note) {
            this(shard, status, runId, host, fingerprint, gpu, createdAt, planned, recorded, measured, failed,
                    wallSeconds, note, "");
        }
}
}
