package dev.sns.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.model.ClockEvidence;
import dev.sns.model.MeasurementTier;
import dev.sns.model.ThrottleEvidence;
import dev.sns.model.TimingResult;
import dev.sns.stats.BootstrapSettings;
import dev.sns.timing.SampleSet;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Work that did not run on the timed stream: windows reading less than 3/4 of an empty launch make
 * the result tier C, the reason first, naming the windows and the fix; work that ran stays as it was.
 */
class OffStreamCheckTest {
    private static final BootstrapSettings BS = BootstrapSettings.defaults();
    private static final ClockEvidence CLOCKS = new ClockEvidence("fake", false, new double[] {1500, 1500},
            new double[0], ThrottleEvidence.none());
    private static final double EMPTY_NS = 1480;

    /** 10 windows of 10 samples: {@code level[w]} ns per call in window w, 1% noise. */
    private static Measurement measured(double[] level) {
        Random r = new Random(7);
        int n = 10 * level.length;
        double[] x = new double[n];
        int[] w = new int[n];
        for (int i = 0; i < n; i++) {
            w[i] = i / 10;
            x[i] = level[w[i]] * (1 + 0.01 * r.nextGaussian());
        }
        double[] empty = new double[n];
        for (int i = 0; i < n; i++) {
            empty[i] = EMPTY_NS * (1 + 0.01 * r.nextGaussian());
        }
        ClockEvidence[] clocks = new ClockEvidence[level.length];
        Arrays.fill(clocks, CLOCKS);
        return Measurement.of("k", new SampleSet(x, w, 1, 0, 0), List.of(clocks)).timer("fake", 0)
                .overhead(new Measurement.Overhead(0, new SampleSet(empty, w, 1, 0, 0), 0, true)).build();
    }

    @Test
    void windowsThatSawNoWorkMakeTheResultTierCAndSayWhichAndWhy() {
        double[] level = new double[10];
        Arrays.fill(level, 3.0); // a stale stream: the events of windows 2-10 bracket nothing
        level[0] = 11_500;
        TimingResult r = Analysis.timing(measured(level), BS);
        assertEquals(MeasurementTier.C, r.tier());
        String reason = r.tierReasons().get(0);
        assertTrue(reason.startsWith("the timed stream saw no work in windows 2-10 of 10"), reason);
        assertTrue(reason.contains("streams=1") && reason.contains("Workload.run"), reason);
        assertTrue(r.tierReasons().size() > 1, "the clock reasons stay after it: " + r.tierReasons());
        assertTrue(r.toString().contains("tier C: the timed stream saw no work in windows 2-10"), r.toString());
    }

    @Test
    void workThatRanKeepsItsTierEvenWhenItIsAsCheapAsAnEmptyLaunch() {
        double[] level = new double[10];
        Arrays.fill(level, 11_500);
        assertEquals(MeasurementTier.B, Analysis.timing(measured(level), BS).tier());
        Arrays.fill(level, EMPTY_NS); // the user's own empty kernel: as cheap as a launch, and real
        TimingResult empty = Analysis.timing(measured(level), BS);
        assertEquals(MeasurementTier.B, empty.tier());
        assertFalse(empty.tierReasons().stream().anyMatch(s -> s.contains("timed stream")), empty.tierReasons().toString());
    }

    @Test
    void theFloorIsThreeQuartersOfAnEmptyLaunchAndTheWindowsAreNamedInRuns() {
        assertEquals(Optional.empty(), OffStreamCheck.reason(new double[] {1111, 1400}, 1480));
        assertTrue(OffStreamCheck.reason(new double[] {1109, 1400}, 1480).orElseThrow().contains("in window 1 of 2"));
        // one call per sample on an H200: the events alone read 0.45 of an empty launch (1312 of 2912 ns)
        assertTrue(OffStreamCheck.reason(new double[] {2900, 1312}, 2912).isPresent());
        assertEquals(Optional.empty(), OffStreamCheck.reason(new double[] {0, 0}, Double.NaN), "no overhead, no check");
        assertEquals("windows 2-4, 7", OffStreamCheck.windows(List.of(1, 2, 3, 6)));
        assertEquals("windows 1, 3", OffStreamCheck.windows(List.of(0, 2)));
    }
}
