package dev.sns.jmh.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HostRunTest {
    /** Each ABBA round is a new JMH run whose forks JMH numbers from 0: interleaved forks carry their round. */
    @Test
    void interleavedForksAreNumberedByRound() {
        HostRun c = new HostRun(new PrintStream(new ByteArrayOutputStream()));
        c.interleave(List.of("pkg.A.fast", "pkg.A.slow"), 4);
        c.round(3);
        assertEquals(3, c.forkNumber("pkg.A.fast", 0));
        assertEquals(1, c.forkNumber("pkg.B.other", 1));
    }

    @Test
    void paramsAgreeOnSharedKeysOnly() {
        assertTrue(PairComparisons.paramsAgree(Map.of("n", "1", "m", "2"), Map.of("n", "1")));
        assertTrue(PairComparisons.paramsAgree(Map.of("n", "1"), Map.of()));
        assertFalse(PairComparisons.paramsAgree(Map.of("n", "1"), Map.of("n", "2")));
    }
}
