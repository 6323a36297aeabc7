package dev.sns.junit;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.model.ClockEvidence;
import dev.sns.model.ComparisonResult;
import dev.sns.model.MeasurementTier;
import dev.sns.model.TimingResult;
import dev.sns.model.VerdictThresholds;
import dev.sns.stats.Interval;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

class SnsAssertionsTest {
    private static TimingResult side(String name, double ms, MeasurementTier tier) {
        return TimingResult.builder().name(name).samplesMillis(new double[] {ms, ms}).percentilesMillis(ms, ms, ms)
                .intervalMillis(new Interval(ms, ms, 0.95)).tier(tier, List.of(tier == MeasurementTier.C
                        ? "hardware throttle during the window: hw_thermal_slowdown" : "clocks not locked"))
                .clocks(ClockEvidence.none("t", false)).timer("t", 0).build();
    }

    private static ComparisonResult cmp(double lo, double hi, MeasurementTier tier) {
        return new ComparisonResult(side("mine", 1, tier), side("theirs", 1.3, MeasurementTier.B),
                new Interval(lo, hi, 0.95), null, "test", VerdictThresholds.defaults());
    }

    @Test
    void passesOnlyWhenTheWholeIntervalClears() {
        SnsAssertions.assertFaster(cmp(1.25, 1.35, MeasurementTier.B));
        SnsAssertions.assertFaster(cmp(1.01, 1.35, MeasurementTier.B), 1.0);
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> SnsAssertions.assertFaster(cmp(0.98, 1.35, MeasurementTier.B), 1.0));
        assertTrue(e.getMessage().contains("mine vs theirs is 1.3000x [0.9800, 1.3500]"), e.getMessage());
        SnsAssertions.assertNotSlower(cmp(0.90, 0.96, MeasurementTier.B));
        e = assertThrows(AssertionFailedError.class, () -> SnsAssertions.assertNotSlower(cmp(0.80, 0.90, MeasurementTier.B)));
        assertTrue(e.getMessage().contains("below 0.950"), e.getMessage());
    }

    @Test
    void tierCAbortsWithTheReason() {
        TestAbortedException e = assertThrows(TestAbortedException.class,
                () -> SnsAssertions.assertFaster(cmp(1.5, 1.6, MeasurementTier.C)));
        assertTrue(e.getMessage().contains("tier C") && e.getMessage().contains("hw_thermal_slowdown"), e.getMessage());
    }
}
