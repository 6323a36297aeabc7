package dev.sns.model;

import dev.sns.stats.Interval;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What one call of a benchmark launches, from its kernel pass (CUPTI's kernel records, never taken
 * while samples are): one row per kernel (name, grid and block), how often a call launches it, its
 * median duration (Nsight Compute's {@code gpu__time_duration.sum} from CUPTI's range profiler where it
 * ran, else the records' own span: each row says which) with an interval and its share of the call's
 * event time; the call's kernel time
 * (the sum of its kernels) with an interval, against the event time of the benchmark's samples. The
 * rest of the event time is launches and gaps.
 *
 * <p>Times in milliseconds per call, like every result. Built by {@code dev.sns.analysis}.
 *
 * @param rows the kernels, in the order a call first launches them; empty when unavailable
 * @param calls how many calls were recorded (option {@code kernelCalls}); 0 when unavailable
 * @param kernelMillis the median over calls of a call's kernel time (the sum of its kernels'
 *     durations), in milliseconds per call; NaN when unavailable
 * @param kernelIntervalMillis its interval, in milliseconds per call (a point when only one call was
 *     recorded); null when unavailable
 * @param eventMillis the benchmark's median event time per call, in milliseconds (NaN when not known)
 * @param netEventMillis the event time net of the launch overhead, in milliseconds per call (NaN when
 *     the overhead was not measured)
 * @param unattributed records that fell outside every recorded call
 * @param dropped records the recorder dropped (its buffers full); a table with drops is incomplete
 * @param unavailable why there is no table (empty when there is one); use {@link #whyUnavailable()}
 * @param durationNote why kernels' durations are the records' own although a profiler was there to
 *     read Nsight Compute's metric (it refused, or the profiled calls launched other kernels); empty
 *     when every kernel row has the profiler's duration, or there was no profiler
 */
public record KernelBreakdown(List<Row> rows, int calls, double kernelMillis, Interval kernelIntervalMillis,
                              double eventMillis, double netEventMillis, int unattributed, long dropped,
                              String unavailable, String durationNote) {
    /**
     * One kernel of a call.
     *
     * @param name the kernel's name, demangled where it was mangled
     * @param symbol the name as recorded (the mangled symbol)
     * @param grid blocks per grid, "x" or "x,y,z"
     * @param block threads per block, "x" or "x,y,z"
     * @param countPerCall launches per call (records over calls), positive
     * @param medianMillis median duration of one launch, in milliseconds, from the profiler's metric
     *     or the recorder's timestamps ({@code durationSource}), never the events'
     * @param intervalMillis its interval, in milliseconds, calls resampled (then launches within them)
     * @param shareOfCall count per call x median duration over the event time per call, a fraction
     *     (NaN without an event time)
     * @param durationSource where the duration came from: the profiler's metric
     *     ({@value #PROFILER_METRIC}, Nsight Compute's kernel duration) or {@value #ACTIVITY} (the kernel
     *     records' own start and end: memsets, copies, and kernels where the profiler could not run)
     */
    public record Row(String name, String symbol, String grid, String block, double countPerCall, double medianMillis,
                      Interval intervalMillis, double shareOfCall, String durationSource) {
        /** {@link #durationSource()} of a duration from the kernel records' own timestamps. */
        @API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
        public static final String ACTIVITY = "activity";
        /** {@link #durationSource()} of a duration from the range profiler: Nsight Compute's metric. */
        @API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
        public static final String PROFILER_METRIC = "gpu__time_duration.sum";

        /**
         * Checks the row.
         *
         * @param name the kernel's name, demangled where it was mangled
         * @param symbol the name as recorded (the mangled symbol)
         * @param grid blocks per grid, "x" or "x,y,z"
         * @param block threads per block, "x" or "x,y,z"
         * @param countPerCall launches per call (records over calls), positive
         * @param medianMillis median duration of one launch, in milliseconds, from the recorder's
         *     timestamps (not the events')
         * @param intervalMillis its interval, in milliseconds, calls resampled (then launches within them)
         * @param shareOfCall count per call x median duration over the event time per call, a fraction
         *     (NaN without an event time)
         * @param durationSource where the duration came from: {@value #PROFILER_METRIC} or {@value #ACTIVITY}
         * @throws NullPointerException if {@code name}, {@code intervalMillis} or {@code durationSource} is null
         * @throws IllegalArgumentException if the count per call is not positive or the median is negative
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Row {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(intervalMillis, "interval");
            Objects.requireNonNull(durationSource, "durationSource");
            if (!(countPerCall > 0) || !(medianMillis >= 0)) {
                throw new IllegalArgumentException("kernel '" + name + "': count per call must be positive and the median "
                        + "non-negative, got " + countPerCall + " and " + medianMillis + " ms");
            }
        }

        /**
         * A row whose duration came from the kernel records ({@value #ACTIVITY}).
         *
         * @param name the kernel's name, demangled where it was mangled
         * @param symbol the name as recorded (the mangled symbol)
         * @param grid blocks per grid, "x" or "x,y,z"
         * @param block threads per block, "x" or "x,y,z"
         * @param countPerCall launches per call (records over calls), positive
         * @param medianMillis median duration of one launch, in milliseconds, from the records' timestamps
         * @param intervalMillis its interval, in milliseconds, calls resampled (then launches within them)
         * @param shareOfCall count per call x median duration over the event time per call, a fraction
         *     (NaN without an event time)
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Row(String name, String symbol, String grid, String block, double countPerCall, double medianMillis,
                   Interval intervalMillis, double shareOfCall) {
            this(name, symbol, grid, block, countPerCall, medianMillis, intervalMillis, shareOfCall, ACTIVITY);
        }

        /** {@return this kernel's time per call, in milliseconds} Count per call x median duration. */
        public double millisPerCall() {
            return countPerCall * medianMillis;
        }
    }

    /**
     * Checks that a table has its rows and interval, or says why it is unavailable.
     *
     * @param rows the kernels, in the order a call first launches them; empty when unavailable
     * @param calls how many calls were recorded (option {@code kernelCalls}); 0 when unavailable
     * @param kernelMillis the median over calls of a call's kernel time (the sum of its kernels'
     *     durations), in milliseconds per call; NaN when unavailable
     * @param kernelIntervalMillis its interval, in milliseconds per call (a point when only one call was
     *     recorded); null when unavailable
     * @param eventMillis the benchmark's median event time per call, in milliseconds (NaN when not known)
     * @param netEventMillis the event time net of the launch overhead, in milliseconds per call (NaN when
     *     the overhead was not measured)
     * @param unattributed records that fell outside every recorded call
     * @param dropped records the recorder dropped (its buffers full); a table with drops is incomplete
     * @param unavailable why there is no table (empty when there is one); use {@link #whyUnavailable()}
     * @param durationNote why kernels' durations are the records' own although a profiler was there
     *     (empty when not)
     * @throws NullPointerException if {@code unavailable} or {@code durationNote} is null
     * @throws IllegalArgumentException if there is no reason and no kernel or no interval
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public KernelBreakdown {
        rows = List.copyOf(rows);
        Objects.requireNonNull(unavailable, "unavailable");
        Objects.requireNonNull(durationNote, "durationNote");
        if (unavailable.isEmpty() && (rows.isEmpty() || kernelIntervalMillis == null)) {
            throw new IllegalArgumentException("a kernel table needs at least one kernel and the kernel time's interval; "
                    + "say why it is unavailable instead");
        }
    }

    /**
     * A table without a profiler's note.
     *
     * @param rows the kernels, in the order a call first launches them; empty when unavailable
     * @param calls how many calls were recorded (option {@code kernelCalls}); 0 when unavailable
     * @param kernelMillis the median over calls of a call's kernel time, in milliseconds per call; NaN
     *     when unavailable
     * @param kernelIntervalMillis its interval, in milliseconds per call; null when unavailable
     * @param eventMillis the benchmark's median event time per call, in milliseconds (NaN when not known)
     * @param netEventMillis the event time net of the launch overhead, in milliseconds per call (NaN when
     *     the overhead was not measured)
     * @param unattributed records that fell outside every recorded call
     * @param dropped records the recorder dropped (its buffers full)
     * @param unavailable why there is no table (empty when there is one)
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public KernelBreakdown(List<Row> rows, int calls, double kernelMillis, Interval kernelIntervalMillis,
                           double eventMillis, double netEventMillis, int unattributed, long dropped, String unavailable) {
        this(rows, calls, kernelMillis, kernelIntervalMillis, eventMillis, netEventMillis, unattributed, dropped,
                unavailable, "");
    }

    /**
     * No table, and why.
     *
     * @param reason why (no CUPTI, not permitted, no kernel seen), not empty
     * @return a breakdown with no rows, NaN times and that reason
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static KernelBreakdown unavailable(String reason) {
        return new KernelBreakdown(List.of(), 0, Double.NaN, null, Double.NaN, Double.NaN, 0, 0, reason, "");
    }

    /** {@return whether there is a kernel table} When false, {@link #whyUnavailable()} says why. */
    public boolean available() {
        return unavailable.isEmpty();
    }

    /**
     * Why there is no kernel table.
     *
     * @return the reason (no CUPTI, not permitted, no kernel seen), or empty when there is a table
     */
    public Optional<String> whyUnavailable() {
        return Unavailable.reason(unavailable);
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

    /**
     * {@return the call's kernel time over its event time} A fraction: {@link #kernelMillis()} over
     * {@link #eventMillis()}. NaN without an event time or without a table.
     */
    public double kernelShare() {
        return kernelMillis / eventMillis;
    }

    /**
     * {@return what launches and the gaps between kernels took of the event time} A fraction:
     * 1 - {@link #kernelShare()}; NaN where that is.
     */
    public double launchAndGapShare() {
        return 1.0 - kernelShare();
    }
}
