package dev.sns.reports.shards;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The assignment of a suite's items to {@code count} shards: every unit in exactly one shard.
 *
 * @param count the number of shards
 * @param basis how the weights were found, in words ("the iterations and forks of each benchmark")
 * @param assignments one per item, sorted by item key
 */
public record ShardPlan(int count, String basis, List<Assignment> assignments) {
    /**
     * One item in its shard.
     *
     * @param item the item's key
     * @param units the unit ids it covers, sorted
     * @param weightMillis its expected wall time
     * @param shard its shard, 1 to count
     */
    public record Assignment(String item, List<String> units, double weightMillis, int shard) {
        public Assignment {
            units = units.stream().sorted().toList();
        }
    }

    public ShardPlan {
        if (count < 1) {
            throw new IllegalArgumentException("a plan has at least one shard, got " + count);
        }
        basis = basis == null ? "" : basis;
        List<Assignment> sorted = new ArrayList<>(assignments);
        sorted.sort(Comparator.comparing(Assignment::item));
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Assignment a : sorted) {
            if (a.shard() < 1 || a.shard() > count) {
                throw new IllegalArgumentException("item " + a.item() + " is in shard " + a.shard() + " of " + count);
            }
            for (String u : a.units()) {
                if (!seen.add(u)) {
                    throw new IllegalArgumentException("unit " + u + " is planned twice");
                }
            }
        }
        assignments = List.copyOf(sorted);
    }

    /** The items of shard {@code shard} (1-based), by key. */
    public List<Assignment> of(int shard) {
        return assignments.stream().filter(a -> a.shard() == shard).toList();
    }

    /** The unit ids of shard {@code shard}, sorted. */
    public List<String> unitsOf(int shard) {
        return of(shard).stream().flatMap(a -> a.units().stream()).sorted().toList();
    }

    /** Every unit id of the suite, sorted. */
    public List<String> units() {
        return assignments.stream().flatMap(a -> a.units().stream()).sorted().toList();
    }

    /** The shard a unit is in. */
    public Optional<Integer> shardOf(String unit) {
        return assignments.stream().filter(a -> a.units().contains(unit)).map(Assignment::shard).findFirst();
    }

    /** Each shard's expected wall time in milliseconds, index 0 for shard 1. */
    public double[] loadsMillis() {
        double[] loads = new double[count];
        assignments.forEach(a -> loads[a.shard() - 1] += a.weightMillis());
        return loads;
    }

    /** The longest shard's expected time over the mean (1 is perfect balance). */
    public double imbalance() {
        double[] loads = loadsMillis();
        double sum = 0;
        double max = 0;
        for (double l : loads) {
            sum += l;
            max = Math.max(max, l);
        }
        return sum == 0 ? 1 : max / (sum / count);
    }

    /**
     * What was planned, not how: SHA-256 (first 16 hex characters) of the items' keys and units and
     * the shard count. Two shards that selected the same suite get the same digest whatever their
     * weights were.
     */
    public String selectionDigest() {
        StringBuilder sb = new StringBuilder().append(count).append('\n');
        for (Assignment a : assignments) {
            sb.append(a.item()).append('=').append(String.join(",", a.units())).append('\n');
        }
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(sb.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
