package dev.sns.fakes;

import dev.sns.gpu.GpuBackend;
import dev.sns.gpu.GpuDevice;
import dev.sns.gpu.GpuTelemetry;
import dev.sns.model.DevicePeaks;
import dev.sns.model.Precision;
import dev.sns.options.SnsOptions;
import dev.sns.timing.EnergyCounter;
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

    /**
     * A counter on the host's clock (JMH forks run in real time): {@code sns.fake.energyWatts} watts
     * (default 250) while the fork lives, a step every {@code sns.fake.energyPeriodMs} ms (default 10);
     * {@code sns.fake.energyWatts=none} makes it unavailable, as on a GPU without the counter.
     */
    @Override
    public EnergyCounter openEnergyCounter(GpuDevice device, SnsOptions options) {
        String w = System.getProperty("sns.fake.energyWatts", "250");
        if (w.equals("none")) {
            return EnergyCounter.unavailable("the fake GPU has no energy counter (sns.fake.energyWatts=none)");
        }
        double watts = Double.parseDouble(w);
        long period = (long) (Double.parseDouble(System.getProperty("sns.fake.energyPeriodMs", "10")) * 1e6);
        long origin = System.nanoTime();
        return new EnergyCounter() {
            @Override
            public double millijoules() {
                long t = System.nanoTime() - origin;
                return watts * (t / period * period) * 1e-6;
            }

            @Override
            public double powerW() {
                return watts;
            }

            @Override
            public double temperatureC() {
                return 45;
            }
        };
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
