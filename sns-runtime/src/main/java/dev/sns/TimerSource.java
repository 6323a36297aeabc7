package dev.sns;

import dev.sns.gpu.GpuTelemetry;
import dev.sns.timing.Timer;

/**
 * Where the engine gets its timers and telemetry: the seam that lets the whole engine run against
 * fakes. The default source detects the GPU; tests pass scripted fakes.
 */
public interface TimerSource {
    /**
     * Opens a timer for these options, whose {@link Timer#stream()} is where the work is launched.
     * Throws, with the reason and the fix, when the requested timer cannot be had.
     */
    Timer openTimer(SnsOptions options);

    /** Telemetry for the device of these options; {@link GpuTelemetry#none} with the reason if there is none. */
    GpuTelemetry openTelemetry(SnsOptions options);
}
