package dev.sns.timing;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The kernels each recorded call of a workload launched, in start order: what {@link KernelPass}
 * took. Records that fell outside every call (another thread's work, say) are counted, not kept.
 *
 * @param calls per call, its kernels in the order they started
 * @param unattributed records that started outside every call's window
 * @param dropped records the recorder had to drop (full buffers)
 * @param unavailable why there are no records (empty when there are)
 * @param profiled per call, the profiler's duration of each of its records in nanoseconds (NaN for a
 *     memset or copy, which the profiler does not time); empty for a call that was not profiled, and
 *     an empty list when none was
 * @param durationMetric the profiler's metric behind {@code profiled} ({@code gpu__time_duration.sum});
 *     empty when nothing was profiled
 * @param profilerNote why nothing was profiled, when the recorder has a profiler; else empty
 */
public record KernelTrace(List<List<KernelRecord>> calls, int unattributed, long dropped, String unavailable,
                          List<double[]> profiled, String durationMetric, String profilerNote) implements Serializable {
    public KernelTrace {
        List<List<KernelRecord>> copy = new ArrayList<>();
        for (List<KernelRecord> c : calls) {
            copy.add(List.copyOf(c));
        }
        calls = List.copyOf(copy);
        Objects.requireNonNull(unavailable, "unavailable");
        Objects.requireNonNull(durationMetric, "durationMetric");
        Objects.requireNonNull(profilerNote, "profilerNote");
        if (unattributed < 0 || dropped < 0) {
            throw new IllegalArgumentException("counts must be non-negative, got " + unattributed + " unattributed and "
                    + dropped + " dropped");
        }
        List<double[]> p = new ArrayList<>();
        for (double[] d : profiled) {
            p.add(d.clone());
        }
        profiled = List.copyOf(p);
        if (!profiled.isEmpty() && profiled.size() != calls.size()) {
            throw new IllegalArgumentException(profiled.size() + " profiled calls for " + calls.size() + " recorded");
        }
        for (int i = 0; i < profiled.size(); i++) {
            if (profiled.get(i).length != 0 && profiled.get(i).length != calls.get(i).size()) {
                throw new IllegalArgumentException("call " + i + ": " + profiled.get(i).length + " profiled durations for "
                        + calls.get(i).size() + " records");
            }
        }
    }

    /** Records only, nothing profiled. */
    public KernelTrace(List<List<KernelRecord>> calls, int unattributed, long dropped, String unavailable) {
        this(calls, unattributed, dropped, unavailable, List.of(), "", "");
    }

    /** Whether a record is a kernel's (a memset or copy has no grid): what a profiler times. */
    public static boolean isKernel(KernelRecord r) {
        return r.grid()[0] != 0;
    }

    /** The most kernels (not memsets or copies) one recorded call launched. */
    public int maxKernelsPerCall() {
        int most = 0;
        for (List<KernelRecord> c : calls) {
            most = Math.max(most, (int) c.stream().filter(KernelTrace::isKernel).count());
        }
        return most;
    }

    /** This trace, saying why its durations are the records' own although the recorder has a profiler. */
    public KernelTrace withProfilerNote(String note) {
        return new KernelTrace(calls, unattributed, dropped, unavailable, List.of(), "", note);
    }

    /**
     * This trace with the profiler's durations of the first {@code profiledCalls} calls ({@code nanos},
     * in launch order, one per kernel record, memsets and copies skipped); where their number does not
     * match those calls' kernels (the profiled run launched other kernels), nothing is attached and the
     * note says so.
     */
    public KernelTrace profiled(String metric, double[] nanos, int profiledCalls) {
        if (profiledCalls < 1 || profiledCalls > calls.size()) {
            throw new IllegalArgumentException("profiled calls must be between 1 and " + calls.size() + ", got "
                    + profiledCalls);
        }
        int expected = 0;
        for (int i = 0; i < profiledCalls; i++) {
            expected += (int) calls.get(i).stream().filter(KernelTrace::isKernel).count();
        }
        if (nanos.length != expected) {
            return withProfilerNote(metric + ": the " + profiledCalls + " profiled call(s) launched " + nanos.length
                    + " kernel(s), the recorded ones " + expected);
        }
        List<double[]> out = new ArrayList<>();
        int next = 0;
        for (int i = 0; i < calls.size(); i++) {
            if (i >= profiledCalls) {
                out.add(new double[0]);
                continue;
            }
            List<KernelRecord> c = calls.get(i);
            double[] d = new double[c.size()];
            for (int j = 0; j < d.length; j++) {
                d[j] = isKernel(c.get(j)) ? nanos[next++] : Double.NaN;
            }
            out.add(d);
        }
        return new KernelTrace(calls, unattributed, dropped, unavailable, out, metric, "");
    }

    /** No records, and why. */
    public static KernelTrace unavailable(String reason) {
        return new KernelTrace(List.of(), 0, 0, reason);
    }

    /** The number of calls recorded. */
    public int callCount() {
        return calls.size();
    }

    public boolean available() {
        return unavailable.isEmpty();
    }

    /**
     * The records of each call: a record belongs to the call whose window [from, to) (the recorder's
     * clock before the call was launched and after it finished) holds its start. Where no record fits
     * any window although there are records (a recorder whose timestamps are not on the records'
     * clock), records are dealt out in start order, an equal number per call, when they divide evenly.
     */
    public static KernelTrace attribute(List<KernelRecord> records, long[] fromNanos, long[] toNanos, long dropped) {
        if (fromNanos.length != toNanos.length) {
            throw new IllegalArgumentException(fromNanos.length + " call starts but " + toNanos.length + " call ends");
        }
        int n = fromNanos.length;
        List<KernelRecord> sorted = new ArrayList<>(records);
        sorted.sort(Comparator.comparingLong(KernelRecord::startNanos));
        List<List<KernelRecord>> calls = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            calls.add(new ArrayList<>());
        }
        int placed = 0;
        for (KernelRecord r : sorted) {
            int call = callOf(r.startNanos(), fromNanos, toNanos);
            if (call >= 0) {
                calls.get(call).add(r);
                placed++;
            }
        }
        if (placed == 0 && !sorted.isEmpty() && n > 0 && sorted.size() % n == 0) {
            int per = sorted.size() / n;
            for (int i = 0; i < n; i++) {
                calls.get(i).addAll(sorted.subList(i * per, (i + 1) * per));
            }
            placed = sorted.size();
        }
        return new KernelTrace(calls, sorted.size() - placed, dropped, "");
    }

    /** The call whose window holds {@code t}, or -1 (windows are in time order and do not overlap). */
    private static int callOf(long t, long[] from, long[] to) {
        int lo = 0;
        int hi = from.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (t < from[mid]) {
                hi = mid - 1;
            } else if (t >= to[mid] && to[mid] > from[mid]) {
                lo = mid + 1;
            } else {
                return mid;
            }
        }
        return -1;
    }
}
