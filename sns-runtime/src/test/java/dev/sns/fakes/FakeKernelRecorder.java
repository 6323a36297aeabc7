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

    /** Called by the fake timer for each piece of work: a record when the recorder is on. */
    void ran(String name, long start, long end) {
        if (on) {
            records.add(KernelRecord.of(name, start, end, 1, 1));
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
