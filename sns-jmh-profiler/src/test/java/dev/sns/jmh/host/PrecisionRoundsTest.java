package dev.sns.jmh.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sns.model.SamplingStop;
import org.junit.jupiter.api.Test;

/** The precision rounds' step, a pure function: known answers, one row per case. */
class PrecisionRoundsTest {
    private static final double NONE = Double.NaN;

    /** reached, target, forks, GPU ms so far, GPU ms cap, fork cap -> stop, more forks. */
    @Test
    void stepsOfKnownCases() {
        Object[][] table = {
                // at or below the target: stop there, whatever the caps
                {0.004, 0.005, 1, 100.0, 10_000.0, 20, SamplingStop.TARGET, 0},
                {0.005, 0.005, 3, 100.0, 10_000.0, 20, SamplingStop.TARGET, 0},
                {0.0, 0.005, 1, 100.0, 10_000.0, 1, SamplingStop.TARGET, 0},
                // the square-root law: 1.2x the target after 2 forks asks for 2 * 1.44 = 2.88, so 3 forks: 1 more
                {0.006, 0.005, 2, 200.0, 10_000.0, 20, null, 1},
                // 2x after 4 forks asks for 16: at most doubling a round, 4 more
                {0.010, 0.005, 4, 400.0, 10_000.0, 20, null, 4},
                // 1.5x after 4 forks asks for 9: 5 more would pass doubling, so 4
                {0.0075, 0.005, 4, 400.0, 10_000.0, 20, null, 4},
                // 1.1x after 10 forks asks for 12.1, so 13: 3 more
                {0.0055, 0.005, 10, 1_000.0, 10_000.0, 20, null, 3},
                // the fork cap: spent, or what is left of it
                {0.010, 0.005, 20, 100.0, 10_000.0, 20, SamplingStop.FORK_CAP, 0},
                {0.010, 0.005, 4, 400.0, 10_000.0, 6, null, 2},
                // the time cap: 100 ms a fork, 250 ms left: 2 forks fit; 50 ms left: none, so it stops
                {0.010, 0.005, 4, 400.0, 650.0, 20, null, 2},
                {0.010, 0.005, 4, 400.0, 450.0, 20, SamplingStop.TIME_CAP, 0},
                {0.010, 0.005, 4, 400.0, 400.0, 20, SamplingStop.TIME_CAP, 0},
                {0.010, 0.005, 1, 11_000.0, 10_000.0, 20, SamplingStop.TIME_CAP, 0},
                // the fork cap before the time cap when both are spent
                {0.010, 0.005, 20, 2_000.0, 100.0, 20, SamplingStop.FORK_CAP, 0},
                // no GPU time (JMH's own scores): only the fork cap holds
                {0.010, 0.005, 4, 400.0, NONE, 20, null, 4},
                {0.010, 0.005, 4, NONE, 10_000.0, 20, null, 4},
                // no interval yet: one more fork
                {NONE, 0.005, 1, 100.0, 10_000.0, 20, null, 1},
                {NONE, 0.005, 20, 100.0, 10_000.0, 20, SamplingStop.FORK_CAP, 0},
        };
        for (Object[] row : table) {
            PrecisionRounds.Step s = PrecisionRounds.next((double) row[0], (double) row[1], (int) row[2], (double) row[3],
                    (double) row[4], (int) row[5]);
            String what = java.util.Arrays.toString(row);
            assertEquals(row[6], s.stop(), what);
            assertEquals(row[7], s.forks(), what);
        }
    }

    @Test
    void forksAreTheDistinctForksOfTheSamples() {
        assertEquals(3, PrecisionRounds.forks(new int[] {1, 1, 2, 2, 5, 5, 5}));
        assertEquals(1, PrecisionRounds.forks(new int[] {0}));
    }

    @Test
    void aTargetReadsAsItWasWritten() {
        assertEquals("0.5", ConsoleLines.percent(0.005));
        assertEquals("1", ConsoleLines.percent(0.01));
        assertEquals("0.125", ConsoleLines.percent(0.00125));
    }
}
