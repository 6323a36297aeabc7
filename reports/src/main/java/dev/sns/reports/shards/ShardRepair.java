package dev.sns.reports.shards;

import java.util.List;
import java.util.Map;

/**
 * What keeps {@link ShardPlanner}'s promise where the stable matching alone breaks it (its longest
 * shard above {@code cap}, 1.15x the mean or the best any partition can do): the fewest items moved
 * from the matching's shards that bring every shard within {@code cap}.
 *
 * <p>Small suites ({@code count^items} at most {@link #EXACT_LIMIT}) get an exact search: a
 * depth-first search over the items, heaviest first, each tried in its matched shard first and then
 * in its order of preference, that finds the partition within {@code cap} moving the fewest items -
 * or, where none exists, the best partition there is (the least longest shard, found the same way),
 * then the one of those that moves the fewest. Larger suites get a local search: while the longest
 * shard is above {@code cap}, the one move of an item out of it, or swap of one of its items with a
 * lighter one elsewhere, that lowers it most (a move before a swap, the item's preferred shard
 * first), until none lowers it. Either way an item leaves the shard the matching gave it only when
 * the promise needs it, so the matching's stability holds wherever it already kept the promise.
 */
final class ShardRepair {
    /** The largest search space ({@code count^items}) searched exactly. */
    static final double EXACT_LIMIT = 2e6;
    /** The most nodes one exact search visits before it gives up for the local search. */
    static final long NODE_BUDGET = 20_000_000L;
    private static final double EPS = 1e-12;

    private ShardRepair() {}

    /**
     * Moves items of {@code shardOf} (0-based shards) so that every shard is within {@code cap} where a
     * partition allows it; {@code order} holds every item, heaviest first.
     */
    static void repair(List<ShardItem> order, Map<String, Long> hashes, Map<String, Integer> shardOf, int count,
                       double cap) {
        int n = order.size();
        double[] w = new double[n];
        int[] base = new int[n];
        int[][] pref = new int[n][];
        for (int i = 0; i < n; i++) {
            ShardItem item = order.get(i);
            w[i] = item.weightMillis();
            base[i] = shardOf.get(item.key());
            Integer[] p = ShardPlanner.preference(hashes.get(item.key()), count);
            pref[i] = new int[count];
            pref[i][0] = base[i];
            int k = 1;
            for (int s : p) {
                if (s != base[i]) {
                    pref[i][k++] = s;
                }
            }
        }
        int[] shard = Math.pow(count, n) <= EXACT_LIMIT ? exact(w, base, pref, count, cap) : null;
        if (shard == null) {
            shard = base.clone();
            local(w, shard, pref, count, cap);
        }
        for (int i = 0; i < n; i++) {
            shardOf.put(order.get(i).key(), shard[i]);
        }
    }

    /** The exact search; null when it ran past its budget. */
    static int[] exact(double[] w, int[] base, int[][] pref, int count, double cap) {
        Search s = new Search(w, base, pref, count);
        int[] within = s.fewestMoves(cap);
        if (s.overBudget) {
            return null;
        }
        if (within != null) {
            return within;
        }
        double before = loads(w, base, count)[argmax(loads(w, base, count))];
        double best = s.optimum(before);
        if (s.overBudget) {
            return null;
        }
        if (best >= before * (1 - EPS)) {
            return base.clone();
        }
        int[] out = s.fewestMoves(best);
        return s.overBudget ? null : out;
    }

    /** The depth-first searches over one suite. */
    private static final class Search {
        final double[] w;
        final int[] base;
        final int[][] pref;
        final int count;
        final double[] suffix;
        long nodes;
        boolean overBudget;
        int[] best;
        int bestMoves;
        double bestPeak;

        Search(double[] w, int[] base, int[][] pref, int count) {
            this.w = w;
            this.base = base;
            this.pref = pref;
            this.count = count;
            suffix = new double[w.length + 1];
            for (int i = w.length - 1; i >= 0; i--) {
                suffix[i] = suffix[i + 1] + w[i];
            }
        }

