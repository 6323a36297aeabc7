package dev.sns.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class DispersionTest {
    @Test
    void cvOfTextbookSet() {
        // mean 5, population standard deviation 2: cv = 40%.
        assertEquals(40.0, Dispersion.cvPercent(new double[] {2, 4, 4, 4, 5, 5, 7, 9}), 1e-12);
    }

    @Test
    void cvOfClockSamples() {
        // 1980 and 1920 MHz: mean 1950, sd 30: cv = 1.538...%
        assertEquals(100.0 * 30 / 1950, Dispersion.cvPercent(new double[] {1980, 1920}), 1e-12);
    }

    @Test
    void cvEdgeCases() {
        assertEquals(0.0, Dispersion.cvPercent(new double[] {3}), 0.0);
        assertEquals(0.0, Dispersion.cvPercent(new double[] {-1, 1}), 0.0);
        assertEquals(0.0, Dispersion.cvPercent(new double[] {7, 7, 7}), 0.0);
        assertThrows(IllegalArgumentException.class, () -> Dispersion.cvPercent(new double[0]));
    }

    @Test
    void rangeAndMean() {
        assertEquals(45.0, Dispersion.range(new double[] {1935, 1980, 1950}), 0.0);
        assertEquals(2.0, Dispersion.mean(new double[] {1, 2, 3}), 0.0);
    }
}
