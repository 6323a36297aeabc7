package dev.sns.gpu;

/**
 * One device's sensors, read one at a time (implemented over NVML; faked in tests). Each read can
 * fail; a failed read returns NaN or -1 as documented, never a made-up value.
 */
public interface GpuSensors extends AutoCloseable {
    /** Where the readings come from, e.g. "nvml 580.95.05, device 00000000:19:00.0". */
    String describe();

    /** Current SM clock in MHz, or NaN when the read failed. */
    double smClockMhz();

    /** Current memory clock in MHz, or NaN when the read failed. */
    double memClockMhz();

    /** The current clock-event (throttle) reason bits (NVML's mask), or -1 when the read failed. */
    long clockEventReasons();

    /**
     * Cumulative nanoseconds the clocks were held down for each violation counter, by name (see
     * {@link ThrottleClassifier#COUNTERS}); a counter the device does not report is absent.
     */
    java.util.Map<String, Long> violationNanos();

    /** GPU temperature in degrees Celsius, or NaN. */
    double temperatureC();

    /** Board power draw in watts, or NaN. */
    double powerW();

    @Override
    void close();
}
