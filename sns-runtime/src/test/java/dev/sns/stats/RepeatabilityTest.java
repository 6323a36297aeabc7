package dev.sns.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class RepeatabilityTest {
    @Test
    void knownAnswers() {
        // mean 2, sd 1
        assertEquals(0.5, Repeatability.sdFraction(new double[] {1, 2, 3}), 1e-12);
        double[] twenty = new double[20];
        for (int i = 0; i < 20; i++) {
            twenty[i] = 100 + (i % 2 == 0 ? 1 : -1);
        }
        // t(19, 0.975) = 2.09302, z = 1.95996: 2.09302 / 1.95996 * sqrt(1 + 1/20) = 1.0943
        assertEquals(1.0943, Repeatability.predictiveSdFraction(twenty) / Repeatability.sdFraction(twenty), 1e-4);
        assertThrows(IllegalArgumentException.class, () -> Repeatability.sdFraction(new double[] {1}));
        assertThrows(IllegalArgumentException.class, () -> Repeatability.sdFraction(new double[] {1, 0}));
    }

    @Test
    void theRepeatIntervalIsNeverNarrowerThanTheCallsOwn() {
        Interval own = new Interval(9.9, 10.2, 0.95);
        Interval wide = Repeatability.interval(10, 0.01, own);
        assertEquals(10 - 1.959964 * 0.1, wide.lower(), 1e-5);
        assertEquals(10.2, wide.upper(), 1e-12); // the call's own upper bound is further out
        Interval tight = Repeatability.interval(10, 0.0001, own);
        assertEquals(own, tight);
        assertEquals(0.0, Repeatability.interval(1, 2.0, new Interval(0.9, 1.1, 0.95)).lower(), 0.0);
    }
}
