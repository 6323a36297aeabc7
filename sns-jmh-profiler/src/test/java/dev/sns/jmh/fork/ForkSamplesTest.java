package dev.sns.jmh.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ForkSamplesTest {
    @Test
    void fewSamplesAreKeptInOrder() {
        ForkSamples.ThreadBuffer b = new ForkSamples.ThreadBuffer(0);
        for (int i = 0; i < 100; i++) {
            b.add(i);
        }
        double[] x = b.take().perCallNanos();
        assertEquals(100, x.length);
        assertEquals(99.0, x[99]);
        assertEquals(0, b.take().perCallNanos().length);
    }

    @Test
    void manySamplesAreThinnedEvenlyInTime() {
        ForkSamples.ThreadBuffer b = new ForkSamples.ThreadBuffer(0);
        int total = 100_000;
        for (int i = 0; i < total; i++) {
            b.add(i);
        }
        double[] x = b.take().perCallNanos();
        assertTrue(x.length <= ForkSamples.MAX_SAMPLES_PER_WINDOW && x.length >= ForkSamples.MAX_SAMPLES_PER_WINDOW / 2,
                "kept " + x.length);
        double step = x[1] - x[0];
        for (int i = 1; i < x.length; i++) {
            assertEquals(step, x[i] - x[i - 1], 0.0, "uneven at " + i); // every stride-th sample, in order
        }
        assertEquals(0.0, x[0]);
        assertTrue(x[x.length - 1] > total - 2 * step, "the subsample reaches the end of the window");
    }
}
