package dev.sns.jmh.host;

import dev.sns.analysis.Analysis;
import dev.sns.analysis.Design;
import dev.sns.model.ComparisonResult;
import dev.sns.options.SnsOptions;
import dev.sns.stats.RatioBootstrap;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The run's declared pairs and what became of them: compared as soon as both sides are finished (once
 * per parameter combination, through {@link Analysis#compare}), or listed with the reason they could
 * not be.
 */
final class PairComparisons {
    /** A comparison just made, with what its report entry needs. */
    record Made(Finished candidate, Finished baseline, ComparisonResult result, Map<String, String> sharedParams,
                int rounds) {
        String key() {
            return candidate.id() + " vs " + baseline.id();
        }
    }

    private List<Pairs.Pair> pairs = List.of();
    private final Map<String, ComparisonResult> comparisons = new LinkedHashMap<>();
    private final Map<String, String> uncompared = new LinkedHashMap<>();

    void pairs(List<Pairs.Pair> newPairs) {
        this.pairs = List.copyOf(newPairs);
    }

    Map<String, ComparisonResult> comparisons() {
        return new LinkedHashMap<>(comparisons);
    }

    Map<String, String> uncompared() {
        return new LinkedHashMap<>(uncompared);
    }

    /**
     * Compares every pair whose two sides are finished and agree on their shared {@code @Param}
     * values, once; ABBA-interleaved sides are paired by round.
     */
    List<Made> compareReady(Collection<Finished> finished, SnsOptions o) {
        List<Made> made = new ArrayList<>();
        for (Pairs.Pair pair : pairs) {
            for (Finished c : finished) {
                if (!c.benchmark().equals(pair.candidate())) {
                    continue;
                }
                List<Finished> bases = new ArrayList<>();
                for (Finished b : finished) {
                    if (b.benchmark().equals(pair.baseline()) && b.mode().equals(c.mode())
                            && sameDevice(b, c) && paramsAgree(c.params(), b.params())) {
                        bases.add(b);
                    }
                }
                if (bases.size() > 1) {
                    uncompared.put(c.id() + " vs " + pair.baseline(), "several baselines match its @Param values: "
                            + String.join(", ", bases.stream().map(Finished::id).toList()));
                    continue;
                }
                if (bases.isEmpty()) {
                    continue; // not measured yet; unmeasured() reports it if it never is
                }
                Finished b = bases.get(0);
                String key = c.id() + " vs " + b.id();
                if (comparisons.containsKey(key)) {
                    continue;
                }
                Finished thin = !c.result().hasInterval() ? c : !b.result().hasInterval() ? b : null;
                if (thin != null) {
                    uncompared.put(key, thin.id() + " has no interval: " + thin.result().estimator());
                    continue;
                }
                boolean paired = c.interleaved() && b.interleaved();
                ComparisonResult cr;
                try {
                    cr = Analysis.compare(c.summarized(), b.summarized(), paired ? Design.PAIRED_FORKS : Design.INDEPENDENT,
                            o.bootstrap(), o.thresholds(), o.verdictOn(), o.energyMargin());
                } catch (RuntimeException e) {
                    uncompared.put(key, "the speedup could not be computed: " + e.getMessage());
                    continue;
                }
                uncompared.remove(key);
                comparisons.put(key, cr);
                Map<String, String> shared = new TreeMap<>(c.params());
                shared.keySet().retainAll(b.params().keySet());
                made.add(new Made(c, b, cr, shared, paired ? comparedRounds(c, b) : 0));
            }
        }
        return made;
    }

    /**
     * The rounds a paired comparison rests on: those both sides took part in. A round whose fork was
     * lost on either side is not compared, so the count asked for would overstate it.
     */
    private static int comparedRounds(Finished c, Finished b) {
        return RatioBootstrap.commonRounds(c.summarized().measurement().forkOfEachSample(),
                b.summarized().measurement().forkOfEachSample()).size();
    }

    /** After the run: records each declared pair of which a side was never measured (or never matched). */
    void unmeasured(Collection<Finished> finished) {
        for (Pairs.Pair pair : pairs) {
            // Compared, or tried and left with its own reason (no interval, say): either way a baseline matched.
            boolean any = java.util.stream.Stream.concat(comparisons.keySet().stream(), uncompared.keySet().stream())
                    .anyMatch(k -> k.startsWith(pair.candidate()) && k.contains(" vs " + pair.baseline()));
            boolean cands = finished.stream().anyMatch(f -> f.benchmark().equals(pair.candidate()));
            boolean bases = finished.stream().anyMatch(f -> f.benchmark().equals(pair.baseline()));
            String key = pair.candidate() + " vs " + pair.baseline();
            if (!cands || !bases) {
                uncompared.put(key, (!cands ? "the candidate" : "the baseline") + " was not measured");
            } else if (!any) {
                uncompared.putIfAbsent(key, "no baseline with matching @Param values (or several)");
            }
        }
    }

    /** Both sides ran on one GPU, or a side ran on none (a CPU baseline of a GPU candidate, say). */
    static boolean sameDevice(Finished a, Finished b) {
        return a.device() == null || b.device() == null || a.device().equals(b.device());
    }

    /** Parameters agree when every key both have holds the same value. */
    static boolean paramsAgree(Map<String, String> a, Map<String, String> b) {
        for (Map.Entry<String, String> e : a.entrySet()) {
            String other = b.get(e.getKey());
            if (other != null && !other.equals(e.getValue())) {
                return false;
            }
        }
        return true;
    }
}
