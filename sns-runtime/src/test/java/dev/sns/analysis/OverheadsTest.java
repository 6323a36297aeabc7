package dev.sns.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sns.stats.Interval;
import java.util.List;
import org.junit.jupiter.api.Test;

class OverheadsTest {
    /** Forks with their own calibration combine their launch overheads: weighted by samples, widest bounds. */
    @Test
    void forksCombineTheirLaunchOverheads() {
        Overheads.Reading o = Overheads.combine(List.of(
                new Overheads.Reading(1400, new Interval(1390, 1410, 0.95)),
                new Overheads.Reading(1600, new Interval(1580, 1620, 0.95))), new long[] {3, 1});
        assertEquals((3 * 1400 + 1600) / 4.0, o.medianNanos(), 1e-9); // weighted by samples
        assertEquals(1390, o.intervalNanos().lower(), 0.0);
        assertEquals(1620, o.intervalNanos().upper(), 0.0);
    }
}
