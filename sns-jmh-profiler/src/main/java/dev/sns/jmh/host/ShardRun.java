package dev.sns.jmh.host;

import dev.sns.jmh.link.ProfilerOptions;
import dev.sns.reports.history.HistoryException;
import dev.sns.reports.history.HistoryStore;
import dev.sns.reports.history.HistoryStores;
import dev.sns.reports.shards.ShardItem;
import dev.sns.reports.shards.ShardPlan;
import dev.sns.reports.shards.ShardPlanner;
import dev.sns.reports.shards.ShardSpec;
import dev.sns.reports.shards.ShardWeights;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * This process's shard of a suite run ({@code -prof sns:shard=K/N|auto}): which units it runs, and
 * running exactly those.
 *
 * <p>The plan: the selected suite ({@link ShardSuite}) weighed by the history's recorded wall times
 * where there is a history (the median of each unit's latest finished runs of the configuration
 * planned now: {@link ShardWeights#recent}), split by {@link ShardPlanner}. With a history, the
 * group's first shard stores its plan there and every later shard runs that one
 * ({@link HistoryStore#sharePlan}): shards that start hours apart, after others have recorded new
 * times, still split the same suite the same way; a shard whose selection differs from the stored
 * plan stops before running anything. Without a history the plan is a function of the command line
 * and the jar alone.
 *
 * <p>The run: JMH selects benchmarks by name, so a benchmark whose every unit is in this shard runs by
 * its exact name (all of them in one JMH run), a benchmark split between shards runs once per unit
 * with its mode and every parameter pinned ({@code -bm}, {@code -p}), and the pair groups of this
 * shard run their ABBA rounds as the sns Main runs them ({@link AbbaRounds}): a whole group at once,
 * or, when the plan split it by mode and parameters, each of this shard's combinations pinned.
 *
 * @param spec which shard this is
 * @param group the run group every shard records (null without a history and without one given)
 * @param plan the whole suite's plan
 * @param suite the selected suite
 */
record ShardRun(ShardSpec spec, String group, ShardPlan plan, ShardSuite suite) {
    /** Resolves the shard, its group and the plan, and says so on {@code out}; an error says what is wrong. */
    static ShardRun plan(CommandLineOptions cmd, ProfilerOptions sns, ClassLoader loader, Map<String, String> env,
                         PrintStream out) throws HistoryException {
        ShardSpec spec = sns.shard(env).orElseThrow(() -> new IllegalArgumentException("not a sharded run"));
        String group = sns.group(env).orElse(null);
        if (sns.history() != null && group == null) {
            throw new IllegalArgumentException("shard=" + spec + " records into a history, and its shards must share a "
                    + "run group: give group=ID (the same on every shard), or set SNS_RUN_GROUP; a Slurm array or a "
                    + "Kubernetes Job with JOB_NAME set names one itself");
        }
        ShardSuite suite = ShardSuite.of(cmd, sns, loader, out);
        ShardPlan plan;
        if (sns.history() == null) {
            plan = ShardPlanner.plan(suite.items(), spec.count(), ShardWeights.of(suite.estimatedMillis(), Map.of()).basis());
        } else {
            try (HistoryStore h = HistoryStores.open(sns.history())) {
                ShardWeights.Weighted w = ShardWeights.ofRecent(suite.estimatedMillis(), h.recentWallMillis(
                        suite.units().keySet(), HistoryStore.DEFAULT_DEVICE, group, suite.configurations()));
                ShardPlan proposed = ShardPlanner.plan(weighted(suite, w), spec.count(), w.basis());
                plan = h.sharePlan(group, proposed);
                if (!plan.selectionDigest().equals(proposed.selectionDigest())) {
                    throw new IllegalArgumentException(mismatch(spec, group, plan, proposed));
                }
            }
        }
        ShardRun run = new ShardRun(spec, group, plan, suite);
        out.println(run.describe());
        return run;
    }

    /** The suite's items with the history's weights. */
    private static List<ShardItem> weighted(ShardSuite suite, ShardWeights.Weighted w) {
        List<ShardItem> items = new ArrayList<>();
        for (ShardItem i : suite.items()) {
            items.add(new ShardItem(i.key(), i.units(), i.units().stream().mapToDouble(u -> w.millis().get(u)).sum()));
        }
        return items;
    }

    private static String mismatch(ShardSpec spec, String group, ShardPlan stored, ShardPlan mine) {
        Set<String> theirs = new LinkedHashSet<>(stored.units());
        Set<String> ours = new LinkedHashSet<>(mine.units());
        List<String> onlyHere = ours.stream().filter(u -> !theirs.contains(u)).limit(3).toList();
        List<String> onlyThere = theirs.stream().filter(u -> !ours.contains(u)).limit(3).toList();
        return "shard " + spec + " of run group " + group + " selected another suite than the plan the group's first "
                + "shard stored in the history (" + ours.size() + " units in " + mine.count() + " shards here, "
                + theirs.size() + " in " + stored.count() + " there" + (onlyHere.isEmpty() ? "" : "; only here: "
                + String.join(", ", onlyHere)) + (onlyThere.isEmpty() ? "" : "; only there: " + String.join(", ", onlyThere))
                + "): run every shard of a group with the same jar and command line, or give this run another group";
    }

    /** Whether unit {@code id} is this shard's. */
    boolean contains(String id) {
        return plan.shardOf(id).map(s -> s == spec.index()).orElse(false);
    }

    /** The units of this shard. */
    List<String> units() {
        return plan.unitsOf(spec.index());
    }

    /** One line: which shard, how much of the suite, how balanced, on what basis. */
    String describe() {
        double[] loads = plan.loadsMillis();
        double total = 0;
        for (double l : loads) {
            total += l;
        }
        long pairs = plan.of(spec.index()).stream().filter(a -> a.item().startsWith("pair:")).count();
        return String.format(Locale.ROOT, "sns: shard %s%s: %d of %d units%s, expected %.0f s of %.0f s in all (the "
                        + "longest shard %.0f s, %.2fx the mean); balanced by %s", spec,
                group == null ? "" : " of run group " + group, units().size(), plan.units().size(),
                pairs == 0 ? "" : " (" + pairs + (pairs == 1 ? " pair with its" : " pairs with their") + " ABBA rounds)",
                loads[spec.index() - 1] / 1000, total / 1000, max(loads) / 1000, plan.imbalance(), plan.basis());
    }

    private static double max(double[] v) {
        double m = 0;
        for (double x : v) {
            m = Math.max(m, x);
        }
        return m;
    }

    /**
     * Runs this shard's units: whole benchmarks in one JMH run, split ones unit by unit, pair groups in
     * ABBA rounds (or, with {@code abba=false}, with the whole benchmarks). {@code selection} holds the
     * benchmarks of this shard this node can run (those that need a missing GPU were skipped and recorded
     * as such), and {@code pairs} the pairs resolved among them: a pair at one combination is never
     * split, so its rounds run here whole.
     */
    void run(ChainedOptionsBuilder options, List<Pairs.Pair> pairs, BenchmarkSelection selection, ProfilerOptions sns,
             OutputFormat format, RunOutput progress, List<RunResult> results, PrintStream out) throws RunnerException {
        List<String> runnable = new ArrayList<>(selection.selected());
        pairs.forEach(p -> {
            if (!runnable.contains(p.baseline())) {
                runnable.add(p.baseline());
            }
        });
        Map<String, List<ShardSuite.Unit>> mine = new LinkedHashMap<>();
        for (String id : units()) {
            ShardSuite.Unit u = suite.units().get(id);
            if (runnable.contains(u.benchmark())) {
                mine.computeIfAbsent(u.benchmark(), k -> new ArrayList<>()).add(u);
            }
        }
        Set<String> paired = new LinkedHashSet<>();
        if (sns.abba()) {
            pairs.forEach(p -> {
                paired.add(p.candidate());
                paired.add(p.baseline());
            });
        }
        List<String> whole = new ArrayList<>();
        List<ShardSuite.Unit> single = new ArrayList<>();
        for (Map.Entry<String, List<ShardSuite.Unit>> e : mine.entrySet()) {
            if (paired.contains(e.getKey())) {
                continue;
            }
            long all = suite.units().values().stream().filter(u -> u.benchmark().equals(e.getKey())).count();
            if (e.getValue().size() == all) {
                whole.add(e.getKey());
            } else {
                single.addAll(e.getValue());
            }
        }
        if (!whole.isEmpty()) {
            String names = whole.stream().map(Pattern::quote).collect(Collectors.joining("|"));
            ChainedOptionsBuilder o = new OptionsBuilder().parent(options.build()).include("^(" + names + ")$")
                    .exclude("^(?!(" + names + ")$)");
            results.addAll(new Runner(o.build(), format).run());
        }
        for (ShardSuite.Unit u : single) {
            results.addAll(new Runner(u.pinned(options).build(), format).run());
        }
        for (List<String> group : Pairs.groups(pairs)) {
            if (!paired.containsAll(group)) {
                continue;
            }
            List<Pairs.Pair> its = pairs.stream().filter(p -> group.contains(p.candidate())).toList();
            List<String> here = group.stream().flatMap(b -> mine.getOrDefault(b, List.of()).stream())
                    .map(ShardSuite.Unit::id).toList();
            long all = suite.units().values().stream().filter(u -> group.contains(u.benchmark())).count();
            if (here.size() == all) {
                AbbaRounds.run(options, its, group, sns.rounds(), format, progress, results, out);
                continue;
            }
            // the group is split by mode and parameters: this shard's combinations, each pinned, in rounds
            Map<String, ShardSuite.Unit> combinations = new LinkedHashMap<>();
            for (String id : here) {
                ShardSuite.Unit u = suite.units().get(id);
                combinations.putIfAbsent(u.mode() + " " + u.params(), u);
            }
            for (ShardSuite.Unit u : combinations.values()) {
                ChainedOptionsBuilder pinned = new OptionsBuilder().parent(options.build()).mode(Mode.deepValueOf(u.mode()));
                u.params().forEach(pinned::param);
                AbbaRounds.run(pinned, its, group, sns.rounds(), format, progress, results, out);
            }
        }
    }
}
