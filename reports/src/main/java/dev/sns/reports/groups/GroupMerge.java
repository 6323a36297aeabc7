package dev.sns.reports.groups;

import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.ComparisonEntry;
import dev.sns.reports.ReportEntries;
import dev.sns.reports.RunGroup;
import dev.sns.reports.RunReport;
import dev.sns.reports.history.HistoryException;
import dev.sns.reports.history.HistoryStore;
import dev.sns.reports.history.RecordedRun;
import dev.sns.reports.shards.ShardPlan;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * One report for a run group: the runs its shards recorded in the history, merged. A shard recorded
 * twice (a requeued Slurm task, a restarted pod) counts once, by its latest run. A benchmark comes
 * from the shard the plan gave it to; one that shard did not record is an entry of its own, status
 * failed, saying why - as is every benchmark of a shard that never recorded.
 */
public final class GroupMerge {
    /** Names listed in one problem line; the rest are counted. */
    static final int NAMES_SHOWN = 5;

    private GroupMerge() {}

    /**
     * The merged report and whether the group is complete.
     *
     * @param report one report: every benchmark once (sorted by id), with its {@code origin}, the
     *     comparisons of every shard, and the {@code group} (shards, fingerprints, problems)
     */
    public record Merged(RunReport report) {
        /** True when every shard recorded and every planned benchmark was measured or skipped. */
        public boolean complete() {
            return report.group().complete();
        }

        /** What keeps the group from being complete, one line each. */
        public List<String> problems() {
            return report.group().problems();
        }
    }

    /**
     * Merges run group {@code group} of {@code store}.
     *
     * @throws HistoryException when the history cannot be read, or knows no such group
     */
    public static Merged merge(HistoryStore store, String group) throws HistoryException {
        List<RecordedRun> runs = store.groupRuns(group);
        Optional<ShardPlan> plan = store.plan(group);
        if (runs.isEmpty() && plan.isEmpty()) {
            throw new HistoryException("no run group '" + group + "' in " + store.location() + " (history list shows "
                    + "each run's group)");
        }
        int count = plan.map(ShardPlan::count).orElse(runs.stream().mapToInt(r -> r.context().shardCount()).max()
                .orElse(0));
        return new Merger(store, group, runs, plan.orElse(null), count == 0 ? null : count).merge();
    }

    /** The state of one merge. */
    private static final class Merger {
        private final HistoryStore store;
        private final String group;
        private final List<RecordedRun> runs;
        private final ShardPlan plan;
        private final Integer count;
        private final Map<String, Integer> plannedShard = new HashMap<>();
        private final List<String> problems = new ArrayList<>();
        private final Map<String, BenchmarkEntry> entries = new TreeMap<>();
        private final Map<String, ComparisonEntry> comparisons = new LinkedHashMap<>();
        private final List<RunGroup.Shard> rows = new ArrayList<>();
        private final Set<String> digests = new LinkedHashSet<>();
        private RunReport first;

        Merger(HistoryStore store, String group, List<RecordedRun> runs, ShardPlan plan, Integer count) {
            this.store = store;
            this.group = group;
            this.runs = runs;
            this.plan = plan;
            this.count = count;
            if (plan != null) {
                plan.assignments().forEach(a -> a.units().forEach(u -> plannedShard.put(u, a.shard())));
            }
        }

        Merged merge() throws HistoryException {
            Map<Integer, List<RecordedRun>> byShard = new TreeMap<>();
            List<RecordedRun> unsharded = new ArrayList<>();
            for (RecordedRun r : runs) {
                if (r.context().sharded()) {
                    byShard.computeIfAbsent(r.context().shardIndex(), k -> new ArrayList<>()).add(r);
                } else {
                    unsharded.add(r);
                }
            }
            int shards = count == null ? 0 : count;
            for (int k = 1; k <= shards; k++) {
                List<RecordedRun> recorded = byShard.getOrDefault(k, List.of());
                if (recorded.isEmpty()) {
                    missingShard(k);
                } else {
                    shard(label(k), k, recorded);
                }
            }
            for (Map.Entry<Integer, List<RecordedRun>> e : byShard.entrySet()) {
                if (e.getKey() > shards) {
                    shard(e.getKey() + "/" + e.getValue().get(0).context().shardCount(), e.getKey(), e.getValue());
                }
            }
            for (RecordedRun r : unsharded) {
                shard("run " + r.id(), 0, List.of(r));
            }
            plannedNotRecorded();
            return new Merged(report());
        }

