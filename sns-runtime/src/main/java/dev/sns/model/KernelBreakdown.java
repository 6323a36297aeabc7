package dev.sns.model;

import dev.sns.stats.Interval;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What one call of a benchmark launches, from its kernel pass (CUPTI's kernel records, never taken
 * while samples are): one row per kernel (name, grid and block), how often a call launches it, its
 * median duration with an interval and its share of the call's event time; the call's kernel time
 * (the sum of its kernels) with an interval, against the event time of the benchmark's samples. The
 * rest of the event time is launches and gaps.
 *
 * <p>Times in milliseconds per call, like every result. Built by {@code dev.sns.analysis}.
 *
 * @param rows the kernels, in the order a call first launches them
 * @param calls how many calls were recorded
 * @param kernelMillis the median over calls of a call's kernel time
 * @param kernelIntervalMillis its interval (a point when only one call was recorded)
 * @param eventMillis the benchmark's median event time per call (NaN when not known)
 * @param netEventMillis the event time net of the launch overhead (NaN when not measured)
 * @param unattributed records that fell outside every recorded call
 * @param dropped records the recorder dropped
 * @param unavailable why there is no table (empty when there is one)
 */
public record KernelBreakdown(List<Row> rows, int calls, double kernelMillis, Interval kernelIntervalMillis,
                              double eventMillis, double netEventMillis, int unattributed, long dropped,
                              String unavailable) {
    /**
     * One kernel of a call.
     *
     * @param name the kernel's name, demangled where it was mangled
     * @param symbol the name as recorded (the mangled symbol)
     * @param grid blocks per grid, "x" or "x,y,z"
     * @param block threads per block, "x" or "x,y,z"
     * @param countPerCall launches per call (records over calls)
     * @param medianMillis median duration of one launch
     * @param intervalMillis its interval, calls resampled (then launches within them)
     * @param shareOfCall count per call x median duration over the event time per call (NaN without one)
     */
    public record Row(String name, String symbol, String grid, String block, double countPerCall, double medianMillis,
                      Interval intervalMillis, double shareOfCall) {
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Row {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(intervalMillis, "interval");
            if (!(countPerCall > 0) || !(medianMillis >= 0)) {
                throw new IllegalArgumentException("kernel '" + name + "': count per call must be positive and the median "
                        + "non-negative, got " + countPerCall + " and " + medianMillis + " ms");
            }
        }

        /** This kernel's time per call: count per call x median duration. */
        public double millisPerCall() {
            return countPerCall * medianMillis;
        }
    }

    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public KernelBreakdown {
        rows = List.copyOf(rows);
        Objects.requireNonNull(unavailable, "unavailable");
        if (unavailable.isEmpty() && (rows.isEmpty() || kernelIntervalMillis == null)) {
            throw new IllegalArgumentException("a kernel table needs at least one kernel and the kernel time's interval; "
                    + "say why it is unavailable instead");
        }
    }

    /** No table, and why (no CUPTI, not permitted, no kernel seen). */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static KernelBreakdown unavailable(String reason) {
        return new KernelBreakdown(List.of(), 0, Double.NaN, null, Double.NaN, Double.NaN, 0, 0, reason);
    }

    public boolean available() {
        return unavailable.isEmpty();
    }

    /**
     * Why there is no kernel table.
     *
     * @return the reason (no CUPTI, not permitted, no kernel seen), or empty when there is a table
     */
    public Optional<String> whyUnavailable() {
        return unavailable.isEmpty() ? Optional.empty() : Optional.of(unavailable);
    }

    /**
     * Why there is no table ("" when there is one).
     *
     * @return the reason, or ""
     * @deprecated an empty string is no answer: use {@link #whyUnavailable()}; this accessor goes in the next release.
     */
    @Deprecated(since = "0.2.0", forRemoval = true)
    @Override
    public String unavailable() {
        return unavailable;
    }

    /** The call's kernel time over its event time; NaN without an event time. */
    public double kernelShare() {
        return kernelMillis / eventMillis;
    }

    /** What launches and the gaps between kernels took of the event time: 1 - kernel share. */
    public double launchAndGapShare() {
        return 1.0 - kernelShare();
    }
}
