package dev.sns.reports.shards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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

    @Test
    void recentIsTheMedianOfTheLatestFiveOfTheConfigurationPlanned() {
        String five = ShardWeights.configuration(3, 1, 2, 500, 5, 1_000_000);
        assertEquals("f=3+1 wi=2x500us i=5x1000ms", five);
        String debug = ShardWeights.configuration(3, 1, 2, 500, 25, 1_000_000);
        List<ShardWeights.Wall> walls = List.of(new ShardWeights.Wall(debug, 9_000), new ShardWeights.Wall(five, 2_000),
                new ShardWeights.Wall(five, 2_100), new ShardWeights.Wall(null, 5_000), new ShardWeights.Wall(five, 1_900),
                new ShardWeights.Wall(five, Double.NaN), new ShardWeights.Wall(five, 2_050),
                new ShardWeights.Wall(five, 2_500), new ShardWeights.Wall(five, 100));
        // the latest five of the configuration: 2000, 2100, 1900, 2050, 2500 (NaN is no time; 100 is the sixth)
        assertEquals(Optional.of(new ShardWeights.Recorded(2_050, 5, true)), ShardWeights.recent(five, walls));
        assertEquals(Optional.of(new ShardWeights.Recorded(9_000, 1, true)), ShardWeights.recent(debug, walls));
        assertEquals(Optional.of(new ShardWeights.Recorded(5_000, 1, false)), ShardWeights.recent("f=1+0 wi=0x1ms i=1x1ms",
                walls), "another configuration: only the run whose configuration is unknown");
        assertEquals(Optional.of(new ShardWeights.Recorded(2_100, 5, false)), ShardWeights.recent(null, walls),
                "the unit's configuration unknown: the latest five whatever theirs (9000, 2000, 2100, 5000, 1900)");
        assertEquals(Optional.empty(), ShardWeights.recent(debug, List.of(new ShardWeights.Wall(five, 1))));
    }

    @Test
    void theRecentBasisSaysMediansAndHowManyMatchedTheConfiguration() {
        ShardWeights.Weighted w = ShardWeights.ofRecent(estimates(), Map.of("a", new ShardWeights.Recorded(1_500, 5, true),
                "b", new ShardWeights.Recorded(5_000, 2, false), "c", new ShardWeights.Recorded(12_000, 1, true)));
        assertEquals(Map.of("a", 1_500.0, "b", 5_000.0, "c", 12_000.0, "d", 2_500.0), w.millis());
        assertEquals("the median wall time of the latest 5 finished runs (matched by configuration for 2 of them; "
                + "for 1, whose configuration was not recorded or whose pair runs in rounds, whatever their "
                + "configuration) in the history for 3 of 4 units; the other 1 estimated "
                + "from their iterations and forks, scaled by 2.50 (the median of recorded over estimated)", w.basis());
        assertEquals(ShardWeights.of(estimates(), Map.of()), ShardWeights.ofRecent(estimates(), Map.of()));
    }
}