        private String label(int k) {
            return k + "/" + count;
        }

        private void missingShard(int k) {
            List<String> units = plan == null ? List.of() : plan.unitsOf(k);
            problems.add("shard " + label(k) + " did not record a run in the history" + (plan == null ? ""
                    : " (it was to run " + names(units) + ")"));
            rows.add(new RunGroup.Shard(label(k), "missing", null, "", "", "", null,
                    plan == null ? null : units.size(), 0, 0, 0, null, "no run recorded"));
        }

        /** Shard {@code k} (0: a run that did not say which shard it was) recorded by {@code recorded}, latest last. */
        private void shard(String label, int k, List<RecordedRun> recorded) throws HistoryException {
            RecordedRun run = recorded.stream().max(Comparator.comparingLong(RecordedRun::id)).orElseThrow();
            List<String> notes = new ArrayList<>();
            if (recorded.size() > 1) {
                notes.add("recorded " + recorded.size() + " times (runs " + String.join(", ", recorded.stream()
                        .map(r -> Long.toString(r.id())).toList()) + "): the latest is used");
            }
            RunReport report = store.report(run.id());
            if (first == null) {
                first = report;
            }
            digests.add(run.fingerprint());
            BenchmarkEntry.Origin origin = new BenchmarkEntry.Origin(k == 0 ? "" : label, run.id(), run.context().host(),
                    run.fingerprint());
            int measured = 0;
            List<String> failed = new ArrayList<>();
            List<String> elsewhere = new ArrayList<>();
            double wallMillis = 0;
            boolean anyWall = false;
            for (BenchmarkEntry b : report.benchmarks()) {
                Integer planned = plannedShard.get(b.id());
                if (k != 0 && planned != null && planned != k) {
                    elsewhere.add(b.id()); // kept only if its own shard did not record it (see plannedNotRecorded)
                }
                if (entries.containsKey(b.id()) && (planned == null || planned != k)) {
                    continue;
                }
                entries.put(b.id(), b.withOrigin(origin));
                measured += "ok".equals(b.status()) ? 1 : 0;
                if ("failed".equals(b.status())) {
                    failed.add(b.id());
                }
                if (b.wallMillis() != null) {
                    wallMillis += b.wallMillis();
                    anyWall = true;
                }
            }
            for (ComparisonEntry c : report.comparisons()) {
                comparisons.putIfAbsent(c.candidate() + " vs " + c.baseline(), c);
            }
            List<String> absent = new ArrayList<>();
            if (plan != null && k != 0) {
                Set<String> have = new java.util.HashSet<>();
                report.benchmarks().forEach(b -> have.add(b.id()));
                plan.unitsOf(k).stream().filter(u -> !have.contains(u)).forEach(absent::add);
            }
            if (!elsewhere.isEmpty()) {
                notes.add("it also recorded " + elsewhere.size() + " benchmark(s) planned for other shards");
            }
            String where = "shard " + label + " (run " + run.id() + (run.context().host().isEmpty() ? ""
                    : ", host " + run.context().host()) + ")";
            if (!failed.isEmpty()) {
                problems.add(where + ": " + failed.size() + " benchmark(s) failed: " + names(failed));
            }
            if (!absent.isEmpty()) {
                problems.add(where + " did not record " + absent.size() + " of its " + plan.unitsOf(k).size()
                        + " planned benchmark(s): " + names(absent));
            }
            rows.add(new RunGroup.Shard(label, failed.isEmpty() && absent.isEmpty() ? "ok" : "failed", run.id(),
                    run.context().host(), run.fingerprint(), run.gpuName(), run.createdAt(),
                    plan == null || k == 0 ? null : plan.unitsOf(k).size(), report.benchmarks().size(), measured,
                    failed.size(), anyWall ? wallMillis / 1000.0 : null, String.join("; ", notes), board(report)));
        }

        /** The boards a shard's GPU benchmarks ran on, by key, joined by ", "; "" when it recorded none. */
        private static String board(RunReport report) {
            java.util.Set<String> keys = new java.util.LinkedHashSet<>();
            report.benchmarks().forEach(b -> report.boardOf(b).ifPresent(x -> keys.add(x.key())));
            report.boards().forEach(x -> keys.add(x.key()));
            keys.remove("");
            return String.join(", ", keys);
        }

