package dev.sns.fakes;

import dev.sns.SnsOptions;
import dev.sns.TimerSource;
import dev.sns.gpu.GpuTelemetry;
import dev.sns.timing.Timer;

/** Hands out one fake timer and telemetry, and counts how often they were opened. */
public final class FakeTimerSource implements TimerSource {
    private final FakeTimer timer;
    private final GpuTelemetry telemetry;
    private int opened;

    public FakeTimerSource(FakeTimer timer, GpuTelemetry telemetry) {
        this.timer = timer;
        this.telemetry = telemetry;
    }

    public int opened() {
        return opened;
    }

    @Override
    public Timer openTimer(SnsOptions options) {
        opened++;
        return timer;
    }

    @Override
    public GpuTelemetry openTelemetry(SnsOptions options) {
        return telemetry;
    }
}