        /** The partition with every shard within {@code limit} that moves the fewest items; null when none. */
        int[] fewestMoves(double limit) {
            best = null;
            bestMoves = Integer.MAX_VALUE;
            moves(0, new int[w.length], new double[count], 0, limit * (1 + EPS));
            return best;
        }

        private void moves(int i, int[] shard, double[] load, int moved, double limit) {
            if (overBudget || moved >= bestMoves) {
                return;
            }
            if (++nodes > NODE_BUDGET) {
                overBudget = true;
                return;
            }
            if (i == w.length) {
                best = shard.clone();
                bestMoves = moved;
                return;
            }
            double room = 0;
            for (double l : load) {
                room += Math.max(0, limit - l);
            }
            if (room < suffix[i] * (1 - EPS)) {
                return;
            }
            for (int s : pref[i]) {
                if (load[s] + w[i] <= limit) {
                    shard[i] = s;
                    load[s] += w[i];
                    moves(i + 1, shard, load, moved + (s == base[i] ? 0 : 1), limit);
                    load[s] -= w[i];
                }
            }
        }

        /** The least longest shard of any partition, searched below {@code upper} (returned when none is lower). */
        double optimum(double upper) {
            bestPeak = upper;
            peak(0, new double[count], 0);
            return bestPeak;
        }

        private void peak(int i, double[] load, double peak) {
            if (overBudget || peak >= bestPeak * (1 - EPS)) {
                return;
            }
            if (++nodes > NODE_BUDGET) {
                overBudget = true;
                return;
            }
            if (i == w.length) {
                bestPeak = peak;
                return;
            }
            boolean emptyTried = false;
            for (int s = 0; s < count; s++) {
                if (load[s] == 0) { // the empty shards are alike: one of them is enough
                    if (emptyTried) {
                        continue;
                    }
                    emptyTried = true;
                }
                load[s] += w[i];
                peak(i + 1, load, Math.max(peak, load[s]));
                load[s] -= w[i];
            }
        }
    }

    /** The local search: moves and swaps that lower the longest shard while it is above {@code cap}. */
    static void local(double[] w, int[] shard, int[][] pref, int count, double cap) {
        int n = w.length;
        double[] load = loads(w, shard, count);
        for (int step = 0; step < 4 * n + 16; step++) {
            int h = argmax(load);
            if (load[h] <= cap * (1 + EPS)) {
                return;
            }
            double bestPeak = load[h] * (1 - EPS);
            int bi = -1;
            int bj = -1;
            int bt = -1;
            for (int i = 0; i < n; i++) {
                if (shard[i] != h) {
                    continue;
                }
                for (int t : pref[i]) {
                    double peak = Math.max(load[h] - w[i], load[t] + w[i]);
                    if (t != h && peak < bestPeak) {
                        bestPeak = peak;
                        bi = i;
                        bt = t;
                    }
                }
            }
            for (int i = 0; i < n; i++) {
                if (shard[i] != h) {
                    continue;
                }
                for (int j = 0; j < n; j++) {
                    int t = shard[j];
                    if (t == h || w[j] >= w[i]) {
                        continue;
                    }
                    double d = w[i] - w[j];
                    double peak = Math.max(load[h] - d, load[t] + d);
                    if (peak < bestPeak * (1 - 1e-9)) {
                        bestPeak = peak;
                        bi = i;
                        bj = j;
                        bt = t;
                    }
                }
            }
            if (bi < 0) {
                return;
            }
            if (bj >= 0) {
                shard[bj] = h;
                load[h] += w[bj];
                load[bt] -= w[bj];
            }
            shard[bi] = bt;
            load[h] -= w[bi];
            load[bt] += w[bi];
        }
    }

    static double[] loads(double[] w, int[] shard, int count) {
        double[] load = new double[count];
        for (int i = 0; i < w.length; i++) {
            load[shard[i]] += w[i];
        }
        return load;
    }

    static int argmax(double[] v) {
        int m = 0;
        for (int i = 1; i < v.length; i++) {
            if (v[i] > v[m]) {
                m = i;
            }
        }
        return m;
    }
}
