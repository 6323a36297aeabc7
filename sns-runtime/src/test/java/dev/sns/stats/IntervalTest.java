package dev.sns.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class IntervalTest {
    @Test
    void validationNamesTheBadValues() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Interval(2, 1, 0.95));
        assertEquals("lower (2.0) > upper (1.0)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new Interval(0, 1, 1.0));
        assertTrue(e.getMessage().contains("1.0"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Interval(Double.NaN, 1, 0.95));
    }

    @Test
    void reciprocalAndScale() {
        Interval iv = new Interval(0.5, 2.0, 0.95);
        assertEquals(new Interval(0.5, 2.0, 0.95), iv.reciprocal());
        assertEquals(new Interval(500, 2000, 0.95), iv.scaled(1000));
        assertThrows(IllegalArgumentException.class, () -> new Interval(0, 1, 0.95).reciprocal());
    }

    @Test
    void settingsValidate() {
        assertThrows(IllegalArgumentException.class, () -> BootstrapSettings.defaults().withResamples(10));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BootstrapSettings.defaults().withConfidence(95));
        assertTrue(e.getMessage().contains("95.0"), e.getMessage());
        assertEquals(0xC0FFEEL, BootstrapSettings.defaults().seed());
    }
}
