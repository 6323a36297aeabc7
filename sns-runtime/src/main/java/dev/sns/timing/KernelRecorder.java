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
