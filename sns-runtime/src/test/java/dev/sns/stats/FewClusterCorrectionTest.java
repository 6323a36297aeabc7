package dev.sns.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class FewClusterCorrectionTest {
    @Test
    void knownFactors() {
        // t(3, 0.975) = 3.18245, z = 1.95996: 3.18245 / 1.95996 * sqrt(4/3) = 1.8749
        assertEquals(1.8749, FewClusterCorrection.factor(4, 0.95), 1e-4);
        // t(9, 0.975) = 2.26216: 2.26216 / 1.95996 * sqrt(10/9) = 1.2166
        assertEquals(1.2166, FewClusterCorrection.factor(10, 0.95), 1e-4);
        // Never cut off: t(29, 0.975) = 2.04523: 2.04523 / 1.95996 * sqrt(30/29) = 1.0613 (it was once 1 from 30 on).
        assertEquals(1.0613, FewClusterCorrection.factor(30, 0.95), 1e-4);
        // t(99, 0.975) = 1.98422: 1.98422 / 1.95996 * sqrt(100/99) = 1.0175
        assertEquals(1.0175, FewClusterCorrection.factor(100, 0.95), 1e-4);
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
        // Many clusters still widen, a little: 40 clusters by 1.045.
        Interval many = FewClusterCorrection.widenRatio(iv, 1.0, 40);
        assertEquals(Math.exp(FewClusterCorrection.factor(40, 0.95) * Math.log(0.9)), many.lower(), 1e-12);
    }
}
