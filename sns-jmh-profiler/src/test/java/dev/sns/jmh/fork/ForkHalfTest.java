package dev.sns.jmh.fork;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.sns.jmh.link.WindowSamples;
import dev.sns.model.ClockEvidence;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a fork window carries: every thread's samples, and the fork's once-only data on its first GPU window. */
class ForkHalfTest {
    private static final WindowSamples.Overhead OVERHEAD = new WindowSamples.Overhead(new double[] {2000, 2001},
            new int[] {0, 1}, 16);

    private static ForkSamples.Drained drained(int thread, double... nanos) {
        return new ForkSamples.Drained(thread, nanos, 4, "fake", 32, OVERHEAD, Double.NaN, 1e6, true, null, null);
    }

    @Test
    void theFirstGpuWindowCarriesTheOverheadAndTheFingerprintLaterOnesDoNot() {
        Map<String, String> fp = Map.of("gpuName", "Fake H200");
        List<ForkSamples.Drained> d = List.of(drained(0, 1, 2), drained(1, 3));
        ClockEvidence none = ClockEvidence.none("t", false);
        WindowSamples first = ForkHalf.fromSessions(d, 2, 1, none, true, fp);
        assertEquals(3, first.size());
        assertEquals(WindowSamples.GPU_SOURCE, first.source());
        assertEquals(2, first.fork());
        assertEquals(1, first.iteration(), "the first GPU window need not be iteration 0");
        assertEquals("Fake H200", first.fingerprint().get("gpuName"));
        assertSame(OVERHEAD, first.overhead());
        WindowSamples later = ForkHalf.fromSessions(d, 2, 2, none, false, fp);
        assertNull(later.fingerprint());
        assertNull(later.overhead());
        assertSame(none, later.evidence());
        assertArrayEquals(new double[] {1, 2, 3}, later.perCallNanos(), 0.0);
    }
}
