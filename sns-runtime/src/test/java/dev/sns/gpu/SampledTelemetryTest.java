package dev.sns.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.clocks.TierAssignment;
import dev.sns.fakes.FakeSensors;
import dev.sns.fakes.SteppedPacer;
import dev.sns.model.ClockEvidence;
import dev.sns.model.MeasurementTier;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SampledTelemetryTest {
    @Test
    void aWindowHasItsReadingBeforeAndItsReadingsInside() {
        FakeSensors s = new FakeSensors(1980, 1965);
        try (SampledTelemetry t = new SampledTelemetry(s, SteppedPacer.atEdges())) { // one reading at each edge
            t.beginWindow();
            ClockEvidence e = t.endWindow();
            assertArrayEquals(new double[] {1980, 1965}, e.smClockMhz());
            assertEquals(3201.0, e.memClockMhz()[0]);
            assertEquals(41.0, e.temperatureC()[0]);
            assertEquals(0, e.powerW().length); // NaN reads are not evidence
            assertFalse(e.throttle().fired());
        }
        assertTrue(s.closed());
    }

    /** A window shorter than the period: the first waits for the sampler's first reading, later ones reuse the latest. */
    @Test
    void everyWindowHasEvidenceEvenWithNoReadingOfItsOwn() {
        FakeSensors s = new FakeSensors(1980, 1965);
        try (SampledTelemetry t = new SampledTelemetry(s, 60_000)) { // one reading a minute: only the first comes
            for (int w = 0; w < 20; w++) {
                t.beginWindow();
                ClockEvidence e = t.endWindow();
                assertArrayEquals(new double[] {1980}, e.smClockMhz(), "window " + w);
                assertEquals(Map.of(), e.throttle().violationNanos(), "window " + w);
            }
            assertEquals(1, s.reads());
        }
    }

    @Test
    void theBracketsNeverReadASensorOnTheCallersThread() throws Exception {
        FakeSensors s = new FakeSensors(1980).counter("thermal", 0).delayPerCallNanos(200_000);
        try (SampledTelemetry t = new SampledTelemetry(s, 0.5)) {
            for (int w = 0; w < 30; w++) {
                t.beginWindow();
                Thread.sleep(1);
                ClockEvidence e = t.endWindow();
                assertTrue(e.smClockSampleCount() >= 1, "window " + w);
            }
            assertEquals(0, s.readsOn(Thread.currentThread()), "sensor calls on the caller's thread");
            assertEquals(1, s.readers().size(), "one sampler thread for every window: " + s.readers());
        }
    }

    @Test
    void theSamplerReadsDuringTheWindowAndCloseStopsIt() throws Exception {
        FakeSensors s = new FakeSensors(1980, 1965);
        Thread sampler;
        try (SampledTelemetry t = new SampledTelemetry(s, 0.5)) {
            t.beginWindow();
            int atBegin = s.reads(); // the sampler reads from the telemetry's opening on
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (s.reads() < atBegin + 11 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            ClockEvidence e = t.endWindow();
            assertTrue(e.smClockSampleCount() >= 10, "samples " + e.smClockSampleCount());
            sampler = s.readers().iterator().next();
            assertTrue(sampler.isAlive(), "the sampler lives between windows");
        }
        assertFalse(sampler.isAlive(), "close() stops the sampler");
        int readsAfter = s.reads();
        Thread.sleep(20);
        assertEquals(readsAfter, s.reads(), "the sampler kept reading after close()");
        assertTrue(s.closed());
    }

    /**
     * Known answer of attribution: the thermal counter grows by 3 ms between the second and third
     * readings of the middle window; that window has the growth, its neighbours (with a reading between
     * each pair of windows) have none.
     */
    @Test
    void aThrottleInAWindowIsChargedToThatWindowOnly() {
        FakeSensors s = new FakeSensors(1980).counter("thermal", 1_000).counter("power", 0);
        SteppedPacer p = SteppedPacer.onStep();
        try (SampledTelemetry t = new SampledTelemetry(s, p)) {
            t.beginWindow();
            p.step();
            p.step();
            ClockEvidence before = t.endWindow();
            p.step(); // between windows
            t.beginWindow();
            p.step();
            s.counter("thermal", 3_001_000);
            p.step();
            p.step();
            ClockEvidence throttled = t.endWindow();
            p.step();
            t.beginWindow();
            p.step();
            ClockEvidence after = t.endWindow();

            assertEquals(Map.of("power", 0L, "thermal", 0L), before.throttle().violationNanos());
            assertEquals(Map.of("power", 0L, "thermal", 3_000_000L), throttled.throttle().violationNanos());
            assertEquals(List.of("thermal counter +3.000 ms"), throttled.throttle().throttleReasons());
            assertEquals(MeasurementTier.C, TierAssignment.assign(throttled).tier());
            assertEquals(Map.of("power", 0L, "thermal", 0L), after.throttle().violationNanos());
            assertFalse(before.throttle().fired());
            assertFalse(after.throttle().fired());
            assertEquals(2, before.smClockSampleCount()); // its two readings, none before the first window
            assertEquals(4, throttled.smClockSampleCount()); // the one between windows and its three
            assertEquals(2, after.smClockSampleCount());
        }
    }

    /**
     * The granularity: a throttle after a window's last reading shows at the next reading; when that
     * comes between windows, the growth is charged to the next window (the counter spans follow each
     * other), never to the window before and never to none.
     */
    @Test
    void aThrottleShownBetweenWindowsIsChargedToTheNextWindowNotLost() {
        FakeSensors s = new FakeSensors(1980).counter("thermal", 0);
        SteppedPacer p = SteppedPacer.onStep();
        try (SampledTelemetry t = new SampledTelemetry(s, p)) {
            t.beginWindow();
            p.step();
            s.counter("thermal", 2_000_000); // after the window's last reading
            ClockEvidence first = t.endWindow();
            p.step(); // shows it, between windows
            p.step();
            t.beginWindow();
            p.step();
            ClockEvidence second = t.endWindow();
            t.beginWindow();
            p.step();
            ClockEvidence third = t.endWindow();
            assertEquals(0L, first.throttle().violationNanos().get("thermal"));
            assertEquals(2_000_000L, second.throttle().violationNanos().get("thermal"));
            assertEquals(0L, third.throttle().violationNanos().get("thermal"));
        }
    }

    @Test
    void aCounterThatMovedIsAThrottleEvenWithSilentFlags() {
        FakeSensors s = new FakeSensors(1980).counter("thermal", 1_000).counter("power", 0);
        try (SampledTelemetry t = new SampledTelemetry(s, SteppedPacer.atEdges())) {
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
        try (SampledTelemetry t = new SampledTelemetry(s, SteppedPacer.atEdges())) {
            t.beginWindow();
            ClockEvidence e = t.endWindow();
            assertFalse(e.throttle().fired());
            assertEquals(List.of("gpu_idle", "sw_power_cap"), e.throttle().metadataReasons());
            assertEquals(MeasurementTier.B, TierAssignment.assign(e).tier());
        }
    }

    @Test
    void hardwareSlowdownFlagIsAThrottle() {
        FakeSensors s = new FakeSensors(1410).reasons(0x8);
        try (SampledTelemetry t = new SampledTelemetry(s, SteppedPacer.atEdges())) {
            t.beginWindow();
            assertEquals(List.of("hw_slowdown"), t.endWindow().throttle().throttleReasons());
        }
    }

    @Test
    void failedClockReadsAreCountedNotInvented() {
        FakeSensors s = new FakeSensors(Double.NaN);
        try (SampledTelemetry t = new SampledTelemetry(s, SteppedPacer.atEdges())) {
            t.beginWindow();
            ClockEvidence e = t.endWindow();
            assertEquals(0, e.smClockSampleCount());
            assertTrue(e.throttle().metadataReasons().contains("2 clock reads failed"), e.throttle().toString());
        }
    }

    @Test
    void windowsMustAlternateAndNoneComesAfterClose() {
        SampledTelemetry t = new SampledTelemetry(new FakeSensors(1980), 1000);
        assertThrows(IllegalStateException.class, t::endWindow);
        t.beginWindow();
        assertThrows(IllegalStateException.class, t::beginWindow);
        t.close(); // ends the open window
        IllegalStateException e = assertThrows(IllegalStateException.class, t::beginWindow);
        assertTrue(e.getMessage().contains("after close()"), e.getMessage());
        t.close(); // twice is fine
    }

    @Test
    void aPeriodThatIsNoPeriodIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SampledTelemetry(new FakeSensors(1980), 0));
        assertEquals("telemetry period must be positive, got 0.0 ms", e.getMessage());
    }

    /** One window of two readings: one just before it begins, one just before it ends. */
    private static ClockEvidence twoReadings(GpuSensors s) {
        try (SampledTelemetry t = new SampledTelemetry(s, SteppedPacer.atEdges())) {
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
        assertEquals(List.of("2 implausible sensor readings ignored (a sensor fault)"), e.throttle().metadataReasons());
    }
}
