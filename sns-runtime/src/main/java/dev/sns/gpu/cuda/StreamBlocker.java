package dev.sns.gpu.cuda;

import static dev.sns.gpu.cuda.CudaException.check;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.JCudaDriver;

/**
 * The blocking launch: a one-thread kernel that holds the stream until the host raises a counter in
 * host-mapped memory. The sample is queued behind it, then released, so the GPU runs the events and
 * the work back to back and host launch latency stays outside the events.
 *
 * <p>If the host cannot queue the sample (a launch queue of about a thousand entries is full), the
 * kernel gives up after the timeout and flags it; {@link #checkNotTimedOut(int)} turns that into an
 * error instead of a silently wrong sample.
 */
final class StreamBlocker implements AutoCloseable {
    private static final int RELEASE_OFFSET = 0;
    private static final int TIMED_OUT_OFFSET = 8;

    private final CudaContext context;
    private final Pointer host = new Pointer();
    private final ByteBuffer mapped;
    private final CUdeviceptr device = new CUdeviceptr();
    private final Kernel kernel;
    private final long timeoutNanos;
    private final long[] target = new long[1];
    private final Kernel.KernelArgs args;
    private long sequence;

    StreamBlocker(CudaContext context, Kernel blockKernel, long timeoutNanos) {
        this.context = context;
        this.kernel = blockKernel;
        this.timeoutNanos = timeoutNanos;
        check(JCudaDriver.cuMemHostAlloc(host, 16,
                JCudaDriver.CU_MEMHOSTALLOC_DEVICEMAP | JCudaDriver.CU_MEMHOSTALLOC_PORTABLE),
                "cuMemHostAlloc", "bytes=16, DEVICEMAP|PORTABLE (blocking launch flag)");
        this.mapped = host.getByteBuffer(0, 16).order(ByteOrder.nativeOrder());
        mapped.putLong(RELEASE_OFFSET, 0L);
        mapped.putInt(TIMED_OUT_OFFSET, 0);
        check(JCudaDriver.cuMemHostGetDevicePointer(device, host, 0), "cuMemHostGetDevicePointer",
                "blocking launch flag");
        // The target argument changes per sample: the args point at this array, updated before each launch.
        this.args = Kernel.KernelArgs.of().ptr(device).ptr(device.withByteOffset(TIMED_OUT_OFFSET))
                .add(target).i64(timeoutNanos);
    }

    /** Queues the blocking kernel; the stream waits until {@link #release()}. */
    void block(CudaStream stream) {
        target[0] = ++sequence;
        kernel.launch(stream, 1, 1, args);
    }

    /** Lets the stream go. */
    void release() {
        mapped.putLong(RELEASE_OFFSET, sequence);
    }

    /** Throws if a blocking kernel gave up waiting since the last check. */
    void checkNotTimedOut(int queuedRegions) {
        if (mapped.getInt(TIMED_OUT_OFFSET) != 0) {
            mapped.putInt(TIMED_OUT_OFFSET, 0);
            throw new IllegalStateException("a blocking launch timed out after " + timeoutNanos / 1_000_000
                    + " ms: the host could not queue the sample behind it (the launch queue was probably full). "
                    + "Lower innerReps (or targetMs, for automatic ones), or use launch=plain; " + queuedRegions
                    + " samples in this batch are discarded");
        }
    }

    long timeoutNanos() {
        return timeoutNanos;
    }

    @Override
    public void close() {
        release();
        context.makeCurrent();
        check(JCudaDriver.cuMemFreeHost(host), "cuMemFreeHost", "blocking launch flag");
    }
}