        /** Every planned benchmark no shard recorded: an entry saying why, so that none is silently absent. */
        private void plannedNotRecorded() {
            if (plan == null) {
                return;
            }
            Set<Integer> recordedShards = new java.util.HashSet<>();
            rows.stream().filter(r -> r.runId() != null).forEach(r -> recordedShards.add(shardIndex(r.shard())));
            for (ShardPlan.Assignment a : plan.assignments()) {
                for (String unit : a.units()) {
                    if (entries.containsKey(unit)) {
                        continue;
                    }
                    String why = recordedShards.contains(a.shard())
                            ? "not measured: shard " + label(a.shard()) + ", which was to run it, recorded without it"
                            : "not measured: shard " + label(a.shard()) + ", which was to run it, did not record a run "
                            + "in the history (a missing shard)";
                    entries.put(unit, notMeasured(unit, why).withOrigin(new BenchmarkEntry.Origin(label(a.shard()), null,
                            "", "")));
                }
            }
        }

        private RunReport report() throws HistoryException {
            Map<String, Map<String, String>> fingerprints = store.fingerprints(digests);
            Map<String, String> common = common(fingerprints);
            boolean complete = problems.isEmpty();
            RunGroup g = new RunGroup(group, count, plan == null ? "" : plan.basis(), complete, rows, fingerprints,
                    problems);
            String createdAt = runs.stream().map(RecordedRun::createdAt).filter(s -> s != null && !s.isEmpty()).min(
                    String::compareTo).orElse("");
            return new RunReport(RunReport.SCHEMA, RunReport.SCHEMA_VERSION, first == null ? "" : first.snsVersion(),
                    createdAt, common, first == null ? Map.of() : first.options(), first == null ? "" : first.seed(),
                    new ArrayList<>(entries.values()), new ArrayList<>(comparisons.values())).withGroup(g);
        }

        /** The fields every node shares (all of them when there is one fingerprint). */
        private static Map<String, String> common(Map<String, Map<String, String>> fingerprints) {
            Map<String, String> common = null;
            for (Map<String, String> f : fingerprints.values()) {
                if (common == null) {
                    common = new TreeMap<>(f);
                } else {
                    common.entrySet().removeIf(e -> !e.getValue().equals(f.get(e.getKey())));
                }
            }
            return common == null ? Map.of() : common;
        }

        private static int shardIndex(String label) {
            int slash = label.indexOf('/');
            try {
                return slash < 0 ? 0 : Integer.parseInt(label.substring(0, slash));
            } catch (NumberFormatException e) {
                return 0;
            }
        }
    }

    /** An entry for a planned unit no shard recorded: its benchmark, mode and params read back from its id. */
    static BenchmarkEntry notMeasured(String unit, String why) {
        int at = unit.indexOf('@');
        int colon = unit.indexOf(':', Math.max(at, 0));
        String benchmark = at > 0 ? unit.substring(0, at) : colon > 0 ? unit.substring(0, colon) : unit;
        String mode = at > 0 ? unit.substring(at + 1, colon > at ? colon : unit.length()) : null;
        Map<String, String> params = new TreeMap<>();
        if (colon > 0) {
            for (String kv : unit.substring(colon + 1).split(",")) {
                int eq = kv.indexOf('=');
                if (eq > 0) {
                    params.put(kv.substring(0, eq), kv.substring(eq + 1));
                }
            }
        }
        BenchmarkEntry e = ReportEntries.notMeasured(benchmark, params, "failed", why);
        e = mode == null ? e : e.withMode(mode);
        return e.id().equals(unit) ? e : new BenchmarkEntry(unit, benchmark, params, "failed", why, null, null, null,
                null, null, null, null, null, null, null, mode);
    }

    /** Up to {@value #NAMES_SHOWN} names, then how many more. */
    static String names(List<String> names) {
        if (names.isEmpty()) {
            return "no benchmark";
        }
        return String.join(", ", names.subList(0, Math.min(NAMES_SHOWN, names.size())))
                + (names.size() > NAMES_SHOWN ? " and " + (names.size() - NAMES_SHOWN) + " more" : "");
    }
}
