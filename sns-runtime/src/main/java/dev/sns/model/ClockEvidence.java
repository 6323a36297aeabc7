package dev.sns.model;

import java.util.Arrays;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The clock and throttle evidence behind a tier.
 *
 * <p>No NVML means no evidence ({@link #none}), never made-up evidence: without clock samples a
 * result cannot reach tier A.
 */
public final class ClockEvidence implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    private final String source;
    private final boolean locked;
    private final double[] smClockMhz;
    private final double[] memClockMhz;
    private final ThrottleEvidence throttle;
    private final double[] temperatureC;
    private final double[] powerW;

    /**
     * @param source where the evidence came from ("nvml") or why there is none
     * @param locked whether the clock policy locked the clocks and verified the lock by readback
     * @param smClockMhz SM clock samples taken during the measurement windows
     * @param memClockMhz memory clock samples taken alongside (may be empty)
     * @param throttle throttle flags and counters seen during the windows
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public ClockEvidence(String source, boolean locked, double[] smClockMhz, double[] memClockMhz,
                         ThrottleEvidence throttle) {
        this(source, locked, smClockMhz, memClockMhz, throttle, new double[0], new double[0]);
    }

    /**
     * As above, with sensor readings kept as metadata.
     *
     * @param temperatureC GPU temperature samples in degrees Celsius
     * @param powerW board power samples in watts
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public ClockEvidence(String source, boolean locked, double[] smClockMhz, double[] memClockMhz,
                         ThrottleEvidence throttle, double[] temperatureC, double[] powerW) {
        this.source = Objects.requireNonNull(source, "source");
        this.locked = locked;
        this.smClockMhz = checkClocks(smClockMhz, "SM");
        this.memClockMhz = checkClocks(memClockMhz, "memory");
        this.throttle = Objects.requireNonNull(throttle, "throttle");
        this.temperatureC = temperatureC.clone();
        this.powerW = powerW.clone();
    }

    /** No evidence, with the reason (no GPU, no NVML, host timer). */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static ClockEvidence none(String reason, boolean locked) {
        return new ClockEvidence(reason, locked, new double[0], new double[0], ThrottleEvidence.none());
    }

    private static double[] checkClocks(double[] mhz, String which) {
        for (int i = 0; i < mhz.length; i++) {
            if (!(mhz[i] >= 0.0) || !Double.isFinite(mhz[i])) {
                throw new IllegalArgumentException(which + " clock sample " + i + " is " + mhz[i] + " MHz");
            }
        }
        return mhz.clone();
    }

    public String source() {
        return source;
    }

    public boolean locked() {
        return locked;
    }

    /** SM clock samples in MHz (a copy). */
    public double[] smClockMhz() {
        return smClockMhz.clone();
    }

    /** Memory clock samples in MHz (a copy). */
    public double[] memClockMhz() {
        return memClockMhz.clone();
    }

    /** GPU temperature samples in degrees Celsius (metadata; a copy). */
    public double[] temperatureC() {
        return temperatureC.clone();
    }

    /** Board power samples in watts (metadata; a copy). */
    public double[] powerW() {
        return powerW.clone();
    }

    public int smClockSampleCount() {
        return smClockMhz.length;
    }

    public ThrottleEvidence throttle() {
        return throttle;
    }

    /** Whether there is any clock sample at all. */
    public boolean hasClockSamples() {
        return smClockMhz.length > 0;
    }

    /** The same evidence with the policy's lock state (telemetry cannot know it). */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public ClockEvidence withLocked(boolean isLocked) {
        return new ClockEvidence(source, isLocked, smClockMhz, memClockMhz, throttle, temperatureC, powerW);
    }

    /** This evidence followed by another window's. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public ClockEvidence merge(ClockEvidence other) {
        double[] sm = concat(smClockMhz, other.smClockMhz);
        double[] mem = concat(memClockMhz, other.memClockMhz);
        String src = source.equals(other.source) ? source : source + "+" + other.source;
        return new ClockEvidence(src, locked && other.locked, sm, mem, throttle.merge(other.throttle),
                concat(temperatureC, other.temperatureC), concat(powerW, other.powerW));
    }

    private static double[] concat(double[] a, double[] b) {
        double[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ClockEvidence e && locked == e.locked && source.equals(e.source)
                && Arrays.equals(smClockMhz, e.smClockMhz) && Arrays.equals(memClockMhz, e.memClockMhz)
                && throttle.equals(e.throttle);
    }

    @Override
    public int hashCode() {
        return Objects.hash(source, locked, Arrays.hashCode(smClockMhz), throttle);
    }

    @Override
    public String toString() {
        return "ClockEvidence[" + source + ", locked=" + locked + ", " + smClockMhz.length + " SM clock samples, "
                + throttle + "]";
    }
}
