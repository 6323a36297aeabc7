package dev.sns.timing;

import java.io.Serializable;

/**
 * One energy window: the counter's energy between two of its updates, the calls completed in
 * between, and the temperature at both ends. Windows start and end just after the counter moved,
 * so the energy is a whole number of the counter's steps; an idle window has no calls.
 *
 * @param millijoules the counter's growth over the window
 * @param calls calls of the work completed in the window (0 for idle)
 * @param nanos the window's length on the counter's clock
 * @param updates counter updates the window spans
 * @param startTemperatureC temperature read at the window's first update (NaN when not read)
 * @param endTemperatureC temperature read at its last update (NaN when not read)
 * @param powerSensorMillijoules the power sensor's readings integrated over the window (trapezoids),
 *     NaN with fewer than two readings in it: the cross-check of the counter
 * @param startNanos when the window started, from the start of its watch
 * @param round the pairing round of an interleaved comparison (-1: none)
 */
public record EnergyWindow(double millijoules, long calls, long nanos, int updates, double startTemperatureC,
                           double endTemperatureC, double powerSensorMillijoules, long startNanos, int round)
        implements Serializable {
    private static final long serialVersionUID = 1L;

    public EnergyWindow {
        if (!(millijoules >= 0) || !Double.isFinite(millijoules)) {
            throw new IllegalArgumentException("a window's energy must be finite and at least 0, got " + millijoules + " mJ");
        }
        if (calls < 0) {
            throw new IllegalArgumentException("calls must be at least 0, got " + calls);
        }
        if (nanos <= 0) {
            throw new IllegalArgumentException("a window must last longer than 0 ns, got " + nanos);
        }
        if (updates < 1) {
            throw new IllegalArgumentException("a window spans at least 1 counter update, got " + updates);
        }
    }

    /** The same window in a pairing round. */
    public EnergyWindow inRound(int r) {
        return new EnergyWindow(millijoules, calls, nanos, updates, startTemperatureC, endTemperatureC,
                powerSensorMillijoules, startNanos, r);
    }

    /** Mean power over the window, in watts. */
    public double watts() {
        return millijoules * 1e-3 / (nanos * 1e-9);
    }

    /** Energy per call in joules; NaN for an idle window. */
    public double joulesPerCall() {
        return calls == 0 ? Double.NaN : millijoules * 1e-3 / calls;
    }

    /** Two windows back to back as one (the first's start, the second's end). */
    public EnergyWindow join(EnergyWindow next) {
        return new EnergyWindow(millijoules + next.millijoules, calls + next.calls, nanos + next.nanos,
                updates + next.updates, startTemperatureC, next.endTemperatureC,
                powerSensorMillijoules + next.powerSensorMillijoules, startNanos, round);
    }
}
