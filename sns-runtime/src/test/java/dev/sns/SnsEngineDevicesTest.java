package dev.sns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.fakes.FakeGpu;
import dev.sns.fakes.FakeGpuBackend;
import dev.sns.gpu.GpuDevice;
import dev.sns.model.ComparisonResult;
import dev.sns.model.TimingResult;
import dev.sns.options.SnsOptions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Java API on a fake node of two GPUs, the second 10% slower: a measurement runs on the device it is given. */
class SnsEngineDevicesTest {
    private final List<String> log = new ArrayList<>();
    private SnsEngine engine;

    @BeforeEach
    void twoDevices() {
        System.setProperty(FakeGpuBackend.DEVICES, "2");
        System.setProperty(FakeGpuBackend.SLOW, "1:1.1");
        engine = new SnsEngine(new FakeGpuBackend(), log::add);
    }

    @AfterEach
    void oneDevice() {
        System.clearProperty(FakeGpuBackend.DEVICES);
        System.clearProperty(FakeGpuBackend.SLOW);
    }

    private static SnsOptions quick(String devices) {
        return SnsOptions.builder().warmup(5).iterations(20).windows(4).innerReps(4).set("devices", devices).build();
    }

    @Test
    void eachDeviceIsMeasuredOnItsOwnTimer() {
        Workload spin = s -> FakeGpu.spin(s, 50_000);
        List<GpuDevice> devices = engine.timers().devices(quick("all"));
        assertEquals(2, devices.size());
        TimingResult fast = engine.measure(devices.get(0), spin, quick("0"));
        TimingResult slow = engine.measure(devices.get(1), spin, quick("0"));
        assertEquals(0.050, fast.medianMillis(), 1e-12);
        assertEquals(0.055, slow.medianMillis(), 1e-12, "device 1 is 10% slower");
        assertEquals(0.055, engine.measure(spin, quick("GPU-fa4e0001")).medianMillis(), 1e-12, "by UUID prefix");
        ComparisonResult c = engine.compare(devices.get(1), spin, spin, quick("0"));
        assertEquals(1.0, c.speedup(), 1e-12, "an A/A pair on the slow device");
    }

    @Test
    void oneMeasurementRunsOnOneDeviceAndSaysHowToMeasureEach() {
        Workload spin = s -> FakeGpu.spin(s, 50_000);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> engine.measure(spin, quick("all")));
        assertEquals("devices=all selects 2 GPUs, and one measurement runs on one: measure on each with "
                + "Sns.measure(device, work, options) for each of Sns.devices(options)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> engine.measure(spin, quick("2")));
        assertTrue(e.getMessage().startsWith("device 2 does not exist: this machine has 2 CUDA device(s), indices 0..1"),
                e.getMessage());
        GpuDevice foreign = FakeGpuBackend.device(1).withIndex(0);
        e = assertThrows(IllegalArgumentException.class, () -> engine.measure(foreign, spin, quick("0")));
        assertTrue(e.getMessage().contains("is not a device of the fake backend"), e.getMessage());
    }
}
