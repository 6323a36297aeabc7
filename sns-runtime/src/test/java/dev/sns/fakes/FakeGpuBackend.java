package dev.sns.fakes;

import dev.sns.gpu.GpuBackend;
import dev.sns.gpu.GpuDevice;
import dev.sns.gpu.GpuTelemetry;
import dev.sns.model.DevicePeaks;
import dev.sns.model.Precision;
import dev.sns.options.SnsOptions;
import dev.sns.timing.KernelRecorder;
import dev.sns.timing.Timer;
import java.util.List;

/**
 * A second GPU backend, registered like the NVIDIA one (a line in this test-jar's
 * {@code META-INF/services/dev.sns.gpu.GpuBackend}) and chosen only by name:
 * {@code -Dsns.backend=fake}. A 32 ns timer whose empty launch costs {@code sns.fake.overheadNanos}
 * (default 2000), steady clocks at {@code sns.fake.smMhz} MHz (default 1500; "throttle" makes every
 * window throttled). JMH fork tests time their fake kernels ({@link FakeGpu#spin}) on it.
 */
public final class FakeGpuBackend implements GpuBackend {
    /** For {@link java.util.ServiceLoader}. */
    public FakeGpuBackend() {}

    @Override
    public String name() {
        return "fake";
    }

    @Override
    public boolean autoSelect() {
        return false;
    }

    @Override
    public Status probe() {
        return new Status(true, "", List.of(FakeBackend.DEVICE), "13.0");
    }

    @Override
    public Timer openTimer(GpuDevice device, SnsOptions options) {
        FakeTimer t = new FakeTimer(32, 1024).withEmptyLaunch(Long.getLong("sns.fake.overheadNanos", 2000));
        lastTimer = t;
        return t;
    }

    private volatile FakeTimer lastTimer;

    @Override
    public GpuTelemetry openTelemetry(GpuDevice device, SnsOptions options) {
        String mhz = System.getProperty("sns.fake.smMhz", "1500");
        if (mhz.equals("throttle")) {
            return new FakeTelemetry(null, FakeTelemetry.throttled(1500));
        }
        return new FakeTelemetry(null, FakeTelemetry.steady(Double.parseDouble(mhz), 5));
    }

    /** The fake timer's work, recorded when the kernel pass asks (the fork's timer is the one open). */
    @Override
    public KernelRecorder openKernelRecorder(GpuDevice device, SnsOptions options) {
        FakeTimer t = lastTimer;
        return t == null ? KernelRecorder.unavailable("no fake timer is open") : new FakeKernelRecorder(t);
    }

    @Override
    public DevicePeaks peaks(GpuDevice device, Precision precision) {
        return new FakeBackend(null, null).peaks(device, precision);
    }

    @Override
    public String sensorsVersion() {
        return "fake-nvml 1.0";
    }
}
