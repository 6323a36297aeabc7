package dev.sns.reports.history;

import dev.sns.reports.shards.ShardPlan;
import dev.sns.reports.shards.ShardWeights;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The shard tables: a run group's plan ({@code shard_plans}, one row; {@code shard_units}, one row per
 * unit with its item, shard and weight) and the recorded wall times the next plan balances by. The
 * caller holds the transaction.
 */
final class ShardTables {
    private ShardTables() {}

    /** Stores {@code plan} as the group's unless the group has one (the first stored wins); true when stored. */
    static boolean insertIfAbsent(Connection c, String group, ShardPlan plan) throws SQLException {
        int inserted;
        try (PreparedStatement p = c.prepareStatement("INSERT INTO shard_plans (run_group, shard_count, selection, basis, "
                + "created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")) {
            p.setString(1, group);
            p.setInt(2, plan.count());
            p.setString(3, plan.selectionDigest());
            p.setString(4, plan.basis());
            p.setString(5, Instant.now().toString());
            inserted = p.executeUpdate();
        }
        if (inserted == 0) {
            return false;
        }
        try (PreparedStatement p = c.prepareStatement(
                "INSERT INTO shard_units (run_group, unit_id, item, shard_index, weight_ms) VALUES (?, ?, ?, ?, ?)")) {
            for (ShardPlan.Assignment a : plan.assignments()) {
                for (String unit : a.units()) {
                    p.setString(1, group);
                    p.setString(2, unit);
                    p.setString(3, a.item());
                    p.setInt(4, a.shard());
                    // the item's weight on its first unit, 0 on the others: the shard loads add up
                    p.setDouble(5, unit.equals(a.units().get(0)) ? a.weightMillis() : 0);
                    p.addBatch();
                }
            }
            p.executeBatch();
        }
        return true;
    }

    /** The group's plan, as stored. */
    static Optional<ShardPlan> read(Connection c, String group) throws SQLException {
        int count;
        String basis;
        try (PreparedStatement p = c.prepareStatement("SELECT shard_count, basis FROM shard_plans WHERE run_group = ?")) {
            p.setString(1, group);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) {
                    return Optional.empty();
                }
                count = r.getInt(1);
                basis = r.getString(2);
            }
        }
        record Item(List<String> units, double[] weight, int shard) {}
        Map<String, Item> items = new LinkedHashMap<>();
        try (PreparedStatement p = c.prepareStatement("SELECT item, unit_id, shard_index, weight_ms FROM shard_units "
                + "WHERE run_group = ? ORDER BY item, unit_id")) {
            p.setString(1, group);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    int shard = r.getInt(3);
                    Item item = items.computeIfAbsent(r.getString(1), k -> new Item(new ArrayList<>(), new double[1], shard));
                    item.units().add(r.getString(2));
                    item.weight()[0] += r.getDouble(4);
                }
            }
        }
        List<ShardPlan.Assignment> assignments = new ArrayList<>();
        items.forEach((key, i) -> assignments.add(new ShardPlan.Assignment(key, i.units(), i.weight()[0], i.shard())));
        return Optional.of(new ShardPlan(count, basis, assignments));
    }

    /**
     * A finished result: measured ("ok") with every fork reported (an ok entry whose forks did not all
     * report carries a note; a cancelled or failed benchmark's wall time is cut short).
     */
    private static final String FINISHED = "x.status = 'ok' AND x.message = ''";

    /** Each benchmark's JMH configuration in run {@code runId}, as the planner writes it ({@link ShardWeights#configuration}). */
    static void insertConfigurations(Connection c, long runId, Map<String, String> configurations) throws SQLException {
        if (configurations.isEmpty()) {
            return;
        }
        try (PreparedStatement p = c.prepareStatement(
                "INSERT INTO result_configs (run_id, benchmark_id, config) VALUES (?, ?, ?)")) {
            for (Map.Entry<String, String> e : configurations.entrySet()) {
                p.setLong(1, runId);
                p.setString(2, e.getKey());
                p.setString(3, e.getValue());
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    /**
     * Each benchmark's recorded weight on {@code device} outside group {@code exceptGroup}
     * ({@link ShardWeights#recent}: the median of its latest finished runs of the configuration in
     * {@code configurations}, else of an unknown configuration); benchmarks with none are absent.
     */
    static Map<String, ShardWeights.Recorded> recentWallMillis(Connection c, Collection<String> benchmarkIds,
                                                               String device, String exceptGroup,
                                                               Map<String, String> configurations) throws SQLException {
        Map<String, ShardWeights.Recorded> out = new LinkedHashMap<>();
        // the configuration's runs may be older than many of others: enough rows to find RECENT of them
        try (PreparedStatement p = c.prepareStatement("SELECT k.config, x.wall_ms FROM results x JOIN runs r ON r.id = "
                + "x.run_id LEFT JOIN result_configs k ON k.run_id = x.run_id AND k.benchmark_id = x.benchmark_id "
                + "WHERE x.benchmark_id = ? AND x.device = ? AND x.wall_ms IS NOT NULL AND " + FINISHED
                + " AND r.run_group <> ? ORDER BY x.run_id DESC LIMIT 200")) {
            for (String id : new LinkedHashSet<>(benchmarkIds)) {
                p.setString(1, id);
                p.setString(2, device);
                p.setString(3, exceptGroup == null ? "" : exceptGroup);
                List<ShardWeights.Wall> walls = new ArrayList<>();
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        walls.add(new ShardWeights.Wall(r.getString(1), r.getDouble(2)));
                    }
                }
                ShardWeights.recent(configurations.get(id), walls).ifPresent(w -> out.put(id, w));
            }
        }
        return out;
    }

    /** The latest finished wall time of each benchmark on {@code device}, outside group {@code exceptGroup}. */
    static Map<String, Double> lastWallMillis(Connection c, Collection<String> benchmarkIds, String device,
                                              String exceptGroup) throws SQLException {
        Map<String, Double> out = new LinkedHashMap<>();
        try (PreparedStatement p = c.prepareStatement("SELECT x.wall_ms FROM results x JOIN runs r ON r.id = x.run_id "
                + "WHERE x.benchmark_id = ? AND x.device = ? AND x.wall_ms IS NOT NULL AND " + FINISHED
                + " AND r.run_group <> ? ORDER BY x.run_id DESC LIMIT 1")) {
            for (String id : new LinkedHashSet<>(benchmarkIds)) {
                p.setString(1, id);
                p.setString(2, device);
                p.setString(3, exceptGroup == null ? "" : exceptGroup);
                try (ResultSet r = p.executeQuery()) {
                    if (r.next()) {
                        out.put(id, r.getDouble(1));
                    }
                }
            }
        }
        return out;
    }
}
