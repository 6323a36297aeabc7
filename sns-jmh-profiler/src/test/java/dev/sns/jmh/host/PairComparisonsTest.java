package dev.sns.jmh.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.analysis.Analysis;
import dev.sns.jmh.link.WindowMeasurements;
import dev.sns.jmh.link.WindowSamples;
import dev.sns.model.ClockEvidence;
import dev.sns.options.SnsOptions;
import dev.sns.stats.BootstrapSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a comparison's report entry says about the rounds it rests on. */
class PairComparisonsTest {
    private static final String FAST = "pkg.P.fast";
    private static final String SLOW = "pkg.P.slow";

    /** A side's windows: 3 iterations of 10 samples in each of {@code rounds}, at {@code nanos} per call. */
    private static Finished side(String benchmark, double nanos, int... rounds) {
        List<WindowSamples> windows = new ArrayList<>();
        for (int round : rounds) {
            for (int it = 0; it < 3; it++) {
                double[] s = new double[10];
                for (int i = 0; i < s.length; i++) {
                    s[i] = nanos * (1 + 0.001 * ((i + it + round) % 5));
                }
                windows.add(new WindowSamples(WindowSamples.GPU_SOURCE, round, it, s, new int[s.length], 1, "fake", 0,
                        Double.NaN, Double.NaN, ClockEvidence.none("test", false), null, null));
            }
        }
        Analysis.Summarized sum = Analysis.summarize(WindowMeasurements.measurement(benchmark, windows),
                BootstrapSettings.defaults());
        return new Finished(benchmark, benchmark, "avgt", Map.of(), sum, sum.measurement().forkOfEachSample(),
                WindowSamples.GPU_SOURCE, true, null);
    }

    private static PairComparisons.Made compare(Finished candidate, Finished baseline) {
        PairComparisons pairs = new PairComparisons();
        pairs.pairs(List.of(new Pairs.Pair(FAST, SLOW, "@Baseline")));
        List<PairComparisons.Made> made = pairs.compareReady(List.of(candidate, baseline), SnsOptions.defaults());
        assertEquals(1, made.size());
        return made.get(0);
    }

    @Test
    void roundsAreTheRoundsBothSidesTookPartIn() {
        PairComparisons.Made all = compare(side(FAST, 50_000, 0, 1, 2, 3), side(SLOW, 100_000, 0, 1, 2, 3));
        assertEquals(4, all.rounds());

        // Round 2 of the baseline was lost (its fork died): 3 rounds were compared, not the 4 of the plan.
        PairComparisons.Made lost = compare(side(FAST, 50_000, 0, 1, 2, 3), side(SLOW, 100_000, 0, 1, 3));
        assertEquals(3, lost.rounds(), lost.result().design());
        assertTrue(lost.result().design().startsWith("interleaved ABBA: 3 rounds paired"), lost.result().design());
        assertEquals(2.0, lost.result().speedup(), 0.01);
    }

    @Test
    void aPairOfSidesWithoutIntervalsIsUncomparedForThatReasonOnly() {
        // One window per side (-i 1 and one fork): no interval, so no speedup; the pair's baseline did match.
        Finished fast = side(FAST, 50_000, 0);
        Finished slow = side(SLOW, 100_000, 0);
        Finished thinFast = thin(fast);
        PairComparisons pairs = new PairComparisons();
        pairs.pairs(List.of(new Pairs.Pair(FAST, SLOW, "@Baseline")));
        assertEquals(List.of(), pairs.compareReady(List.of(thinFast, slow), SnsOptions.defaults()));
        pairs.unmeasured(List.of(thinFast, slow));
        Map<String, String> uncompared = pairs.uncompared();
        assertEquals(1, uncompared.size(), uncompared.toString());
        assertTrue(uncompared.values().iterator().next().startsWith(FAST + " has no interval"), uncompared.toString());
        assertTrue(uncompared.values().stream().noneMatch(v -> v.contains("no baseline with matching")), uncompared.toString());
    }

    /** The side with a single sample in a single window: no interval. */
    private static Finished thin(Finished f) {
        List<WindowSamples> windows = List.of(new WindowSamples(WindowSamples.GPU_SOURCE, 0, 0, new double[] {50_000},
                new int[1], 1, "fake", 0, Double.NaN, Double.NaN, ClockEvidence.none("test", false), null, null));
        Analysis.Summarized sum = Analysis.summarize(WindowMeasurements.measurement(f.benchmark(), windows),
                BootstrapSettings.defaults());
        assertTrue(!sum.result().hasInterval(), sum.result().estimator());
        return new Finished(f.benchmark(), f.benchmark(), "avgt", Map.of(), sum, sum.measurement().forkOfEachSample(),
                WindowSamples.GPU_SOURCE, true, null);
    }
}
