package dev.sns.reports.shards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Recorded wall times where the history has them; estimates, scaled to the recorded ones, elsewhere. */
class ShardWeightsTest {
    private static Map<String, Double> estimates() {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("a", 1_000.0);
        m.put("b", 2_000.0);
        m.put("c", 4_000.0);
        m.put("d", 1_000.0);
        return m;
    }

    @Test
    void withoutAHistoryTheEstimatesAreTheWeights() {
        ShardWeights.Weighted w = ShardWeights.of(estimates(), Map.of());
        assertEquals(estimates(), w.millis());
        assertEquals(0, w.recorded());
        assertTrue(w.basis().startsWith("estimates from each benchmark's iterations"), w.basis());
    }

    @Test
    void recordedTimesReplaceEstimatesAndScaleTheRest() {
        // recorded over estimated: a 1.5, b 2.5, c 3.0: median 2.5, so d's 1000 ms estimate weighs 2500 ms
        ShardWeights.Weighted w = ShardWeights.of(estimates(), Map.of("a", 1_500.0, "b", 5_000.0, "c", 12_000.0,
                "z", 99.0));
        assertEquals(Map.of("a", 1_500.0, "b", 5_000.0, "c", 12_000.0, "d", 2_500.0), w.millis());
        assertEquals(3, w.recorded());
        assertEquals(2.5, w.scale());
        assertEquals("the wall times recorded in the history for 3 of 4 units; the other 1 estimated from their "
                + "iterations and forks, scaled by 2.50 (the median of recorded over estimated)", w.basis());
    }

    @Test
    void everyUnitRecordedSaysSo() {
        ShardWeights.Weighted w = ShardWeights.of(estimates(), Map.of("a", 1.0, "b", 2.0, "c", 3.0, "d", 4.0));
        assertEquals(1.0, w.scale());
        assertEquals("the wall time each unit took in the last run that recorded it in the history", w.basis());
        assertEquals(ShardWeights.of(Map.of("a", 1.0), Map.of("a", Double.NaN)).millis(), Map.of("a", 1.0),
                "a recorded NaN is not a time");
    }
}
