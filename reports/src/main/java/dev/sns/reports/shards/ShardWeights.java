package dev.sns.reports.shards;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Each unit's expected wall time, the planner's weights: the history's last recorded wall time of
 * the unit where there is one (pytest-split's idea: last time's durations balance this time),
 * otherwise an estimate from its configuration (iterations, their time, forks). Where the history
 * knows some units and not others, the estimates are scaled by the median ratio of recorded to
 * estimated time over the units it knows, so that both speak the same seconds.
 */
public final class ShardWeights {
    /**
     * The weights and how they were found.
     *
     * @param millis unit id to expected wall time in milliseconds
     * @param basis in words, for the console and the plan
     * @param recorded how many units had a recorded time
     * @param scale the factor the estimates were multiplied by (1 when none or all were recorded)
     */
    public record Weighted(Map<String, Double> millis, String basis, int recorded, double scale) {}

    private ShardWeights() {}

    /**
     * @param estimatedMillis every unit's estimate from its configuration (finite, positive)
     * @param recordedMillis the history's last wall time of the units it has (others absent)
     */
    public static Weighted of(Map<String, Double> estimatedMillis, Map<String, Double> recordedMillis) {
        List<Double> ratios = new ArrayList<>();
        int recorded = 0;
        for (Map.Entry<String, Double> e : estimatedMillis.entrySet()) {
            Double r = recordedMillis.get(e.getKey());
            if (usable(r)) {
                recorded++;
                if (e.getValue() > 0) {
                    ratios.add(r / e.getValue());
                }
            }
        }
        double scale = recorded == 0 || recorded == estimatedMillis.size() || ratios.isEmpty() ? 1 : median(ratios);
        Map<String, Double> millis = new LinkedHashMap<>();
        estimatedMillis.forEach((unit, estimate) -> {
            Double r = recordedMillis.get(unit);
            millis.put(unit, usable(r) ? r : estimate * scale);
        });
        int n = estimatedMillis.size();
        String basis;
        if (recorded == 0) {
            basis = "estimates from each benchmark's iterations, their duration and its forks (no recorded wall times)";
        } else if (recorded == n) {
            basis = "the wall time each unit took in the last run that recorded it in the history";
        } else {
            basis = String.format(Locale.ROOT, "the wall times recorded in the history for %d of %d units; the other %d "
                    + "estimated from their iterations and forks, scaled by %.3g (the median of recorded over estimated)",
                    recorded, n, n - recorded, scale);
        }
        return new Weighted(millis, basis, recorded, scale);
    }

    private static boolean usable(Double v) {
        return v != null && Double.isFinite(v) && v >= 0;
    }

    private static double median(List<Double> values) {
        List<Double> s = new ArrayList<>(values);
        s.sort(Double::compare);
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }
}
