package dev.sns.stats;

import java.util.Arrays;

/**
 * How samples nest (in windows, forks, rounds and sides), and therefore how they are resampled.
 *
 * <p>Each sample has a side (0: the candidate or the only side; 1: the baseline; 2 and 3: the
 * candidate's and the baseline's launch overhead, for speedups net of it) and one integer key per
 * level. Levels nest from the outermost: a plan with levels
 * {@code [CLUSTER, CLUSTER]} and keys {@code [fork, iteration]} groups samples by fork, then by
 * iteration within a fork. One resample walks the tree from the root:
 * <ul>
 *   <li>a {@link Level#CLUSTER} level draws as many of its groups as it has, with replacement;</li>
 *   <li>a {@link Level#STRATUM} level keeps each of its groups exactly once (the two sides of an
 *       interleaved round, say);</li>
 *   <li>inside the innermost groups, samples are drawn with replacement.</li>
 * </ul>
 * A round whose candidate and baseline samples sit under one CLUSTER group is always drawn whole, so
 * the pair's correlation (shared drift, shared clocks) is kept in the resampled ratio.
 *
 * <p>Build with {@link #builder(Level...)}; the plan is immutable and can be resampled many times.
 *
 * <p>Long because the tree is laid out once in flat arrays that {@link HierarchicalBootstrap} walks
 * millions of times, and the builder that lays it out must agree with that layout field by field.
 */
public final class ResamplingPlan {
    /** What one level of the tree does with its groups. */
    public enum Level {
        /** Groups are drawn with replacement: windows, forks, rounds. */
        CLUSTER,
        /** Each group is kept once: the sides of a pair. */
        STRATUM
    }

    /** Sides a plan may have: candidate, baseline, and the launch overhead of each. */
    public static final int MAX_SIDES = 4;

    static final byte KIND_CLUSTER = 0;
    static final byte KIND_STRATUM = 1;
    static final byte KIND_LEAVES = 2;

    final int sides;
    final double[][] sortedValues; // per side, ascending
    final byte[] kind;
    final int[] first; // first child node, or first leaf slot
    final int[] count;
    final int[] leafSide; // per leaf slot
    final int[] leafPosition; // per leaf slot: position in sortedValues[side]
    /**
     * Per node: true when its subtree draws nothing at random (strata over single samples, such as
     * the two sides of one round), so drawing it adds the fixed leaf slots [leafFrom, leafTo).
     */
    final boolean[] fixed;
    final int[] leafFrom;
    final int[] leafTo;
    private final int sampleCount;
    private final int groupCount;

    private ResamplingPlan(int sides, double[][] sortedValues, byte[] kind, int[] first, int[] count,
                           int[] leafSide, int[] leafPosition, int groupCount) {
        this.sides = sides;
        this.sortedValues = sortedValues;
        this.kind = kind;
        this.first = first;
        this.count = count;
        this.leafSide = leafSide;
        this.leafPosition = leafPosition;
        this.sampleCount = leafSide.length;
        this.groupCount = groupCount;
        int nodes = kind.length;
        this.fixed = new boolean[nodes];
        this.leafFrom = new int[nodes];
        this.leafTo = new int[nodes];
        // Children have larger ids than their parent, so one backward pass sees children first.
        for (int node = nodes - 1; node >= 0; node--) {
            if (kind[node] == KIND_LEAVES) {
                fixed[node] = count[node] == 1;
                leafFrom[node] = first[node];
                leafTo[node] = first[node] + count[node];
            } else {
                boolean f = kind[node] == KIND_STRATUM;
                for (int i = 0; i < count[node]; i++) {
                    f &= fixed[first[node] + i];
                }
                fixed[node] = f;
                leafFrom[node] = leafFrom[first[node]];
                leafTo[node] = leafTo[first[node] + count[node] - 1];
            }
        }
    }

    /** A builder for a plan with these levels, outermost first (none: plain iid resampling). */
    public static Builder builder(Level... levels) {
        return new Builder(levels.clone());
    }

    /** Number of samples over both sides. */
    public int sampleCount() {
        return sampleCount;
    }

    /**
     * Number of sides: 1 for a single measurement, 2 for a candidate (0) and baseline (1), 3 or 4
     * with their launch overheads (2: the candidate's, or one shared by both; 3: the baseline's).
     */
    public int sides() {
        return sides;
    }

