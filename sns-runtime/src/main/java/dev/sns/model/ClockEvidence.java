package dev.sns.model;

import java.util.Arrays;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The clock and throttle evidence behind a tier.
 *
 * <p>No NVML means no evidence ({@link #none}), never made-up evidence: without clock samples a
 * result cannot reach tier A.
 *
 * <p>Serializable only so that JMH can carry it from a fork to its host JVM, both of one sns version;
 * its serialized form is no part of the API.
 *
 * @serial exclude
 */
public final class ClockEvidence implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    /** Where the evidence came from ({@code "nvml"}), or why there is none. */
    private final String source;
    /** Whether the clock policy locked the clocks and verified the lock by readback. */
    private final boolean locked;
    /** SM clock samples of the windows, in MHz. */
    private final double[] smClockMhz;
    /** Memory clock samples of the windows, in MHz. */
    private final double[] memClockMhz;
    /** Throttle flags and counters seen during the windows. */
    private final ThrottleEvidence throttle;
    /** GPU temperature samples, in degrees Celsius. */
    private final double[] temperatureC;
    /** Board power samples, in watts. */
    private final double[] powerW;

    /**
     * Evidence without temperature and power samples.
     *
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
     * Evidence with the sensor readings taken alongside the clocks, kept as metadata (they decide no
     * tier).
     *
     * @param source where the evidence came from ("nvml") or why there is none
     * @param locked whether the clock policy locked the clocks and verified the lock by readback
     * @param smClockMhz SM clock samples taken during the measurement windows, in MHz, each finite and
     *     non-negative
     * @param memClockMhz memory clock samples taken alongside, in MHz (may be empty)
     * @param throttle throttle flags and counters seen during the windows
     * @param temperatureC GPU temperature samples in degrees Celsius
     * @param powerW board power samples in watts
     * @throws IllegalArgumentException if a clock sample is negative or not finite
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

    /**
     * No evidence, with the reason (no GPU, no NVML, host timer).
     *
     * @param reason why there is no evidence; it becomes {@link #source()}
     * @param locked whether the clock policy locked the clocks anyway
     * @return evidence with no clock samples and no throttle
     */
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

    /**
     * {@return where the evidence came from} That is {@code "nvml"} for NVIDIA's management library;
     * without evidence, the reason there is none (no GPU, no NVML, a host timer). Evidence merged from
     * different sources joins their names with {@code +}.
     */
    public String source() {
        return source;
    }

    /**
     * {@return whether the clock policy locked the clocks and read the lock back} False with a
     * floating clock policy, and false for merged evidence unless every part was locked. Tier A needs
     * it.
     */
    public boolean locked() {
        return locked;
    }

    /**
     * {@return the SM clock samples taken during the windows, in MHz} In window order; a copy. Empty
     * without evidence (no NVML, a host timer), and then the result cannot reach tier A.
     */
    public double[] smClockMhz() {
        return smClockMhz.clone();
    }

    /** {@return the memory clock samples taken alongside the SM clock's, in MHz} A copy; may be empty. */
    public double[] memClockMhz() {
        return memClockMhz.clone();
    }

    /**
     * {@return the GPU temperature samples, in degrees Celsius} Metadata: they decide no tier. A copy;
     * empty where the sensor was not read.
     */
    public double[] temperatureC() {
        return temperatureC.clone();
    }

    /**
     * {@return the board power samples, in watts} Metadata: they decide no tier. A copy; empty where
     * the sensor was not read.
     */
    public double[] powerW() {
        return powerW.clone();
    }

    /** {@return how many SM clock samples there are} Zero without evidence. */
    public int smClockSampleCount() {
        return smClockMhz.length;
    }

    /** {@return the throttle flags and counters seen during the windows} Never null; empty lists when none was seen. */
    public ThrottleEvidence throttle() {
        return throttle;
    }

    /** {@return whether there is any SM clock sample at all} Without one the tier is at best B. */
    public boolean hasClockSamples() {
        return smClockMhz.length > 0;
    }

    /**
     * The same evidence with the policy's lock state (telemetry cannot know it).
     *
     * @param isLocked whether the clock policy locked the clocks and verified the lock
     * @return a copy of this evidence with that lock state
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public ClockEvidence withLocked(boolean isLocked) {
        return new ClockEvidence(source, isLocked, smClockMhz, memClockMhz, throttle, temperatureC, powerW);
    }

    /**
     * This evidence followed by another window's.
     *
     * @param other the evidence of a later window
     * @return the samples of both in order, locked only if both were, the throttles merged
     */
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
