package dev.sns.fakes;

import dev.sns.gpu.GpuBackend;
import dev.sns.gpu.GpuDevice;
import dev.sns.gpu.GpuTelemetry;
import dev.sns.options.SnsOptions;
import dev.sns.timing.Timer;
import java.util.List;

/**
 * A backend that hands out one scripted fake timer and telemetry: for engine tests built by hand
 * ({@code new SnsEngine(new FakeBackend(t, tel), log)}).
 */
public record FakeBackend(Timer timer, GpuTelemetry telemetry) implements GpuBackend {
    /** The one device every fake backend has: an H200's description. */
    public static final GpuDevice DEVICE = new GpuDevice(0, "Fake H200", "9.0", 132, 60L << 20, 141L << 30, 1980, 3201,
            "00000000:00:00.0");

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
}
