package dev.sns.model;

import java.io.Serializable;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The device's speed of light: its peak DRAM bandwidth and its peak arithmetic rate in one
 * {@link Precision}, computed from the device's own attributes (see the NVIDIA backend's
 * {@code NvidiaPeaks} for the formulas and the per-SM rates), with how each was computed. A
 * result's share of peak is its achieved rate over these (NVBench's BWUtil). A peak that cannot be
 * known is NaN, and {@code basis} says why.
 *
 * <p>Serializable only so that JMH can carry it from a fork to its host JVM, both of one sns version;
 * its serialized form is no part of the API.
 *
 * @param bytesPerSecond peak DRAM bandwidth, bytes per second (NaN: unknown)
 * @param flopsPerSecond peak rate in {@code precision}, operations per second (NaN: unknown)
 * @param precision the precision of {@code flopsPerSecond}
 * @param basis how both were computed, or why not, in words
 * @serial exclude
 */
public record DevicePeaks(double bytesPerSecond, double flopsPerSecond, Precision precision, String basis)
        implements Serializable {
    /**
     * Checks the peaks.
     *
     * @param bytesPerSecond peak DRAM bandwidth, bytes per second (NaN: unknown)
     * @param flopsPerSecond peak rate in {@code precision}, operations per second (NaN: unknown)
     * @param precision the precision of {@code flopsPerSecond}
     * @param basis how both were computed, or why not, in words
     * @throws NullPointerException if {@code precision} or {@code basis} is null
     * @throws IllegalArgumentException if a peak is neither positive and finite nor NaN
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public DevicePeaks {
        Objects.requireNonNull(precision, "precision");
        Objects.requireNonNull(basis, "basis");
        check(bytesPerSecond, "bytesPerSecond");
        check(flopsPerSecond, "flopsPerSecond");
    }

    /**
     * Nothing known, and why.
     *
     * @param precision the precision the rate was asked in
     * @param why why the device's peaks cannot be known (it becomes {@link #basis()})
     * @return peaks with both rates NaN
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static DevicePeaks unknown(Precision precision, String why) {
        return new DevicePeaks(Double.NaN, Double.NaN, precision, why);
    }

    /**
     * An achieved bandwidth as a share of the peak (NVBench's BWUtil).
     *
     * @param achievedBytesPerSecond the bandwidth reached, in bytes per second (NaN: not known)
     * @return {@code achievedBytesPerSecond} as a fraction of {@link #bytesPerSecond()} (1.0 is the
     *     peak); NaN when either is unknown
     */
    public double bandwidthShare(double achievedBytesPerSecond) {
        return achievedBytesPerSecond / bytesPerSecond;
    }

    /**
     * An achieved arithmetic rate as a share of the peak in {@link #precision()}.
     *
     * @param achievedFlopsPerSecond the rate reached, in operations per second (NaN: not known)
     * @return {@code achievedFlopsPerSecond} as a fraction of {@link #flopsPerSecond()} (1.0 is the
     *     peak); NaN when either is unknown
     */
    public double flopsShare(double achievedFlopsPerSecond) {
        return achievedFlopsPerSecond / flopsPerSecond;
    }

    /**
     * Whether a share of peak is a reading. No work runs faster than the device's peak, so a share
     * above 1.0 says the timed region saw less work than was declared (work off the timed stream, a
     * tier C result; data served from a cache rather than DRAM; bytes or FLOP declared above what
     * ran), never how close to the peak the work came: every output that shows a share shows
     * {@link #aboveThePeak} instead. The one rule for the console, the tables and the report page.
     *
     * @param share a share of peak ({@link #bandwidthShare}, {@link #flopsShare}; NaN: unknown)
     * @return true for a share from 0 to 1.0; false above 1.0 and for NaN
     */
    @API(status = API.Status.INTERNAL, since = "0.3.0")
    public static boolean isReading(double share) {
        return share >= 0 && share <= 1.0;
    }

    /**
     * What the outputs say in place of a share above the peak: how far above, and why it is no reading.
     *
     * @param share a share above 1.0
     * @param peak which peak, with a trailing space ("bf16-tensor "), or ""
     * @return "7924x the peak: not a reading (...)", the reasons in words
     */
    @API(status = API.Status.INTERNAL, since = "0.3.0")
    public static String aboveThePeak(double share, String peak) {
        String times = share >= 100 ? String.format(java.util.Locale.ROOT, "%.0f", share)
                : String.format(java.util.Locale.ROOT, "%.3g", share);
        return times + "x the " + peak + "peak: not a reading (the timed region saw less work than declared: work off "
                + "the timed stream, data served from a cache, or bytes or FLOP declared above what ran)";
    }

    private static void check(double v, String what) {
        if (!Double.isNaN(v) && !(v > 0 && Double.isFinite(v))) {
            throw new IllegalArgumentException(what + " must be positive (or NaN: unknown), got " + v);
        }
    }
}
