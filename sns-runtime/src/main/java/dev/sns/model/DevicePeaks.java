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

    private static void check(double v, String what) {
        if (!Double.isNaN(v) && !(v > 0 && Double.isFinite(v))) {
            throw new IllegalArgumentException(what + " must be positive (or NaN: unknown), got " + v);
        }
    }
}
