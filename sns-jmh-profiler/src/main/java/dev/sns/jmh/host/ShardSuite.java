package dev.sns.jmh.host;

import dev.sns.jmh.link.ProfilerOptions;
import dev.sns.reports.ReportEntries;
import dev.sns.reports.shards.ShardItem;
import dev.sns.reports.shards.ShardWeights;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Defaults;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The suite a sharded run splits: every unit the command line selects (benchmark, JMH mode and
 * {@code @Param} combination, keyed by its report id), before benchmarks are skipped for want of a
 * GPU (so that a node without one plans the same suite as a node with one), grouped into the items
 * that are never split - a declared pair group (all its members, baselines that were not selected
 * included) runs its ABBA rounds in one shard, one item per mode and parameter combination when its
 * members share them ({@link #combinations}) - and each unit's wall time estimated from its
 * configuration.
 *
 * @param units every unit, by id
 * @param items the items, each unit in one
 * @param estimatedMillis each unit's wall time as its configuration predicts it
 * @param pairGroups the pair groups (benchmark names)
 * @param configurations each unit's JMH configuration ({@link ShardWeights#configuration}), what its
 *     recorded wall times are matched by; absent for the units of pairs in ABBA rounds (their forks run
 *     as rounds, so every recorded run of theirs weighs)
 */
record ShardSuite(Map<String, Unit> units, List<ShardItem> items, Map<String, Double> estimatedMillis,
                  List<List<String>> pairGroups, Map<String, String> configurations) {
    /**
     * A fork's fixed cost beyond its iterations: the JVM's start, JMH's set-up and tear-down and sns's fork
     * half. A one-fork run of a CPU sample with 100 ms iterations took about 0.35 s more than its iterations on
     * the 2-core development machine, a GPU fork more (its CUDA context); the history's recorded times replace this
     * guess after the first run.
     */
    static final double FORK_OVERHEAD_MS = 500;

    /** A unit: one benchmark in one mode with one parameter combination. */
    record Unit(String id, String benchmark, String mode, Map<String, String> params) {
        /** {@code options} running this unit alone: its benchmark by its exact name, its mode and every parameter pinned. */
        ChainedOptionsBuilder pinned(ChainedOptionsBuilder options) {
            String name = Pattern.quote(benchmark);
            ChainedOptionsBuilder o = new OptionsBuilder().parent(options.build()).include("^" + name + "$")
                    .exclude("^(?!" + name + "$)").mode(Mode.deepValueOf(mode));
            params.forEach(o::param);
            return o;
        }
    }

    /** The selected suite of {@code cmd} with the pairs of {@code sns} (the pairs' errors are thrown as they are). */
    static ShardSuite of(CommandLineOptions cmd, ProfilerOptions sns, ClassLoader loader, PrintStream out) {
        List<String> includes = cmd.getIncludes().isEmpty() ? List.of(".*") : cmd.getIncludes();
        var silent = OutputFormatFactory.createFormatInstance(out, VerboseMode.SILENT);
        List<BenchmarkListEntry> every = new ArrayList<>(BenchmarkList.defaultList().getAll(silent, List.of()));
        List<BenchmarkListEntry> matching = new ArrayList<>(BenchmarkList.defaultList().find(silent, includes,
                cmd.getExcludes()));
        List<String> all = every.stream().map(BenchmarkListEntry::getUsername).distinct().toList();
        List<String> matched = matching.stream().map(BenchmarkListEntry::getUsername).distinct().toList();
        List<List<String>> groups = Pairs.groups(Pairs.resolve(all, matched, sns.pair(), loader));
        Map<String, Unit> units = new LinkedHashMap<>();
        Map<String, Double> estimates = new LinkedHashMap<>();
        Map<String, String> configurations = new LinkedHashMap<>();
        Map<String, List<String>> unitsOf = new LinkedHashMap<>();
        List<BenchmarkListEntry> entries = new ArrayList<>(matching);
        for (List<String> g : groups) {
            for (BenchmarkListEntry e : every) {
                if (g.contains(e.getUsername()) && !matched.contains(e.getUsername())) {
                    entries.add(e); // a baseline the patterns left out: its pair runs it
                }
            }
        }
        for (BenchmarkListEntry e : entries) {
            String name = e.getUsername();
            boolean abba = sns.abba() && groups.stream().anyMatch(g -> g.contains(name));
            for (String mode : BenchmarkSelection.modes(cmd, e)) {
                for (Map<String, String> params : BenchmarkSelection.paramCombinations(cmd, e)) {
                    String id = ReportEntries.id(name, mode, params);
                    if (units.putIfAbsent(id, new Unit(id, name, mode, new TreeMap<>(params))) == null) {
                        estimates.put(id, estimateMillis(cmd, e, Mode.deepValueOf(mode), abba ? sns.rounds() : 0));
                        if (!abba) {
                            configurations.put(id, configuration(cmd, e, Mode.deepValueOf(mode)));
                        }
                        unitsOf.computeIfAbsent(name, k -> new ArrayList<>()).add(id);
                    }
                }
            }
        }
        List<ShardItem> items = new ArrayList<>();
        List<String> grouped = new ArrayList<>();
        for (List<String> g : groups) {
            grouped.addAll(g);
            String key = "pair:" + String.join("|", g.stream().sorted().toList());
            Map<String, List<String>> byCombination = combinations(g, unitsOf, units);
            for (Map.Entry<String, List<String>> c : byCombination.entrySet()) {
                List<String> ids = c.getValue();
                items.add(new ShardItem(byCombination.size() == 1 ? key : key + "@" + c.getKey(), ids,
                        ids.stream().mapToDouble(estimates::get).sum()));
            }
        }
        for (Unit u : units.values()) {
            if (!grouped.contains(u.benchmark())) {
                items.add(ShardItem.unit(u.id(), estimates.get(u.id())));
            }
        }
        return new ShardSuite(units, items, estimates, groups, configurations);
    }

    /**
     * A pair group's units as the items it is split into, by the mode and parameters they are measured
     * with ("avgt:n=1,size=2"): when every member has the same combinations, each combination is an item
     * of its own (its candidate's and baseline's forks still interleave in one shard, and its comparison
     * needs nothing from the others), so that a pair over many parameter values spreads over shards;
     * otherwise (a baseline without the candidate's parameters, say) the whole group is one item, under
     * the key "". Empty when no member has a unit.
     */
    static Map<String, List<String>> combinations(List<String> group, Map<String, List<String>> unitsOf,
                                                  Map<String, Unit> units) {
        Map<String, List<String>> byCombination = new TreeMap<>();
        Set<Set<String>> shapes = new HashSet<>();
        List<String> all = new ArrayList<>();
        for (String b : group) {
            Set<String> shape = new TreeSet<>();
            for (String id : unitsOf.getOrDefault(b, List.of())) {
                Unit u = units.get(id);
                String combination = ReportEntries.id("", u.mode(), u.params()).substring(1);
                shape.add(combination);
                byCombination.computeIfAbsent(combination, k -> new ArrayList<>()).add(id);
                all.add(id);
            }
            shapes.add(shape);
        }
        if (all.isEmpty()) {
            return Map.of();
        }
        return shapes.size() == 1 ? byCombination : Map.of("", all);
    }

    /**
     * A unit's configuration as JMH resolves it: the command line, else the benchmark's annotations,
     * else JMH's defaults (a single shot's own iteration counts).
     */
    private record Resolved(boolean singleShot, int warmupIterations, int iterations, TimeValue warmupTime,
                            TimeValue iterationTime, int forks, int warmupForks) {
        static Resolved of(CommandLineOptions cmd, BenchmarkListEntry e, Mode mode) {
            boolean singleShot = mode == Mode.SingleShotTime;
            return new Resolved(singleShot,
                    cmd.getWarmupIterations().orElse(e.getWarmupIterations().orElse(singleShot
                            ? Defaults.WARMUP_ITERATIONS_SINGLESHOT : Defaults.WARMUP_ITERATIONS)),
                    cmd.getMeasurementIterations().orElse(e.getMeasurementIterations().orElse(singleShot
                            ? Defaults.MEASUREMENT_ITERATIONS_SINGLESHOT : Defaults.MEASUREMENT_ITERATIONS)),
                    cmd.getWarmupTime().orElse(e.getWarmupTime().orElse(Defaults.WARMUP_TIME)),
                    cmd.getMeasurementTime().orElse(e.getMeasurementTime().orElse(Defaults.MEASUREMENT_TIME)),
                    cmd.getForkCount().orElse(e.getForks().orElse(Defaults.MEASUREMENT_FORKS)),
                    cmd.getWarmupForkCount().orElse(e.getWarmupForks().orElse(Defaults.WARMUP_FORKS)));
        }
    }

    /**
     * A unit's wall time from its configuration: its forks (or, in ABBA rounds, one fork per round), each
     * {@link #FORK_OVERHEAD_MS} plus its warm-up and measurement iterations times their duration, as the
     * command line sets them or else the benchmark's annotations or JMH's defaults. A single-shot
     * iteration's duration is not configured: it counts as nothing beyond its fork.
     */
    static double estimateMillis(CommandLineOptions cmd, BenchmarkListEntry e, Mode mode, int abbaRounds) {
        Resolved r = Resolved.of(cmd, e, mode);
        double iterations = r.singleShot() ? 0
                : r.warmupIterations() * millis(r.warmupTime()) + r.iterations() * millis(r.iterationTime());
        int forks = abbaRounds > 0 ? abbaRounds : Math.max(1, r.forks()) + Math.max(0, r.warmupForks());
        return forks * (FORK_OVERHEAD_MS + iterations);
    }

    /**
     * A unit's configuration as JMH resolves it (the command line, else the benchmark's annotations, else
     * JMH's defaults), in {@link ShardWeights#configuration}'s text: what {@link HostRun} records with the
     * run from the forks' own parameters ({@link #configuration(BenchmarkParams)}), so that the two match.
     */
    static String configuration(CommandLineOptions cmd, BenchmarkListEntry e, Mode mode) {
        Resolved r = Resolved.of(cmd, e, mode);
        return ShardWeights.configuration(r.forks(), r.warmupForks(), r.warmupIterations(),
                r.singleShot() ? 0 : micros(r.warmupTime()), r.iterations(),
                r.singleShot() ? 0 : micros(r.iterationTime()));
    }

    /** The configuration a fork ran with (a single-shot iteration's time counts as none, as in the plan's). */
    static String configuration(BenchmarkParams p) {
        boolean singleShot = p.getMode() == Mode.SingleShotTime;
        return ShardWeights.configuration(p.getForks(), p.getWarmupForks(), p.getWarmup().getCount(),
                singleShot ? 0 : micros(p.getWarmup().getTime()), p.getMeasurement().getCount(),
                singleShot ? 0 : micros(p.getMeasurement().getTime()));
    }

    private static long micros(TimeValue t) {
        return t.convertTo(TimeUnit.MICROSECONDS);
    }

    private static double millis(TimeValue t) {
        return t.convertTo(TimeUnit.MICROSECONDS) / 1000.0;
    }
}
