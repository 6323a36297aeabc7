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
 * A backend that hands out one scripted fake timer and telemetry: for engine tests built by hand
 * ({@code new SnsEngine(new FakeBackend(t, tel), log)}). A {@link FakeTimer}'s work is recorded by a
 * {@link FakeKernelRecorder} (or {@code kernels}, when given); its peaks are {@link #PEAK_BYTES_PER_SECOND}
 * and {@link #PEAK_FLOPS_PER_SECOND}.
 */
public record FakeBackend(Timer timer, GpuTelemetry telemetry, KernelRecorder kernels, EnergyCounter energy)
        implements GpuBackend {
    /** The fake device's peak DRAM bandwidth: 4 TB/s. */
    public static final double PEAK_BYTES_PER_SECOND = 4e12;
    /** The fake device's peak rate in every precision: 50 TFLOP/s. */
    public static final double PEAK_FLOPS_PER_SECOND = 50e12;

    public FakeBackend(Timer timer, GpuTelemetry telemetry) {
        this(timer, telemetry, null, null);
    }

    public FakeBackend(Timer timer, GpuTelemetry telemetry, KernelRecorder kernels) {
        this(timer, telemetry, kernels, null);
    }

    /** A backend whose energy counter is {@code energy}. */
    public static FakeBackend withEnergy(Timer timer, GpuTelemetry telemetry, EnergyCounter energy) {
        return new FakeBackend(timer, telemetry, null, energy);
    }

    @Override
    public EnergyCounter openEnergyCounter(GpuDevice device, SnsOptions options) {
        return energy != null ? energy : EnergyCounter.unavailable("the scripted backend has no energy counter");
    }

    /** The one device every fake backend has: an H200's description. */
    public static final GpuDevice DEVICE = new GpuDevice(0, "Fake H200", "9.0", 132, 60L << 20, 141L << 30, 1980, 3201, 6144,
            "00000000:00:00.0", "GPU-fa4e0000-0000-4000-8000-000000000000");

    @Override
    public String name() {
        return "scripted";
    }

    @Override
    public boolean autoSelect() {
        return false;
    }

    @Override
    public Status probe() {
        return new Status(true, "", List.of(DEVICE), "13.0");
    }

    @Override
    public Timer openTimer(GpuDevice device, SnsOptions options) {
        return timer;
    }

    @Override
    public GpuTelemetry openTelemetry(GpuDevice device, SnsOptions options) {
        return telemetry;
    }

    @Override
    public KernelRecorder openKernelRecorder(GpuDevice device, SnsOptions options) {
        if (kernels != null) {
            return kernels;
        }
        return timer instanceof FakeTimer f ? new FakeKernelRecorder(f)
                : KernelRecorder.unavailable("the scripted timer records no kernels");
    }

    @Override
    public DevicePeaks peaks(GpuDevice device, Precision precision) {
        return new DevicePeaks(PEAK_BYTES_PER_SECOND, PEAK_FLOPS_PER_SECOND, precision, "fake: 4 TB/s, 50 TFLOP/s");
    }
}
