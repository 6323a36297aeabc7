package dev.sns.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.fakes.FakeBackend;
import dev.sns.fakes.FakeTimer;
import dev.sns.options.SnsOptions;
import dev.sns.timing.Timer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the backend is chosen among those registered. */
class GpuBackendsTest {
    /** A backend that may be chosen automatically, with or without a device. */
    private static GpuBackend vendor(String name, boolean available) {
        return new GpuBackend() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Status probe() {
                return available ? new Status(true, "", List.of(FakeBackend.DEVICE), "1.0")
                        : Status.unavailable(name + ": no driver");
            }

            @Override
            public Timer openTimer(GpuDevice device, SnsOptions options) {
                return new FakeTimer();
            }

            @Override
            public GpuTelemetry openTelemetry(GpuDevice device, SnsOptions options) {
                return GpuTelemetry.none("none");
            }
        };
    }

    @Test
    void bothShippedAndTestBackendsAreFoundThroughServiceLoader() {
        List<String> names = GpuBackends.registered().stream().map(GpuBackend::name).toList();
        assertTrue(names.contains("nvidia"), names.toString());
        assertTrue(names.contains("fake"), names.toString());
    }

    @Test
    void theChoiceFollowsThePropertyAndTheFirstVersionsSwitchStillTurnsGpusOff() {
        String saved = System.getProperty(GpuBackends.PROPERTY);
        try {
            System.setProperty(GpuBackends.PROPERTY, "fake");
            assertEquals("fake", GpuBackends.detect().name());
            assertSame(GpuBackends.detect(), GpuBackends.detect(), "chosen once while the property stays");
            System.setProperty(GpuBackends.PROPERTY, "none");
            assertEquals("GPU use switched off by -Dsns.backend=none", GpuBackends.detect().probe().reason());
            System.clearProperty(GpuBackends.PROPERTY);
            System.setProperty(GpuBackends.OLD_PROPERTY, "off");
            assertFalse(GpuBackends.detect().probe().available(), "-Dsns.gpu=off is not silently ignored");
        } finally {
            System.clearProperty(GpuBackends.OLD_PROPERTY);
            if (saved == null) {
                System.clearProperty(GpuBackends.PROPERTY);
            } else {
                System.setProperty(GpuBackends.PROPERTY, saved);
            }
        }
    }

    @Test
    void automaticChoiceTakesTheFirstBackendWithADeviceAndNeverAFake() {
        GpuBackend amd = vendor("amd", true);
        GpuBackend fake = new FakeBackend(new FakeTimer(), GpuTelemetry.none("none"));
        assertSame(amd, GpuBackends.select(List.of(fake, vendor("nvidia", false), amd), ""));
        GpuBackend none = GpuBackends.select(List.of(vendor("nvidia", false), vendor("amd", false), fake), "");
        assertFalse(none.probe().available());
        assertEquals("nvidia: no driver", none.probe().reason(), "the first backend's reason is the one given");
    }

    @Test
    void aNameChoosesThatBackendAndNoneSwitchesGpusOff() {
        GpuBackend fake = new FakeBackend(new FakeTimer(), GpuTelemetry.none("none"));
        assertSame(fake, GpuBackends.select(List.of(vendor("nvidia", true), fake), "scripted"));
        GpuBackend off = GpuBackends.select(List.of(vendor("nvidia", true)), "none");
        assertEquals("GPU use switched off by -Dsns.backend=none", off.probe().reason());
        GpuBackend missing = GpuBackends.select(List.of(vendor("nvidia", true)), "amd");
        assertEquals("-Dsns.backend=amd names no registered GPU backend (registered: nvidia)", missing.probe().reason());
        assertTrue(GpuBackends.select(List.of(), "").probe().reason().startsWith("no GPU backend is registered"));
    }
}
