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

    /** More forks of a finished benchmark (precision rounds) are numbered on from its last, and join its windows. */
    @Test
    void moreForksAreNumberedOnAndJoinTheEarlierWindows() {
        ForkLedger ledger = new ForkLedger();
        assertEquals(1, ledger.forkNumber("pkg.A.spin", 1));
        dev.sns.jmh.link.WindowSamples earlier = new dev.sns.jmh.link.WindowSamples(
                dev.sns.jmh.link.WindowSamples.GPU_SOURCE, 1, 0, new double[] {1, 2}, new int[2], 1, "fake", 0,
                Double.NaN, Double.NaN, dev.sns.model.ClockEvidence.none("test", false), null, null);
        ledger.carry("pkg.A.spin@avgt", List.of(earlier), "pkg.A.spin", 2);
        assertEquals(2, ledger.forkNumber("pkg.A.spin", 0));
        assertEquals(3, ledger.forkNumber("pkg.A.spin", 1));
        assertEquals(1, ledger.forkNumber("pkg.B.other", 1), "another benchmark keeps JMH's count");
        ForkLedger.Pending p = ledger.pending("pkg.A.spin@avgt", null);
        assertEquals(List.of(earlier), p.windows);
        assertTrue(ledger.pending("pkg.A.spin@avgt", null).windows.size() == 1, "carried once");
    }

    @Test
    void paramsAgreeOnSharedKeysOnly() {
        assertTrue(PairComparisons.paramsAgree(Map.of("n", "1", "m", "2"), Map.of("n", "1")));
        assertTrue(PairComparisons.paramsAgree(Map.of("n", "1"), Map.of()));
        assertFalse(PairComparisons.paramsAgree(Map.of("n", "1"), Map.of("n", "2")));
    }
}
