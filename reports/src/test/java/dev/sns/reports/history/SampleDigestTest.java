package dev.sns.reports.history;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.ReportFixtures;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The compact form of a benchmark's samples: known quantiles and window medians, a stable byte form, its size. */
class SampleDigestTest {
    @Test
    void quantilesAndWindowMediansOfKnownSamples() {
        List<Double> ms = new ArrayList<>();
        List<Integer> window = new ArrayList<>();
        List<Integer> fork = new ArrayList<>();
        for (int i = 0; i <= 100; i++) { // 0..100: the p-quantile is 100 p
            ms.add((double) i);
            window.add(i < 50 ? 0 : 1);
            fork.add(i < 50 ? 0 : 1);
        }
        SampleDigest d = SampleDigest.of(new BenchmarkEntry.Samples(ms, window, fork));
        double[] expected = new double[21];
        for (int i = 0; i < 21; i++) {
            expected[i] = 5.0 * i;
        }
        assertArrayEquals(expected, d.quantiles());
        assertEquals(List.of(new SampleDigest.Window(0, 0, 50, 24.5), new SampleDigest.Window(1, 1, 51, 75.0)),
                d.windows());
    }

    @Test
    void theBytesReadBackAsTheSameDigestAndAnotherVersionIsRefused() {
        SampleDigest d = SampleDigest.of(ReportFixtures.realistic().benchmarks().get(0).samples());
        byte[] bytes = d.encode();
        assertEquals(d, SampleDigest.decode(bytes));
        assertEquals(1 + 2 + 4 * 21 + 4 + 16 * 15, bytes.length, "21 quantiles and 15 windows");
        bytes[0] = 9;
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SampleDigest.decode(bytes)).getMessage()
                .contains("sample digest version 9"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SampleDigest.decode(new byte[] {1, 0}))
                .getMessage().contains("cut short"));
    }

    /** Why a digest: the realistic run's samples as 32-bit floats against the digest, per benchmark. */
    @Test
    void theDigestIsFarSmallerThanTheSamples() {
        for (BenchmarkEntry b : ReportFixtures.realistic().benchmarks()) {
            if (b.samples() == null) {
                assertNull(SampleDigest.of(b.samples()));
                continue;
            }
            int raw = 4 * b.samples().millis().size();
            int digest = SampleDigest.of(b.samples()).encode().length;
            assertTrue(raw >= 12_000 && digest < 400, b.id() + ": " + raw + " bytes raw, " + digest + " digested");
        }
    }

    @Test
    void nonFiniteSamplesAreLeftOutAndNoSamplesGiveNoDigest() {
        SampleDigest d = SampleDigest.of(new BenchmarkEntry.Samples(List.of(1.0, Double.NaN, 3.0), List.of(0, 0, 0),
                List.of(0, 0, 0)));
        assertEquals(List.of(new SampleDigest.Window(0, 0, 2, 2.0)), d.windows());
        assertNull(SampleDigest.of(new BenchmarkEntry.Samples(List.of(), List.of(), List.of())));
        assertNull(SampleDigest.of(null));
    }
}
