package dev.sns.fakes;

import dev.sns.timing.KernelRecord;
import dev.sns.timing.KernelRecorder;
import java.util.ArrayList;
import java.util.List;

/**
 * A kernel recorder on a {@link FakeTimer}'s clock, behind the same seam as CUPTI's: while it is on,
 * every piece of work that moves the fake clock ({@link FakeTimer#advance}, {@link FakeGpu#spin})
 * leaves one record named as the work names itself ({@link FakeTimer#kernel}, else "fake_kernel"),
 * starting and ending exactly where the fake clock says. Known answers all the way down: a fake
 * kernel of 10 us gives a record of 10 us. {@link #scripted} hands out fixed records instead.
 */
public final class FakeKernelRecorder implements KernelRecorder {
    private final FakeTimer timer;
    private final List<KernelRecord> scripted;
    private final List<KernelRecord> records = new ArrayList<>();
    private boolean on;
    private int starts;

    /** Records the work of {@code timer}. */
    public FakeKernelRecorder(FakeTimer timer) {
        this.timer = timer;
        this.scripted = null;
    }

    private FakeKernelRecorder(FakeTimer timer, List<KernelRecord> scripted) {
        this.timer = timer;
        this.scripted = List.copyOf(scripted);
    }

    /** A recorder whose {@link #stop()} returns {@code records} whatever ran; its clock is {@code timer}'s. */
    public static FakeKernelRecorder scripted(FakeTimer timer, List<KernelRecord> records) {
        return new FakeKernelRecorder(timer, records);
    }

    private long profilerOffsetNanos;
    private boolean profiler;
    private String profilerRefusal = "";
    private int extraProfiledKernels;
    private boolean profiling;
    private final List<KernelRecord> profiledRecords = new ArrayList<>();

    /**
     * Gives this recorder a profiler, like CUPTI's range profiler: each kernel's
     * {@code gpu__time_duration.sum} is its record's span plus {@code offsetNanos} (on the H200 ncu
     * reads kernels 604-608 ns longer than the activity records with its cache control off). Memsets and
     * copies, which the fake does not make, would get none. Returns this recorder.
     */
    public FakeKernelRecorder withProfiler(long offsetNanos) {
        this.profiler = true;
        this.profilerOffsetNanos = offsetNanos;
        return this;
    }

    /** Gives this recorder a profiler that refuses with {@code why} (no permission, say). Returns this recorder. */
    public FakeKernelRecorder withRefusingProfiler(String why) {
        this.profiler = true;
        this.profilerRefusal = why;
        return this;
    }

    /**
     * Makes the profiler report {@code n} kernels more than the profiled work launched (as if the
     * profiled calls had launched other kernels than the recorded ones). Returns this recorder.
     */
    public FakeKernelRecorder withExtraProfiledKernels(int n) {
        this.extraProfiledKernels = n;
        return this;
    }

    @Override
    public String durationMetric() {
        return profiler ? "gpu__time_duration.sum" : "";
    }

    @Override
    public int maxProfiledKernels() {
        return profiler ? 4096 : 0;
    }

    @Override
    public double[] profileDurations(dev.sns.timing.Body work, int maxKernels) throws Exception {
        if (!profiler) {
            return KernelRecorder.super.profileDurations(work, maxKernels);
        }
        if (!profilerRefusal.isEmpty()) {
            throw new IllegalStateException(profilerRefusal);
        }
        if (on) {
            throw new IllegalStateException("the profiler runs with recording off");
        }
        profiledRecords.clear();
        profiling = true;
        timer.mark("profile-on");
        timer.listen(this);
        try {
            work.run();
        } finally {
            profiling = false;
            timer.listen(null);
            timer.mark("profile-off");
        }
        if (profiledRecords.size() > maxKernels) {
            throw new IllegalStateException("the range profiler dropped " + (profiledRecords.size() - maxKernels)
                    + " kernels");
        }
        double[] out = new double[profiledRecords.size() + extraProfiledKernels];
        for (int i = 0; i < out.length; i++) {
            out[i] = i < profiledRecords.size() ? profiledRecords.get(i).durationNanos() + profilerOffsetNanos : 1.0;
        }
        return out;
    }

    /** Called by the fake timer for each piece of work: a record when the recorder is on. */
    void ran(String name, long start, long end) {
        if (on) {
            records.add(KernelRecord.of(name, start, end, 1, 1));
        } else if (profiling) {
            profiledRecords.add(KernelRecord.of(name, start, end, 1, 1));
        }
    }

    @Override
    public void start() {
        if (on) {
            throw new IllegalStateException("already recording");
        }
        on = true;
        starts++;
        records.clear();
        timer.mark("record-on");
        timer.listen(this);
    }

    @Override
    public long timestampNanos() {
        return timer.now();
    }

    @Override
    public List<KernelRecord> stop() {
        on = false;
        timer.mark("record-off");
        timer.listen(null);
        return scripted != null ? scripted : List.copyOf(records);
    }

    /** How often recording was started. */
    public int starts() {
        return starts;
    }

    public boolean isOn() {
        return on;
    }
}
