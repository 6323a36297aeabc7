package dev.sns.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class QuantizationFloorTest {
    @Test
    void wideIntervalIsUnchanged() {
        Interval iv = new Interval(1.0, 2.0, 0.95);
        assertSame(iv, QuantizationFloor.atLeast(iv, 0.5));
    }

    @Test
    void pointIsWidenedSymmetricallyToOneStep() {
        Interval iv = QuantizationFloor.atLeast(new Interval(10.0, 10.0, 0.95), 0.5);
        assertEquals(9.75, iv.lower(), 1e-12);
        assertEquals(10.25, iv.upper(), 1e-12);
    }

    @Test
    void narrowIntervalIsWidenedAroundItsCentre() {
        Interval iv = QuantizationFloor.atLeast(new Interval(10.0, 10.2, 0.9), 1.0);
        assertEquals(9.6, iv.lower(), 1e-12);
        assertEquals(10.6, iv.upper(), 1e-12);
        assertEquals(0.9, iv.confidence());
    }

    @Test
    void nonNegativeQuantitiesStayNonNegative() {
        Interval iv = QuantizationFloor.atLeast(new Interval(0.1, 0.1, 0.95), 1.0);
        assertEquals(0.0, iv.lower(), 0.0);
        assertEquals(1.0, iv.upper(), 1e-12);
    }

    @Test
    void ratioStep() {
        // candidate 10 us, step 0.5 us: one step moves a ratio of 1 by 0.05, a ratio of 2 by 0.1.
        assertEquals(0.05, QuantizationFloor.ratioStep(1.0, 10.0, 0.5), 1e-12);
        assertEquals(0.1, QuantizationFloor.ratioStep(2.0, 10.0, 0.5), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> QuantizationFloor.ratioStep(1.0, 0.0, 0.5));
        assertThrows(IllegalArgumentException.class, () -> QuantizationFloor.atLeast(new Interval(0, 1, 0.95), -1));
    }
}
