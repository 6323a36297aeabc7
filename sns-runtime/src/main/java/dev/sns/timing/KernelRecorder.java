package dev.sns.timing;

import java.util.List;

/**
 * Records every kernel the GPU runs while it is on, on the GPU's own clock (NVIDIA: CUPTI's kernel
 * activity records, {@code dev.sns.gpu.cupti}). A GPU backend opens one; the test-jar's
 * {@code FakeKernelRecorder} scripts its records. Recording costs time on every launch, so it is
 * never on while samples are taken: {@link KernelPass} runs it in a pass of its own.
 *
 * <p>One recorder is on at a time in a process (CUPTI's activity buffers are global).
 */
public interface KernelRecorder extends AutoCloseable {
    /** Empty when records can be taken; else why not, in one line with the fix. */
    default String unavailableReason() {
        return "";
    }

    /** Starts recording kernels (all streams of the device). */
    void start();

    /** Now, on the clock of the records' timestamps, in nanoseconds. */
    long timestampNanos();

    /**
     * Stops recording and returns every kernel that ran since {@link #start()} (after the caller
     * waited for the work to finish), in the order the recorder delivered them.
     */
    List<KernelRecord> stop();

    /**
     * The metric {@link #profileDurations} reads, the profiler's own kernel duration (NVIDIA: the
     * range profiler's {@code gpu__time_duration.sum}, what Nsight Compute reports); empty when this
     * recorder has no profiler, and the kernel table's durations are the records' own spans.
     */
    default String durationMetric() {
        return "";
    }

    /** The most kernels one {@link #profileDurations} run may launch; 0 without a profiler. */
    default int maxProfiledKernels() {
        return 0;
    }

    /**
     * Runs {@code work} once under the profiler, one range per kernel, and returns each kernel's
     * {@link #durationMetric()} in nanoseconds, in launch order (memsets and copies have none). Like
     * the records, never while samples are taken: profiling serializes the kernels. Recording is off.
     *
     * @param work launches at most {@code maxKernels} kernels and waits for them
     * @param maxKernels the most kernels {@code work} launches, at most {@link #maxProfiledKernels()}
     * @return the durations, in nanoseconds, in launch order
     * @throws Exception when there is no profiler, it refuses, or the work fails; the message says why
     */
    default double[] profileDurations(Body work, int maxKernels) throws Exception {
        throw new UnsupportedOperationException("this kernel recorder has no profiler");
    }

    /** Records the recorder had to drop since {@link #start()} (full buffers), 0 when none. */
    default long droppedRecords() {
        return 0;
    }

    @Override
    default void close() {}

    /** A recorder that cannot record, saying why whenever it is asked. */
    static KernelRecorder unavailable(String reason) {
        return new KernelRecorder() {
            @Override
            public String unavailableReason() {
                return reason;
            }

            @Override
            public void start() {
                throw new IllegalStateException("no kernel records: " + reason);
            }

            @Override
            public long timestampNanos() {
                throw new IllegalStateException("no kernel records: " + reason);
            }

            @Override
            public List<KernelRecord> stop() {
                throw new IllegalStateException("no kernel records: " + reason);
            }
        };
    }
}
