package dev.sns.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class FewClusterCorrectionTest {
    @Test
    void knownFactors() {
        // t(3, 0.975) = 3.18245, z = 1.95996: 3.18245 / 1.95996 * sqrt(4/3) = 1.8749
        assertEquals(1.8749, FewClusterCorrection.factor(4, 0.95), 1e-4);
        // t(9, 0.975) = 2.26216: 2.26216 / 1.95996 * sqrt(10/9) = 1.2166
        assertEquals(1.2166, FewClusterCorrection.factor(10, 0.95), 1e-4);
        assertEquals(1.0, FewClusterCorrection.factor(30, 0.95), 0.0);
        assertThrows(IllegalArgumentException.class, () -> FewClusterCorrection.factor(1, 0.95));
    }

    @Test
    void widensOnTheLogScaleAroundThePoint() {
        Interval iv = new Interval(0.9, 1.2, 0.95);
        Interval w = FewClusterCorrection.widenRatio(iv, 1.0, 4);
        double k = FewClusterCorrection.factor(4, 0.95);
        assertEquals(Math.exp(k * Math.log(0.9)), w.lower(), 1e-12);
        assertEquals(Math.exp(k * Math.log(1.2)), w.upper(), 1e-12);
        // Swapping sides inverts the ratio: the widened interval inverts too.
        Interval inv = FewClusterCorrection.widenRatio(iv.reciprocal(), 1.0, 4).reciprocal();
        assertEquals(w.lower(), inv.lower(), 1e-12);
        assertEquals(w.upper(), inv.upper(), 1e-12);
        assertSame(iv, FewClusterCorrection.widenRatio(iv, 1.0, 40));
    }
}
