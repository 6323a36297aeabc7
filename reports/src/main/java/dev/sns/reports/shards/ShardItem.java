package dev.sns.reports.shards;

import java.util.List;

/**
 * What a shard runs whole: one unit (a benchmark id with its mode and parameters), or the units of a
 * declared pair group (candidates and baseline) at one mode and parameter combination - or at all of
 * them, when the members' combinations differ - whose ABBA rounds interleave the sides' forks and so
 * are never split.
 *
 * @param key the item's stable name: the unit's id, or {@code pair:} and the group's benchmarks (then
 *     {@code @} and the combination, {@code avgt:n=1}, when the group is split by combination);
 *     the assignment hashes it, so it must not depend on anything but the suite
 * @param units the benchmark ids it covers, at least one
 * @param weightMillis its expected wall time in milliseconds (finite, not negative)
 */
public record ShardItem(String key, List<String> units, double weightMillis) {
    public ShardItem {
        if (key == null || key.isBlank()) {
            throw new IllegalArgumentException("an item needs a key, got '" + key + "'");
        }
        units = List.copyOf(units);
        if (units.isEmpty()) {
            throw new IllegalArgumentException("item " + key + " covers no unit");
        }
        if (!Double.isFinite(weightMillis) || weightMillis < 0) {
            throw new IllegalArgumentException("item " + key + " has weight " + weightMillis + " ms: a wall time is "
                    + "finite and not negative");
        }
    }

    /** A single unit, keyed by its id. */
    public static ShardItem unit(String id, double weightMillis) {
        return new ShardItem(id, List.of(id), weightMillis);
    }
}
