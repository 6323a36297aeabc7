package dev.sns.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.stats.Interval;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class VerdictTest {
    @ParameterizedTest(name = "[{0}, {1}] tier {2} -> {3}")
    @CsvSource({
            "1.21, 1.50, A, FASTER",
            "1.20, 1.50, A, PARITY",   // lower bound must be strictly above 1.2
            "1.05, 1.50, B, PARITY",
            "0.80, 0.94, B, SLOWER",
            "0.80, 0.95, B, PARITY",   // upper bound must be strictly below 0.95
            "0.97, 1.03, A, PARITY",
            "1.50, 2.00, C, NO_VERDICT",
            "0.50, 0.60, C, NO_VERDICT",
    })
    void defaultThresholds(double lo, double hi, MeasurementTier tier, Verdict expected) {
        assertEquals(expected, VerdictThresholds.defaults().judge(new Interval(lo, hi, 0.95), tier));
    }

    @Test
    void configurableThresholds() {
        VerdictThresholds strict = new VerdictThresholds(1.0, 0.98);
        assertEquals(Verdict.FASTER, strict.judge(new Interval(1.01, 1.02, 0.95), MeasurementTier.B));
        assertEquals(Verdict.SLOWER, strict.judge(new Interval(0.96, 0.97, 0.95), MeasurementTier.B));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new VerdictThresholds(0.9, 0.95));
        assertTrue(e.getMessage().contains("0.9"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new VerdictThresholds(1.2, 1.5));
    }

    @Test
    void tierOrder() {
        assertEquals(MeasurementTier.C, MeasurementTier.A.worse(MeasurementTier.C));
        assertEquals(MeasurementTier.B, MeasurementTier.B.worse(MeasurementTier.A));
        assertTrue(MeasurementTier.A.isDriftEligible());
        assertTrue(!MeasurementTier.C.isPerformanceValid());
    }
}
