package dev.sns.reports.shards;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Each unit's expected wall time, the planner's weights: what the history recorded for the unit
 * where it has something (pytest-split's idea: last time's durations balance this time), otherwise
 * an estimate from its configuration (iterations, their time, forks). Where the history knows some
 * units and not others, the estimates are scaled by the median ratio of recorded to estimated time
 * over the units it knows, so that both speak the same seconds.
 *
 * <p>What the history recorded ({@link #recent}): the median of the unit's latest {@link #RECENT}
 * finished runs (every fork reported: a cancelled or failed benchmark's cut-short wall time never
 * weighs) of the configuration planned now ({@link #configuration}: forks, iterations and their
 * time; the parameters are in the unit's id), so that one {@code -i 25} debug run neither weighs a
 * normal plan nor, being one of five, skews it. Runs of another known configuration do not weigh at
 * all (the unit is then estimated); runs whose configuration the history does not know (recorded
 * before it kept them, imported) weigh where no run of this configuration is known.
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

    /** How many of a unit's latest finished runs its recorded weight is the median of. */
    public static final int RECENT = 5;

    /**
     * A unit's recorded wall time.
     *
     * @param millis the median wall time of the runs, milliseconds (all forks)
     * @param runs how many runs the median is of (1 to {@link #RECENT})
     * @param sameConfiguration whether they ran the configuration planned now (false: its configuration
     *     was not known, of the runs or of the unit)
     */
    public record Recorded(double millis, int runs, boolean sameConfiguration) {}

    /**
     * One finished run's wall time of a unit, as the history gives it.
     *
     * @param configuration the run's {@link #configuration} of the unit; null when the history does not know it
     * @param millis its wall time, milliseconds (all forks)
     */
    public record Wall(String configuration, double millis) {}

    private ShardWeights() {}

    /**
     * A unit's JMH configuration as text, the key its recorded wall times are matched by:
     * {@code f=3+1 wi=2x100ms i=5x200ms} (forks + warm-up forks, warm-up iterations x their time,
     * measurement iterations x their time; times in ms, or us below a millisecond).
     */
    public static String configuration(int forks, int warmupForks, int warmupIterations, long warmupMicros,
                                       int iterations, long iterationMicros) {
        return "f=" + forks + "+" + warmupForks + " wi=" + warmupIterations + "x" + time(warmupMicros) + " i="
                + iterations + "x" + time(iterationMicros);
    }

    private static String time(long micros) {
        return micros % 1000 == 0 ? micros / 1000 + "ms" : micros + "us";
    }

    /**
     * The weight the history gives a unit planned with {@code configuration} (null: unknown, then every
     * run counts): the median of its latest {@link #RECENT} runs of that configuration, else of its
     * latest runs of an unknown configuration; empty when neither exists.
     *
     * @param finishedNewestFirst the unit's finished runs' wall times, the newest first
     */
    public static Optional<Recorded> recent(String configuration, List<Wall> finishedNewestFirst) {
        List<Double> same = new ArrayList<>();
        List<Double> unknown = new ArrayList<>();
        for (Wall w : finishedNewestFirst) {
            if (!usable(w.millis())) {
                continue;
            }
            if (configuration != null && configuration.equals(w.configuration())) {
                same.add(w.millis());
            } else if (configuration == null || w.configuration() == null) {
                unknown.add(w.millis());
            }
        }
        List<Double> use = same.isEmpty() ? unknown : same;
        if (use.isEmpty()) {
            return Optional.empty();
        }
        List<Double> latest = use.subList(0, Math.min(RECENT, use.size()));
        return Optional.of(new Recorded(median(latest), latest.size(), !same.isEmpty()));
    }

    /**
     * The weights from the history's {@link #recent} wall times: as {@link #of(Map, Map)}, the basis
     * saying they are medians of recent finished runs and how many matched the configuration.
     */
    public static Weighted ofRecent(Map<String, Double> estimatedMillis, Map<String, Recorded> recorded) {
        Map<String, Double> millis = new LinkedHashMap<>();
        int sameConfiguration = 0;
        for (String unit : estimatedMillis.keySet()) {
            Recorded r = recorded.get(unit);
            if (r != null) {
                millis.put(unit, r.millis());
                sameConfiguration += r.sameConfiguration() ? 1 : 0;
            }
        }
        Weighted w = of(estimatedMillis, millis);
        int n = estimatedMillis.size();
        if (w.recorded() == 0) {
            return w;
        }
        String which = String.format(Locale.ROOT, "the median wall time of the latest %d finished runs (matched by "
                + "configuration for %d of them; for %d, whose configuration was not recorded or whose pair runs in "
                + "rounds, whatever their configuration)", RECENT, sameConfiguration, w.recorded() - sameConfiguration);
        String basis = w.recorded() == n ? which + " of each unit in the history"
                : String.format(Locale.ROOT, "%s in the history for %d of %d units; the other %d estimated from their "
                + "iterations and forks, scaled by %.3g (the median of recorded over estimated)", which, w.recorded(), n,
                n - w.recorded(), w.scale());
        return new Weighted(w.millis(), basis, w.recorded(), w.scale());
    }

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
