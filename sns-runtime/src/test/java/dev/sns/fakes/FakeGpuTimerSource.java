package dev.sns.fakes;

import dev.sns.SnsOptions;
import dev.sns.TimerSource;
import dev.sns.gpu.GpuTelemetry;
import dev.sns.timing.Timer;

/**
 * A fake GPU for forked JVMs, selected with {@code -Dsns.timerSource=dev.sns.fakes.FakeGpuTimerSource}:
 * a 32 ns timer whose empty launch costs {@code sns.fake.overheadNanos} (default 2000), and steady
 * clocks at {@code sns.fake.smMhz} MHz (default 1500; "throttle" makes every window throttled).
 */
public final class FakeGpuTimerSource implements TimerSource {
    public FakeGpuTimerSource() {}

    @Override
    public Timer openTimer(SnsOptions options) {
        return new FakeTimer(32, 1024).withEmptyLaunch(Long.getLong("sns.fake.overheadNanos", 2000));
    }

    @Override
    public GpuTelemetry openTelemetry(SnsOptions options) {
        String mhz = System.getProperty("sns.fake.smMhz", "1500");
        if (mhz.equals("throttle")) {
            return new FakeTelemetry(null, FakeTelemetry.throttled(1500));
        }
        return new FakeTelemetry(null, FakeTelemetry.steady(Double.parseDouble(mhz), 5));
    }
}
