package dev.sns.timing;

import java.util.concurrent.locks.LockSupport;

/**
 * A device's cumulative energy counter (NVIDIA: NVML's {@code nvmlDeviceGetTotalEnergyConsumption},
 * millijoules since the driver loaded, in {@code dev.sns.gpu.nvml}; a scripted one in the test-jar).
 * The counter moves in steps (every ~100 ms on an H200), so energy is read over windows that start
 * and end just after a step ({@link EnergySampler}, {@link EnergyWatch}); the power and temperature
 * sensors ride along for the cross-check and the thermal evidence.
 *
 * <p>Reads happen on the watch's own thread or between samples, never inside a timed region.
 * Units: millijoules, watts, degrees Celsius, nanoseconds on {@link #nanoTime()}'s clock.
 */
public interface EnergyCounter extends AutoCloseable {
    /** Empty when the counter can be read; else why not, in one line with what to do. */
    default String unavailableReason() {
        return "";
    }

    /** The counter in millijoules since an arbitrary origin; NaN when the read failed. */
    double millijoules();

    /** Board power now, in watts, from the power sensor (not the counter); NaN when not read. */
    default double powerW() {
        return Double.NaN;
    }

    /** GPU temperature now, in degrees Celsius; NaN when not read. */
    default double temperatureC() {
        return Double.NaN;
    }

    /** The clock the readings are timed on, in nanoseconds (the host's monotonic clock; a fake's own). */
    default long nanoTime() {
        return System.nanoTime();
    }

    /** Lets {@code nanos} pass with nothing launched (idle power, cool-down); a fake moves its clock. */
    default void idle(long nanos) {
        LockSupport.parkNanos(nanos);
    }

    /**
     * Whether the counter is watched by a thread of its own while the work runs (true: reads are slow,
     * ~3 ms through NVML on an H200, and must not hold up the work); false: read between samples
     * (scripted counters on a fake clock, which only the work moves).
     */
    default boolean readOnThread() {
        return true;
    }

    @Override
    default void close() {}

    /** A counter that cannot be read, saying why whenever it is asked. */
    static EnergyCounter unavailable(String reason) {
        return new EnergyCounter() {
            @Override
            public String unavailableReason() {
                return reason;
            }

            @Override
            public double millijoules() {
                return Double.NaN;
            }
        };
    }
}
