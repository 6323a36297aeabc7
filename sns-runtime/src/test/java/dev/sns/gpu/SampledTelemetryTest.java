package dev.sns.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.clocks.TierAssignment;
import dev.sns.fakes.FakeSensors;
import dev.sns.model.ClockEvidence;
import dev.sns.model.MeasurementTier;
import org.junit.jupiter.api.Test;

class SampledTelemetryTest {
    @Test
    void aWindowHasAtLeastItsBoundarySamples() {
        FakeSensors s = new FakeSensors(1980);
        try (SampledTelemetry t = new SampledTelemetry(s, 1000)) { // period far longer than the window
            t.beginWindow();
            ClockEvidence e = t.endWindow();
            assertEquals(2, e.smClockSampleCount());
            assertEquals(1980.0, e.smClockMhz()[1]);
            assertEquals(3201.0, e.memClockMhz()[0]);
            assertEquals(41.0, e.temperatureC()[0]);
            assertEquals(0, e.powerW().length); // NaN reads are not evidence
            assertFalse(e.throttle().fired());
        }
        assertTrue(s.closed());
    }

    @Test
    void theBackgroundThreadSamplesDuringTheWindow() throws Exception {
        FakeSensors s = new FakeSensors(1980, 1965);
        try (SampledTelemetry t = new SampledTelemetry(s, 0.5)) {
            t.beginWindow();
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (s.reads() < 10 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            ClockEvidence e = t.endWindow();
            assertTrue(e.smClockSampleCount() >= 10, "samples " + e.smClockSampleCount());
            int readsAfter = s.reads();
            Thread.sleep(20);
            assertEquals(readsAfter, s.reads(), "the sampler kept reading after the window closed");
        }
    }

    @Test
    void aCounterThatMovedIsAThrottleEvenWithSilentFlags() {
        FakeSensors s = new FakeSensors(1980).counter("thermal", 1_000).counter("power", 0);
        try (SampledTelemetry t = new SampledTelemetry(s, 1000)) {
            t.beginWindow();
            s.counter("thermal", 2_501_000).counter("power", 7_000_000);
            ClockEvidence e = t.endWindow();
            assertTrue(e.throttle().fired());
            assertEquals("thermal counter +2.500 ms", e.throttle().throttleReasons().get(0));
            assertTrue(e.throttle().metadataReasons().contains("power counter +7.000 ms"), e.throttle().toString());
            assertEquals(2_500_000L, e.throttle().violationNanos().get("thermal"));
            assertEquals(MeasurementTier.C, TierAssignment.assign(e).tier());
        }
    }

    @Test
    void softwarePowerCapAndIdleAreMetadataOnly() {
        FakeSensors s = new FakeSensors(1980).reasons(0x4 | 0x1);
        try (SampledTelemetry t = new SampledTelemetry(s, 1000)) {
            t.beginWindow();
            ClockEvidence e = t.endWindow();
            assertFalse(e.throttle().fired());
            assertEquals(java.util.List.of("gpu_idle", "sw_power_cap"), e.throttle().metadataReasons());
            assertEquals(MeasurementTier.B, TierAssignment.assign(e).tier());
        }
    }

    @Test
    void hardwareSlowdownFlagIsAThrottle() {
        FakeSensors s = new FakeSensors(1410).reasons(0x8);
        try (SampledTelemetry t = new SampledTelemetry(s, 1000)) {
            t.beginWindow();
            assertEquals(java.util.List.of("hw_slowdown"), t.endWindow().throttle().throttleReasons());
        }
    }

    @Test
    void failedClockReadsAreCountedNotInvented() {
        FakeSensors s = new FakeSensors(Double.NaN);
        try (SampledTelemetry t = new SampledTelemetry(s, 1000)) {
            t.beginWindow();
            ClockEvidence e = t.endWindow();
            assertEquals(0, e.smClockSampleCount());
            assertTrue(e.throttle().metadataReasons().contains("2 clock reads failed"), e.throttle().toString());
        }
    }

    @Test
    void windowsMustAlternate() {
        try (SampledTelemetry t = new SampledTelemetry(new FakeSensors(1980), 1000)) {
            assertThrows(IllegalStateException.class, t::endWindow);
            t.beginWindow();
            assertThrows(IllegalStateException.class, t::beginWindow);
        }
    }
    /** One window of two readings (at its start and end: the period is far longer than the window). */
    private static ClockEvidence twoReadings(GpuSensors s) {
        try (SampledTelemetry t = new SampledTelemetry(s, 1000)) {
            t.beginWindow();
            return t.endWindow();
        }
    }

    @Test
    void anAbsurdClockReadingIsKeptOutOfTheEvidenceAndCounted() {
        for (double absurd : new double[] {1e308, Double.POSITIVE_INFINITY, -5, SampledTelemetry.MAX_PLAUSIBLE_MHZ + 1}) {
            ClockEvidence e = twoReadings(new FakeSensors(absurd, 1980));
            assertArrayEquals(new double[] {1980}, e.smClockMhz(), "reading " + absurd);
            assertTrue(e.throttle().metadataReasons().contains("1 implausible sensor readings ignored (a sensor fault)"),
                    absurd + ": " + e.throttle());
            assertEquals(MeasurementTier.B, TierAssignment.assign(e.withLocked(false)).tier());
        }
    }

    @Test
    void theLargestPlausibleClockIsEvidenceAndAFailedReadIsNotASensorFault() {
        ClockEvidence edge = twoReadings(new FakeSensors(SampledTelemetry.MAX_PLAUSIBLE_MHZ, 0));
        assertArrayEquals(new double[] {SampledTelemetry.MAX_PLAUSIBLE_MHZ, 0}, edge.smClockMhz());
        assertTrue(edge.throttle().metadataReasons().isEmpty(), edge.throttle().toString());
        ClockEvidence nan = twoReadings(new FakeSensors(Double.NaN, 1980));
        assertTrue(nan.throttle().metadataReasons().contains("1 clock reads failed"), nan.throttle().toString());
        assertFalse(nan.throttle().metadataReasons().stream().anyMatch(r -> r.contains("implausible")), nan.throttle().toString());
    }

    /** Temperature and power are checked too; a reading of them that is absurd leaves the clock reading in. */
    @Test
    void absurdTemperatureAndPowerAreDroppedAloneAndCounted() {
        FakeSensors clocks = new FakeSensors(1980);
        GpuSensors s = new GpuSensors() {
            @Override public String describe() { return "faulty sensors"; }
            @Override public double smClockMhz() { return clocks.smClockMhz(); }
            @Override public double memClockMhz() { return -1; }
            @Override public long clockEventReasons() { return 0; }
            @Override public java.util.Map<String, Long> violationNanos() { return java.util.Map.of(); }
            @Override public double temperatureC() { return 1e308; }
            @Override public double powerW() { return Double.NEGATIVE_INFINITY; }
            @Override public void close() { }
        };
        ClockEvidence e = twoReadings(s);
        assertArrayEquals(new double[] {1980, 1980}, e.smClockMhz());
        assertEquals(0, e.memClockMhz().length);
        assertEquals(0, e.temperatureC().length);
        assertEquals(0, e.powerW().length);
        assertEquals(java.util.List.of("2 implausible sensor readings ignored (a sensor fault)"), e.throttle().metadataReasons());
    }
}
