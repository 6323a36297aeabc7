package dev.sns.timing;

import java.util.List;

/**
 * The kernel pass: a workload's calls with a {@link KernelRecorder} on, apart from the timed
 * samples (recording adds to every launch, so it never runs while samples are taken). Each call
 * runs alone: the recorder's clock is read, the call launched, the timer's device synchronized and
 * the clock read again, so that each kernel record falls in the window of the call that launched it.
 * Nothing is computed here; {@code dev.sns.analysis} turns the trace into a kernel table.
 */
public final class KernelPass {
    /** Calls of the work before recording, so that the first recorded call is not a cold one. */
    static final int WARMUP_CALLS = 3;

    private KernelPass() {}

    /**
     * Records {@code calls} calls of {@code call}; a recorder that cannot record (or refuses to start:
     * no permission, say) gives a trace that says why. The recorder is switched off whatever happens.
     */
    public static KernelTrace run(Timer timer, Body call, KernelRecorder recorder, int calls) throws Exception {
        if (calls < 1) {
            throw new IllegalArgumentException("a kernel pass needs at least 1 call, got " + calls);
        }
        if (!recorder.unavailableReason().isEmpty()) {
            return KernelTrace.unavailable(recorder.unavailableReason());
        }
        for (int i = 0; i < WARMUP_CALLS; i++) {
            call.run();
        }
        timer.synchronize();
        long[] from = new long[calls];
        long[] to = new long[calls];
        try {
            recorder.start();
        } catch (RuntimeException e) {
            return KernelTrace.unavailable(String.valueOf(e.getMessage()));
        }
        List<KernelRecord> records;
        try {
            for (int i = 0; i < calls; i++) {
                from[i] = recorder.timestampNanos();
                call.run();
                timer.synchronize();
                to[i] = recorder.timestampNanos();
            }
        } finally {
            records = recorder.stop();
        }
        return profile(timer, call, recorder, KernelTrace.attribute(records, from, to, recorder.droppedRecords()));
    }

    /**
     * Where the recorder has a profiler, the recorded calls' kernels timed again by its own metric (ncu's
     * {@code gpu__time_duration.sum}): as many calls as the profiler takes kernels, each call alone and
     * synchronized, recording off. A profiler that refuses leaves the records' own durations, and the
     * trace says why.
     */
    static KernelTrace profile(Timer timer, Body call, KernelRecorder recorder, KernelTrace trace) {
        String metric = recorder.durationMetric();
        int perCall = trace.maxKernelsPerCall();
        if (metric.isEmpty() || !trace.available() || perCall == 0) {
            return trace;
        }
        int calls = Math.min(trace.callCount(), recorder.maxProfiledKernels() / perCall);
        if (calls < 1) {
            return trace.withProfilerNote(metric + ": a call launches " + perCall + " kernels, more than the profiler's "
                    + recorder.maxProfiledKernels());
        }
        try {
            double[] nanos = recorder.profileDurations(() -> {
                for (int i = 0; i < calls; i++) {
                    call.run();
                    timer.synchronize();
                }
            }, calls * perCall);
            return trace.profiled(metric, nanos, calls);
        } catch (Exception e) {
            return trace.withProfilerNote(metric + " unavailable: " + e.getMessage());
        }
    }
}
