package dev.sns.gpu.cuda;

import static dev.sns.gpu.cuda.CudaException.check;

import jcuda.driver.JCudaDriver;

/**
 * Evicts the L2 before a sample: an asynchronous memset of a buffer at least twice the L2 on the
 * timed stream, queued before the start event so that it is never timed. Each flush writes a new
 * value, so no flush can be elided as a repeat of the last.
 */
final class L2Flush implements AutoCloseable {
    private final DeviceBuffer buffer;
    private int value;

    /** @param bytes buffer size; 0 means twice the device's L2 */
    L2Flush(CudaContext context, long bytes) {
        long size = bytes > 0 ? bytes : 2 * context.l2Bytes();
        this.buffer = context.allocate((size + 3) / 4 * 4);
    }

    long bytes() {
        return buffer.bytes();
    }

    void enqueue(CudaStream stream) {
        int code = JCudaDriver.cuMemsetD32Async(buffer.ptr(), ++value, buffer.bytes() / 4, stream.cu());
        if (code != 0) {
            check(code, "cuMemsetD32Async", "L2 flush, bytes=" + buffer.bytes());
        }
    }

    @Override
    public void close() {
        buffer.close();
    }
}