    /** Number of groups in the outermost level (1 when there are no levels). */
    public int outerGroupCount() {
        return groupCount;
    }

    /** Number of nodes in the tree (internal groups and innermost sample sets). */
    int nodeCount() {
        return kind.length;
    }

    /** Collects samples and their keys. Not thread-safe. */
    public static final class Builder {
        private final Level[] levels;
        private double[] values = new double[64];
        private int[] side = new int[64];
        private int[][] keys;
        private int n;

        private Builder(Level[] levels) {
            for (Level l : levels) {
                if (l == null) {
                    throw new IllegalArgumentException("a level must not be null");
                }
            }
            this.levels = levels;
            this.keys = new int[levels.length][64];
        }

        /**
         * Adds one sample.
         *
         * @param sampleSide 0 (candidate, or the only side), 1 (baseline), 2 or 3 (their launch overheads)
         * @param value the sample, finite
         * @param sampleKeys one key per level, outermost first
         */
        public Builder add(int sampleSide, double value, int... sampleKeys) {
            if (sampleSide < 0 || sampleSide >= MAX_SIDES) {
                throw new IllegalArgumentException("side must be 0 (candidate), 1 (baseline), 2 or 3 (their launch "
                        + "overheads), got " + sampleSide);
            }
            if (!Double.isFinite(value)) {
                throw new IllegalArgumentException("sample " + n + " is " + value + "; every sample must be finite");
            }
            if (sampleKeys.length != levels.length) {
                throw new IllegalArgumentException("sample " + n + " has " + sampleKeys.length
                        + " keys but the plan has " + levels.length + " levels " + Arrays.toString(levels));
            }
            if (n == values.length) {
                int cap = n * 2;
                values = Arrays.copyOf(values, cap);
                side = Arrays.copyOf(side, cap);
                for (int l = 0; l < keys.length; l++) {
                    keys[l] = Arrays.copyOf(keys[l], cap);
                }
            }
            values[n] = value;
            side[n] = sampleSide;
            for (int l = 0; l < levels.length; l++) {
                keys[l][n] = sampleKeys[l];
            }
            n++;
            return this;
        }

        /** Adds many samples of one side that share the same keys. */
        public Builder addAll(int sampleSide, double[] samples, int... sampleKeys) {
            for (double v : samples) {
                add(sampleSide, v, sampleKeys);
            }
            return this;
        }

        public ResamplingPlan build() {
            int sides = 1;
            for (int i = 0; i < n; i++) {
                sides = Math.max(sides, side[i] + 1);
            }
            if (sides >= 2) {
                for (int s = 0; s < sides; s++) {
                    if (countSide(s) < 1) {
                        throw new IllegalArgumentException(sides == 2 ? "a two-sided plan needs samples on both sides"
                                : "a plan of " + sides + " sides has no samples on side " + s);
                    }
                }
            }
            if (n < 2) {
                throw new IllegalArgumentException("a resampling plan needs at least 2 samples, got " + n);
            }
            // Position of each sample within its side's sorted values.
            double[][] sorted = new double[sides][];
            int[] position = new int[n];
            for (int s = 0; s < sides; s++) {
                int[] members = membersOfSide(s);
                double[] v = new double[members.length];
                for (int i = 0; i < members.length; i++) {
                    v[i] = values[members[i]];
                }
                int[] order = IndexSort.argsort(v);
                double[] sv = new double[members.length];
                for (int rank = 0; rank < order.length; rank++) {
                    sv[rank] = v[order[rank]];
                    position[members[order[rank]]] = rank;
                }
                sorted[s] = sv;
            }
            // Samples in lexicographic key order: every group is a contiguous run.
            int[] bySample = IndexSort.argsortKeys(keys, n);
            return buildTree(sides, sorted, position, bySample);
        }

