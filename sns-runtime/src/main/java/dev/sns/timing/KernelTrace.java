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
 */
public record KernelTrace(List<List<KernelRecord>> calls, int unattributed, long dropped, String unavailable)
        implements Serializable {
    public KernelTrace {
        List<List<KernelRecord>> copy = new ArrayList<>();
        for (List<KernelRecord> c : calls) {
            copy.add(List.copyOf(c));
        }
        calls = List.copyOf(copy);
        Objects.requireNonNull(unavailable, "unavailable");
        if (unattributed < 0 || dropped < 0) {
            throw new IllegalArgumentException("counts must be non-negative, got " + unattributed + " unattributed and "
                    + dropped + " dropped");
        }
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
