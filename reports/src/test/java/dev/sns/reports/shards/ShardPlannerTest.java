package dev.sns.reports.shards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The planner's promises, on suites shaped like real ones: every unit in exactly one shard for 1 to 16
 * shards; adding a benchmark moves few units; pairs stay whole; a skewed suite is balanced as well as a
 * partition allows. Each prints its numbers (docs/many-nodes.md quotes them).
 */
class ShardPlannerTest {
    /**
     * A suite of 40 benchmarks with 1 to 4 parameter combinations each (about 100 units) and 3 pair
     * groups of two benchmarks, weighed as their configurations would weigh them (4 iteration/fork
     * classes), so many units weigh the same.
     */
    static List<ShardItem> configSuite(int benchmarks, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] classes = {1_900, 3_800, 7_500, 12_000};
        List<ShardItem> items = new ArrayList<>();
        for (int b = 0; b < benchmarks; b++) {
            String name = "dev.suite.Bench" + b + ".run@avgt";
            double w = classes[r.nextInt(classes.length)];
            int params = 1 + r.nextInt(4);
            if (b % 13 == 5) { // a pair group: two benchmarks, their params, one item
                List<String> units = new ArrayList<>();
                for (int p = 0; p < params; p++) {
                    units.add("dev.suite.Bench" + b + ".fast@avgt:n=" + (1 << p));
                    units.add("dev.suite.Bench" + b + ".slow@avgt:n=" + (1 << p));
                }
                items.add(new ShardItem("pair:dev.suite.Bench" + b + ".fast|dev.suite.Bench" + b + ".slow", units,
                        units.size() * 4 * 1_500.0));
                continue;
            }
            for (int p = 0; p < params; p++) {
                items.add(ShardItem.unit(name + ":n=" + (1 << p), w));
            }
        }
        return items;
    }

    /** The same suite with recorded wall times: log-normal around the configuration's (sd 0.5 in log). */
    static List<ShardItem> recorded(List<ShardItem> items, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<ShardItem> out = new ArrayList<>();
        for (ShardItem i : items) {
            double g = Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
            out.add(new ShardItem(i.key(), i.units(), i.weightMillis() * Math.exp(0.5 * g)));
        }
        return out;
    }

    private static Map<String, Integer> shardOfUnit(ShardPlan plan) {
        Map<String, Integer> m = new HashMap<>();
        plan.assignments().forEach(a -> a.units().forEach(u -> m.put(u, a.shard())));
        return m;
    }

    @Test
    void forOneToSixteenShardsEveryUnitIsInExactlyOneShard() {
        List<ShardItem> suite = configSuite(40, 1);
        Set<String> all = new HashSet<>();
        suite.forEach(i -> all.addAll(i.units()));
        StringBuilder numbers = new StringBuilder();
        for (int n = 1; n <= 16; n++) {
            for (List<ShardItem> items : List.of(suite, recorded(suite, n))) {
                ShardPlan plan = ShardPlanner.plan(items, n, "test");
                List<String> union = new ArrayList<>();
                for (int k = 1; k <= n; k++) {
                    union.addAll(plan.unitsOf(k));
                }
                assertEquals(all.size(), union.size(), n + " shards: no unit twice");
                assertEquals(all, new HashSet<>(union), n + " shards: every unit");
                List<ShardItem> reversed = new ArrayList<>(items);
                java.util.Collections.reverse(reversed);
                assertEquals(plan, ShardPlanner.plan(reversed, n, "test"),
                        "the plan does not depend on the order the items come in");
            }
            double[] w = suite.stream().mapToDouble(ShardItem::weightMillis).toArray();
            double mean = java.util.Arrays.stream(w).sum() / n;
            numbers.append(String.format(java.util.Locale.ROOT, " N=%d %.2fx (bound %.2fx)", n,
                    ShardPlanner.plan(suite, n, "t").imbalance(), Math.max(1, ShardPlanner.lowerBound(w, n) / mean)));
        }
        System.out.println("ShardPlannerTest: " + all.size() + " units, longest shard over the mean:" + numbers);
    }

    @Test
    void addingOneBenchmarkMovesAtMostAFewUnits() {
        for (int benchmarks : new int[] {40, 100}) {
            List<Integer> config = new ArrayList<>();
            List<Integer> rec = new ArrayList<>();
            int units = 0;
            for (long seed = 1; seed <= 20; seed++) {
                List<ShardItem> before = configSuite(benchmarks, seed);
                units = Math.max(units, before.stream().mapToInt(i -> i.units().size()).sum());
                List<ShardItem> added = List.of(ShardItem.unit("dev.suite.Added.run@avgt:n=1", 3_800),
                        ShardItem.unit("dev.suite.Added.run@avgt:n=2", 3_800));
                List<ShardItem> after = new ArrayList<>(before);
                after.addAll(added);
                List<ShardItem> recBefore = recorded(before, seed);
                List<ShardItem> recAfter = new ArrayList<>(recBefore);
                recAfter.addAll(recorded(added, seed + 100));
                for (int n = 1; n <= 16; n++) {
                    config.add(moved(ShardPlanner.plan(before, n, "t"), ShardPlanner.plan(after, n, "t")));
                    rec.add(moved(ShardPlanner.plan(recBefore, n, "t"), ShardPlanner.plan(recAfter, n, "t")));
                }
            }
            for (List<Integer> moves : List.of(config, rec)) {
                List<Integer> s = new ArrayList<>(moves);
                java.util.Collections.sort(s);
                double mean = s.stream().mapToInt(Integer::intValue).average().orElse(0);
                int p90 = s.get(s.size() * 9 / 10);
                int max = s.get(s.size() - 1);
                System.out.printf(java.util.Locale.ROOT, "ShardPlannerTest: %d benchmarks (up to %d units), %s weights: adding "
                        + "a benchmark of 2 units moved %.2f other units on average, %d or fewer in 90%%, at most %d, "
                        + "over 1-16 shards and 20 suites%n", benchmarks, units, moves == config ? "configuration"
                        : "recorded", mean, p90, max);
                assertTrue(mean <= 3, "mean " + mean);
                assertTrue(p90 <= 8, "90th percentile " + p90);
                assertTrue(max <= 25, "at most " + max + " of " + units + " (a long chain of displacements)");
            }
        }
    }

    /** Greedy LPT, the obvious alternative, for comparison: heaviest first onto the least loaded shard. */
    static ShardPlan lpt(List<ShardItem> items, int n) {
        List<ShardItem> order = new ArrayList<>(items);
        order.sort(java.util.Comparator.comparingDouble(ShardItem::weightMillis).reversed()
                .thenComparing(i -> ShardPlanner.keyHash(i.key())));
        double[] load = new double[n];
        List<ShardPlan.Assignment> out = new ArrayList<>();
        for (ShardItem i : order) {
            int best = 0;
            for (int s = 1; s < n; s++) {
                best = load[s] < load[best] ? s : best;
            }
            load[best] += i.weightMillis();
            out.add(new ShardPlan.Assignment(i.key(), i.units(), i.weightMillis(), best + 1));
        }
        return new ShardPlan(n, "lpt", out);
    }

    @Test
    void greedyLptWouldMoveFarMore() {
        double ours = 0;
        double theirs = 0;
        int plans = 0;
        for (long seed = 1; seed <= 10; seed++) {
            List<ShardItem> before = configSuite(40, seed);
            List<ShardItem> after = new ArrayList<>(before);
            after.add(ShardItem.unit("dev.suite.Added.run@avgt:n=1", 3_800));
            after.add(ShardItem.unit("dev.suite.Added.run@avgt:n=2", 3_800));
            for (int n = 2; n <= 16; n++) {
                ours += moved(ShardPlanner.plan(before, n, "t"), ShardPlanner.plan(after, n, "t"));
                theirs += moved(lpt(before, n), lpt(after, n));
                plans++;
            }
        }
        System.out.printf(java.util.Locale.ROOT, "ShardPlannerTest: adding a benchmark, greedy LPT moved %.1f units on "
                + "average, this planner %.1f (2-16 shards, 10 suites of about 100 units)%n", theirs / plans, ours / plans);
        assertTrue(theirs > 5 * ours, "LPT " + theirs + " vs " + ours);
    }

    /** Units (not the new ones) whose shard changed. */
    private static int moved(ShardPlan a, ShardPlan b) {
        Map<String, Integer> before = shardOfUnit(a);
        Map<String, Integer> after = shardOfUnit(b);
        int moved = 0;
        for (Map.Entry<String, Integer> e : before.entrySet()) {
            if (!e.getValue().equals(after.get(e.getKey()))) {
                moved++;
            }
        }
        return moved;
    }

    @Test
    void aPairGroupIsOneItemAndStaysWhole() {
        List<ShardItem> suite = configSuite(40, 3);
        for (int n = 1; n <= 16; n++) {
            Map<String, Integer> shard = shardOfUnit(ShardPlanner.plan(suite, n, "t"));
            for (ShardItem i : suite) {
                if (i.key().startsWith("pair:")) {
                    Set<Integer> shards = new HashSet<>();
                    i.units().forEach(u -> shards.add(shard.get(u)));
                    assertEquals(1, shards.size(), i.key() + " over " + n + " shards: " + shards);
                }
            }
        }
    }

    @Test
    void aSkewedSuiteIsBalancedWhereAGoodPartitionExists() {
        // one unit recorded at 10x the others: 30 x 1 s and 1 x 10 s over 4 shards, a mean of 10 s; the
        // 10 s unit alone makes a shard of 10 s, so a partition with the longest at 1.0x the mean exists
        List<ShardItem> items = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            items.add(ShardItem.unit("dev.suite.Small" + i + ".run@avgt", 1_000));
        }
        items.add(ShardItem.unit("dev.suite.Big.run@avgt", 10_000));
        ShardPlan plan = ShardPlanner.plan(items, 4, "t");
        double[] loads = plan.loadsMillis();
        System.out.println("ShardPlannerTest: skewed suite (30 x 1 s, 1 x 10 s) over 4 shards: loads "
                + java.util.Arrays.toString(loads) + " ms, longest " + plan.imbalance() + "x the mean");
        assertTrue(plan.imbalance() <= 1.2, "longest shard " + plan.imbalance() + "x the mean");
        int big = plan.shardOf("dev.suite.Big.run@avgt").orElseThrow();
        assertTrue(loads[big - 1] <= 11_500, "the 10x unit's shard takes at most 1.5 s more: " + loads[big - 1]);
        // the same with many skews: over 100 seeds of 20-60 units of 0.5-1.5 s and one 10x, wherever the
        // lower bound allows 1.2x, the plan reaches it
        SplittableRandom r = new SplittableRandom(17);
        int checked = 0;
        double worst = 0;
        for (int trial = 0; trial < 100; trial++) {
            List<ShardItem> s = new ArrayList<>();
            int n = 20 + r.nextInt(41);
            double sum = 0;
            for (int i = 0; i < n; i++) {
                double w = 500 + r.nextInt(1001);
                sum += w;
                s.add(ShardItem.unit("u" + trial + "." + i, w));
            }
            s.add(ShardItem.unit("u" + trial + ".big", 10 * sum / n));
            double[] ws = s.stream().mapToDouble(ShardItem::weightMillis).toArray();
            double mean = (sum + 10 * sum / n) / 4;
            if (ShardPlanner.lowerBound(ws, 4) <= 1.2 * mean / 1.05) {
                checked++;
                double imb = ShardPlanner.plan(s, 4, "t").imbalance();
                worst = Math.max(worst, imb);
                assertTrue(imb <= 1.2, "trial " + trial + ": " + imb);
            }
        }
        System.out.println("ShardPlannerTest: " + checked + " random skewed suites over 4 shards: longest at most " + worst
                + "x the mean");
    }

    /** The least longest shard of any partition of {@code w} over {@code count} shards: every assignment tried. */
    static double exhaustiveOptimum(double[] w, int count) {
        int n = w.length;
        double best = Double.MAX_VALUE;
        int[] digits = new int[n];
        double[] load = new double[count];
        long all = (long) Math.pow(count, n);
        for (long c = 0; c < all; c++) {
            java.util.Arrays.fill(load, 0);
            long x = c;
            for (int i = 0; i < n; i++) {
                digits[i] = (int) (x % count);
                x /= count;
                load[digits[i]] += w[i];
            }
            double m = 0;
            for (double l : load) {
                m = Math.max(m, l);
            }
            best = Math.min(best, m);
        }
        return best;
    }

    private static List<ShardItem> cpuSampleUnits(double... millis) {
        String[] n = {"256", "1024", "4096", "16384", "65536", "262144", "1048576", "4194304"};
        List<ShardItem> items = new ArrayList<>();
        for (int i = 0; i < millis.length; i++) {
            items.add(ShardItem.unit("dev.sns.benchmarks.CpuSample_01_ArraySum.sum@avgt:n=" + n[i], millis[i]));
        }
        return items;
    }

    /**
     * The outside operator's case (issue 25, G4): the 8 units of the Slurm suite on 4 shards, with wall
     * times where the stable matching alone gave 1.160x and 1.195x the mean although partitions of 1.095x
     * and 1.137x exist (its exact weights were not kept: these reproduce both figures, found by a search
     * over random weights of 1.5-4 s). The repaired plan meets the bound.
     */
    @Test
    void theOperatorsEightUnitSuitesMeetTheBoundTheMatchingAloneMissed() {
        double[][] cases = {{2493, 2319, 2626, 3711, 2890, 1784, 1636, 1561},
                {1896, 2065, 1532, 3242, 1776, 2776, 1937, 1573}};
        double[][] expected = {{1.160, 1.095}, {1.195, 1.137}};
        for (int c = 0; c < cases.length; c++) {
            List<ShardItem> items = cpuSampleUnits(cases[c]);
            double mean = java.util.Arrays.stream(cases[c]).sum() / 4;
            double matching = ShardPlanner.plan(items, 4, "t", false).imbalance();
            double optimum = exhaustiveOptimum(cases[c], 4) / mean;
            ShardPlan plan = ShardPlanner.plan(items, 4, "t");
            System.out.printf(java.util.Locale.ROOT, "ShardPlannerTest: the operator's 8 units on 4 shards %s: the "
                    + "matching alone %.3fx the mean, the best partition %.3fx, the plan %.3fx (loads %s ms)%n",
                    java.util.Arrays.toString(cases[c]), matching, optimum, plan.imbalance(),
                    java.util.Arrays.toString(plan.loadsMillis()));
            assertEquals(expected[c][0], matching, 0.0005, "the matching alone, as the operator saw it");
            assertEquals(expected[c][1], optimum, 0.0005, "the best partition, as the operator's search found it");
            assertTrue(plan.imbalance() <= 1 + ShardPlanner.SLACK + 1e-9, "the plan " + plan.imbalance());
            int moved = 0;
            ShardPlan before = ShardPlanner.plan(items, 4, "t", false);
            for (ShardItem i : items) {
                moved += before.shardOf(i.key()).equals(plan.shardOf(i.key())) ? 0 : 1;
            }
            assertTrue(moved <= 3, moved + " of 8 units left the matching's shard");
        }
    }

    /**
     * The promise checked against the truth: 200 random suites of 4-9 items (uniform 0.5-4 s, or
     * log-normal with one item up to 6x the others) on 2-4 shards, every partition tried. Wherever one
     * within 1.15x the mean exists, the plan is within 1.15x; where none does, the plan is the best
     * there is. The matching alone, for comparison, met the bound in fewer.
     */
    @Test
    void smallRandomSuitesMeetTheBoundWhereverAPartitionDoes() {
        SplittableRandom r = new SplittableRandom(25);
        int feasible = 0;
        int planMet = 0;
        int matchingMet = 0;
        int infeasible = 0;
        int planOptimal = 0;
        double worstMatching = 0;
        for (int trial = 0; trial < 200; trial++) {
            int n = 4 + r.nextInt(6);
            int count = 2 + r.nextInt(3);
            double[] w = new double[n];
            List<ShardItem> items = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                w[i] = trial % 2 == 0 ? 500 + r.nextInt(3501)
                        : Math.round(1000 * Math.exp(0.6 * Math.sqrt(-2 * Math.log(1 - r.nextDouble()))
                        * Math.cos(2 * Math.PI * r.nextDouble())));
                items.add(ShardItem.unit("s" + trial + ".Bench.run@avgt:n=" + i, w[i]));
            }
            double mean = java.util.Arrays.stream(w).sum() / count;
            double best = exhaustiveOptimum(w, count);
            ShardPlan plan = ShardPlanner.plan(items, count, "t");
            double longest = ShardPlanner.max(plan.loadsMillis());
            double matching = ShardPlanner.max(ShardPlanner.plan(items, count, "t", false).loadsMillis());
            if (best <= 1.15 * mean) {
                feasible++;
                planMet += longest <= 1.15 * mean * (1 + 1e-12) ? 1 : 0;
                matchingMet += matching <= 1.15 * mean * (1 + 1e-12) ? 1 : 0;
                worstMatching = Math.max(worstMatching, matching / mean);
                assertTrue(longest <= 1.15 * mean * (1 + 1e-12), "trial " + trial + " " + java.util.Arrays.toString(w)
                        + " on " + count + ": " + longest / mean + "x where " + best / mean + "x exists");
            } else {
                infeasible++;
                planOptimal += longest <= best * (1 + 1e-12) ? 1 : 0;
                assertEquals(best, longest, best * 1e-12, "trial " + trial + ": no partition within 1.15x: the best one");
            }
        }
        System.out.printf(java.util.Locale.ROOT, "ShardPlannerTest: 200 random suites of 4-9 items on 2-4 shards: a "
                + "partition within 1.15x the mean exists in %d; the plan met it in %d, the matching alone in %d (at "
                + "worst %.3fx); in the other %d the plan was the best partition in %d%n", feasible, planMet, matchingMet,
                worstMatching, infeasible, planOptimal);
        assertTrue(matchingMet < feasible, "the check can fail: the matching alone misses the bound somewhere");
    }

    /**
     * Suites too large for the exact search (14-40 items on 3-8 shards, one item 3-6x the others)
     * get the local search: wherever the lower bound leaves room (at most 1.15x / 1.05 the mean), the
     * plan is within 1.15x.
     */
    @Test
    void largerSuitesGetTheLocalSearch() {
        SplittableRandom r = new SplittableRandom(251);
        int checked = 0;
        int matchingMissed = 0;
        double worst = 0;
        for (int trial = 0; trial < 300; trial++) {
            int n = 14 + r.nextInt(27);
            int count = 3 + r.nextInt(6);
            assertTrue(Math.pow(count, n) > ShardRepair.EXACT_LIMIT, "beyond the exact search");
            List<ShardItem> items = new ArrayList<>();
            double[] w = new double[n];
            for (int i = 0; i < n; i++) {
                w[i] = i == 0 ? (3 + r.nextInt(4)) * 2_000.0 : 500 + r.nextInt(3501);
                items.add(ShardItem.unit("l" + trial + ".u" + i, w[i]));
            }
            double mean = java.util.Arrays.stream(w).sum() / count;
            if (ShardPlanner.lowerBound(w, count) > 1.15 * mean / 1.05) {
                continue;
            }
            checked++;
            matchingMissed += ShardPlanner.plan(items, count, "t", false).imbalance() > 1.15 + 1e-9 ? 1 : 0;
            double imb = ShardPlanner.plan(items, count, "t").imbalance();
            worst = Math.max(worst, imb);
            assertTrue(imb <= 1.15 + 1e-9, "trial " + trial + ": " + imb);
        }
        System.out.printf(java.util.Locale.ROOT, "ShardPlannerTest: %d larger suites (14-40 items, 3-8 shards): the "
                + "matching alone missed 1.15x in %d, the plan's longest at most %.3fx%n", checked, matchingMissed, worst);
        assertTrue(checked >= 100, "enough suites: " + checked);
    }

    /** On small suites, the repair keeps the planner's stability: adding an item moves few others. */
    @Test
    void smallSuitesStayStableWhenAnItemIsAdded() {
        SplittableRandom r = new SplittableRandom(7);
        int plans = 0;
        double ours = 0;
        double theirs = 0;
        for (int trial = 0; trial < 200; trial++) {
            int n = 4 + r.nextInt(5);
            int count = 2 + r.nextInt(3);
            List<ShardItem> before = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                before.add(ShardItem.unit("t" + trial + ".u" + i, 500 + r.nextInt(3501)));
            }
            List<ShardItem> after = new ArrayList<>(before);
            after.add(ShardItem.unit("t" + trial + ".added", 500 + r.nextInt(3501)));
            ours += moved(ShardPlanner.plan(before, count, "t"), ShardPlanner.plan(after, count, "t"));
            theirs += moved(lpt(before, count), lpt(after, count));
            plans++;
        }
        System.out.printf(java.util.Locale.ROOT, "ShardPlannerTest: 200 small suites (4-8 items, 2-4 shards), one item "
                + "added: the plan moved %.2f others on average, greedy LPT %.2f%n", ours / plans, theirs / plans);
        assertTrue(ours < theirs, ours / plans + " vs LPT " + theirs / plans);
    }

    @Test
    void knownAnswersTheSameOnEveryJvm() {
        // fixed items: the assignment is a function of the keys and weights alone (SHA-256 and SplitMix64)
        List<ShardItem> items = List.of(ShardItem.unit("a", 4_000), ShardItem.unit("b", 3_000),
                ShardItem.unit("c", 3_000), ShardItem.unit("d", 2_000), ShardItem.unit("e", 1_000),
                ShardItem.unit("f", 1_000));
        ShardPlan plan = ShardPlanner.plan(items, 2, "t");
        Map<String, Integer> shard = shardOfUnit(plan);
        assertEquals(Map.of("a", 2, "b", 1, "c", 2, "d", 1, "e", 1, "f", 1), shard, plan.toString());
        assertEquals(7_000, plan.loadsMillis()[0]);
        assertEquals(7_000, plan.loadsMillis()[1]);
        assertEquals(List.of(1, 0), List.of(ShardPlanner.preference("a", 2)));
        assertEquals(12_000.0, ShardPlanner.lowerBound(new double[] {4_000, 3_000, 3_000, 2_000, 1_000}, 2) * 2);
        assertEquals(4_000, ShardPlanner.lowerBound(new double[] {4_000, 1, 1}, 4), "the heaviest item");
        assertEquals(6_000, ShardPlanner.lowerBound(new double[] {3_000, 3_000, 3_000}, 2), "3 items in 2 shards: 2 in one");
    }

    @Test
    void oneShardHoldsEverythingAndEmptyShardsAreAllowed() {
        List<ShardItem> items = List.of(ShardItem.unit("a", 1), ShardItem.unit("b", 1));
        assertEquals(List.of("a", "b"), ShardPlanner.plan(items, 1, "t").unitsOf(1));
        ShardPlan four = ShardPlanner.plan(items, 4, "t");
        long empty = java.util.stream.IntStream.rangeClosed(1, 4).filter(k -> four.unitsOf(k).isEmpty()).count();
        assertEquals(2, empty);
        assertEquals(List.of(), ShardPlanner.plan(List.of(), 3, "t").units());
    }

    @Test
    void badInputIsRefusedNamingIt() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ShardPlanner.plan(List.of(ShardItem.unit("a", 1),
                ShardItem.unit("a", 2)), 2, "t")).getMessage().contains("item a is given twice"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ShardPlanner.plan(List.of(ShardItem.unit("a", 1),
                new ShardItem("p", List.of("a", "b"), 1)), 2, "t")).getMessage().contains("unit a is planned twice"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ShardItem.unit("a", Double.NaN)).getMessage()
                .contains("weight NaN"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ShardPlanner.plan(List.of(), 0, "t")).getMessage()
                .contains("at least one shard"));
    }
}