        private ResamplingPlan buildTree(int sides, double[][] sorted, int[] position, int[] bySample) {
            int[] leafSide = new int[n];
            int[] leafPosition = new int[n];
            for (int slot = 0; slot < n; slot++) {
                leafSide[slot] = side[bySample[slot]];
                leafPosition[slot] = position[bySample[slot]];
            }
            NodeList nodes = new NodeList();
            int[] from = new int[16];
            int[] to = new int[16];
            int[] depth = new int[16];
            nodes.add();
            from[0] = 0;
            to[0] = n;
            depth[0] = 0;
            int outerGroups = 1;
            for (int node = 0; node < nodes.size; node++) {
                int f = from[node];
                int t = to[node];
                int d = depth[node];
                if (d == levels.length) {
                    nodes.set(node, KIND_LEAVES, f, t - f);
                    continue;
                }
                int[] level = keys[d];
                int firstChild = nodes.size;
                int runStart = f;
                for (int i = f + 1; i <= t; i++) {
                    if (i == t || level[bySample[i]] != level[bySample[runStart]]) {
                        int child = nodes.add();
                        if (child >= from.length) {
                            int cap = from.length * 2;
                            from = Arrays.copyOf(from, cap);
                            to = Arrays.copyOf(to, cap);
                            depth = Arrays.copyOf(depth, cap);
                        }
                        from[child] = runStart;
                        to[child] = i;
                        depth[child] = d + 1;
                        runStart = i;
                    }
                }
                nodes.set(node, levels[d] == Level.CLUSTER ? KIND_CLUSTER : KIND_STRATUM,
                        firstChild, nodes.size - firstChild);
                if (node == 0) {
                    outerGroups = nodes.size - firstChild;
                }
            }
            ResamplingPlan plan = new ResamplingPlan(sides, sorted, Arrays.copyOf(nodes.kind, nodes.size),
                    Arrays.copyOf(nodes.first, nodes.size), Arrays.copyOf(nodes.count, nodes.size),
                    leafSide, leafPosition, outerGroups);
            if (sides >= 2) {
                plan.checkEveryDrawHasEverySide(levels);
            }
            return plan;
        }

        private int countSide(int s) {
            int c = 0;
            for (int i = 0; i < n; i++) {
                if (side[i] == s) {
                    c++;
                }
            }
            return c;
        }

        private int[] membersOfSide(int s) {
            int[] m = new int[countSide(s)];
            int j = 0;
            for (int i = 0; i < n; i++) {
                if (side[i] == s) {
                    m[j++] = i;
                }
            }
            return m;
        }
    }

    /**
     * In a plan of several sides, a resample must always hold samples of every side: so every group
     * drawn with replacement must hold the same sides as its siblings' parent (a STRATUM above it
     * guarantees that the other sides are drawn elsewhere), and every innermost sample set must hold
     * one side only.
     */
    private void checkEveryDrawHasEverySide(Level[] levels) {
        int[] mask = new int[kind.length];
        for (int node = kind.length - 1; node >= 0; node--) {
            int m = 0;
            if (kind[node] == KIND_LEAVES) {
                for (int i = 0; i < count[node]; i++) {
                    m |= 1 << leafSide[first[node] + i];
                }
            } else {
                for (int i = 0; i < count[node]; i++) {
                    m |= mask[first[node] + i];
                }
            }
            mask[node] = m;
        }
        for (int node = 0; node < kind.length; node++) {
            if (kind[node] == KIND_CLUSTER) {
                for (int i = 0; i < count[node]; i++) {
                    if (mask[first[node] + i] != mask[node]) {
                        throw new IllegalArgumentException("a group drawn with replacement holds only some of the sides, "
                                + "so a resample could lose the candidate, the baseline or an overhead: levels "
                                + Arrays.toString(levels) + " need a STRATUM level for the side below every "
                                + "CLUSTER level whose groups hold one side only");
                    }
                }
            } else if (kind[node] == KIND_LEAVES && Integer.bitCount(mask[node]) > 1) {
                throw new IllegalArgumentException("the innermost groups mix sides; add a STRATUM level "
                        + "that separates candidate and baseline samples, levels were " + Arrays.toString(levels));
            }
        }
    }

    private static final class NodeList {
        byte[] kind = new byte[16];
        int[] first = new int[16];
        int[] count = new int[16];
        int size;

        int add() {
            if (size == kind.length) {
                int cap = size * 2;
                kind = Arrays.copyOf(kind, cap);
                first = Arrays.copyOf(first, cap);
                count = Arrays.copyOf(count, cap);
            }
            return size++;
        }

        void set(int node, byte k, int f, int c) {
            kind[node] = k;
            first[node] = f;
            count[node] = c;
        }
    }
}
