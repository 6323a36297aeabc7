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
 * @param bytesPerSecond peak DRAM bandwidth, bytes per second (NaN: unknown)
 * @param flopsPerSecond peak rate in {@code precision}, operations per second (NaN: unknown)
 * @param precision the precision of {@code flopsPerSecond}
 * @param basis how both were computed, or why not, in words
 */
public record DevicePeaks(double bytesPerSecond, double flopsPerSecond, Precision precision, String basis)
        implements Serializable {
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public DevicePeaks {
        Objects.requireNonNull(precision, "precision");
        Objects.requireNonNull(basis, "basis");
        check(bytesPerSecond, "bytesPerSecond");
        check(flopsPerSecond, "flopsPerSecond");
    }

    /** Nothing known, and why. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static DevicePeaks unknown(Precision precision, String why) {
        return new DevicePeaks(Double.NaN, Double.NaN, precision, why);
    }

    /** {@code achievedBytesPerSecond} as a fraction of the peak bandwidth; NaN when either is unknown. */
    public double bandwidthShare(double achievedBytesPerSecond) {
        return achievedBytesPerSecond / bytesPerSecond;
    }

    /** {@code achievedFlopsPerSecond} as a fraction of the peak rate; NaN when either is unknown. */
    public double flopsShare(double achievedFlopsPerSecond) {
        return achievedFlopsPerSecond / flopsPerSecond;
    }

    private static void check(double v, String what) {
        if (!Double.isNaN(v) && !(v > 0 && Double.isFinite(v))) {
            throw new IllegalArgumentException(what + " must be positive (or NaN: unknown), got " + v);
        }
    }
}
