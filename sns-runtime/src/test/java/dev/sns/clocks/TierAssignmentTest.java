package dev.sns.clocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.fakes.FakeTelemetry;
import dev.sns.model.ClockEvidence;
import dev.sns.model.MeasurementTier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TierAssignmentTest {
    private static ClockEvidence locked(double... mhz) {
        return FakeTelemetry.clocks(mhz).withLocked(true);
    }

    @ParameterizedTest(name = "locked, range {0} MHz -> {1}")
    @CsvSource({
            "0, A",
            "15, A",
            "30, A",     // the bound is inclusive
            "30.5, B",
            "45, B",
    })
    void lockedRangeBoundary(double range, MeasurementTier expected) {
        assertEquals(expected, TierAssignment.assign(locked(1500, 1500 + range)).tier());
    }

    @Test
    void cvAboveThreePercentIsTierCAndExactlyThreeIsNot() {
        // Two samples m - d and m + d have CV = d / m: d = 30, m = 1000 gives exactly 3.0%.
        assertEquals(MeasurementTier.B, TierAssignment.assign(FakeTelemetry.clocks(970, 1030)).tier());
        TierAssignment.Decision c = TierAssignment.assign(FakeTelemetry.clocks(969, 1031));
        assertEquals(MeasurementTier.C, c.tier());
        assertTrue(c.reasons().get(0).contains("3.10%"), c.reasons().toString());
        // Even a lock does not rescue an unstable clock.
        assertEquals(MeasurementTier.C, TierAssignment.assign(locked(969, 1031)).tier());
    }

    @Test
    void throttleIsTierCWhateverTheClocks() {
        TierAssignment.Decision d = TierAssignment.assign(FakeTelemetry.throttled(1500).withLocked(true));
        assertEquals(MeasurementTier.C, d.tier());
        assertTrue(d.reasons().get(0).contains("hw_thermal_slowdown"), d.reasons().toString());
    }

    @Test
    void noClockSamplesNeverCountAsStable() {
        TierAssignment.Decision d = TierAssignment.assign(ClockEvidence.none("no NVML", true));
        assertEquals(MeasurementTier.B, d.tier());
        assertTrue(d.reasons().get(0).contains("no NVML"), d.reasons().toString());
        assertEquals(MeasurementTier.B, TierAssignment.assign(locked(1500)).tier());
    }

    @Test
    void unlockedSteadyClocksAreTierBWithTheReason() {
        TierAssignment.Decision d = TierAssignment.assign(FakeTelemetry.steady(1980, 50));
        assertEquals(MeasurementTier.B, d.tier());
        assertTrue(d.reasons().get(0).contains("not locked"), d.reasons().toString());
        assertEquals(0, TierAssignment.assign(locked(1500, 1500)).reasons().size());
    }
}
