package dev.sns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.fakes.FakeBackend;
import dev.sns.fakes.FakeSensors;
import dev.sns.fakes.FakeTimer;
import dev.sns.gpu.SampledTelemetry;
import dev.sns.model.SamplingStop;
import dev.sns.model.TimingResult;
import dev.sns.options.SnsOptions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Adaptive precision's many windows of two through {@link SampledTelemetry} over slow fake sensors
 * (0.1 ms a call): the engine's thread, which brackets every window, never reads a sensor; every
 * window has a reading; the measurement's end closes the telemetry and stops its sampler.
 */
class WindowTelemetryEngineTest {
    @Test
    void adaptiveWindowsHaveEvidenceAndTheirBracketsReadNoSensor() {
        FakeTimer t = new FakeTimer();
        FakeSensors sensors = new FakeSensors(1980).counter("thermal", 0).delayPerCallNanos(100_000);
        List<String> log = new ArrayList<>();
        TimingResult r = new SnsEngine(new FakeBackend(t, new SampledTelemetry(sensors, 2.0)), log::add)
                .measure(s -> t.advance(100_000), SnsOptions.builder().warmup(2).minWarmupMs(0).innerReps(1)
                        .launchOverhead(false).halfWidthPct(0.5).build());
        assertEquals(SamplingStop.TARGET, r.samplingStop(), r.toString());
        assertEquals(32, r.n(), "sixteen windows of two");
        assertEquals(0, sensors.readsOn(Thread.currentThread()), "sensor calls on the engine's thread");
        assertTrue(r.clocks().smClockSampleCount() >= 16, "a reading in each of 16 windows: " + r.clocks());
        assertTrue(r.clocks().throttle().metadataReasons().isEmpty(), r.clocks().throttle().toString());
        assertFalse(r.clocks().throttle().fired());
        assertTrue(sensors.closed(), "the measurement closes its telemetry");
        assertEquals(1, sensors.readers().size());
        assertFalse(sensors.readers().iterator().next().isAlive(), "closing stops the sampler");
    }
}
