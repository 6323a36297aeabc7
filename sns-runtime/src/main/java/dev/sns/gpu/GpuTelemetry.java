package dev.sns.gpu;

import dev.sns.model.ClockEvidence;

/**
 * Clock and throttle evidence over measurement windows. A window is bracketed by
 * {@link #beginWindow()} and {@link #endWindow()}; nothing here runs inside a timed region. The
 * brackets should be cheap (adaptive precision brackets a window every two samples, with the GPU idle):
 * {@link SampledTelemetry}'s read no sensor, its sampler thread does.
 */
public interface GpuTelemetry extends AutoCloseable {
    /** Whether evidence is collected at all; false means every window returns no evidence. */
    boolean available();

    /** Where the evidence comes from ("nvml, device 0"), or why there is none. */
    String describe();

    /** Starts a window: the evidence of its clocks and counters starts here. */
    void beginWindow();

    /** Ends the window and returns what was seen in it (with {@code locked} false: the caller knows). */
    ClockEvidence endWindow();

    @Override
    void close();

    /** Telemetry that collects nothing, with the reason in every window's evidence. */
    static GpuTelemetry none(String reason) {
        return new GpuTelemetry() {
            @Override
            public boolean available() {
                return false;
            }

            @Override
            public String describe() {
                return reason;
            }

            @Override
            public void beginWindow() {}

            @Override
            public ClockEvidence endWindow() {
                return ClockEvidence.none(reason, false);
            }

            @Override
            public void close() {}
        };
    }
}
