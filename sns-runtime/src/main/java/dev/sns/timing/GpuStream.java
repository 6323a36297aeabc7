package dev.sns.timing;

import org.apiguardian.api.API;

/**
 * Where the timed work is launched. Timing events are recorded on this stream, so work launched on
 * it (or on the legacy default stream, which orders with every blocking stream) lies between them.
 */
@API(status = API.Status.STABLE, since = "0.2.0")
public interface GpuStream {
    /** The host "stream" of the wall-clock timer: work runs on the calling thread. */
    GpuStream HOST = new GpuStream() {
        @Override
        public long handle() {
            return 0L;
        }

        @Override
        public int deviceIndex() {
            return -1;
        }

        @Override
        public boolean isHost() {
            return true;
        }

        @Override
        public <T> T unwrap(Class<T> type) {
            throw new UnsupportedOperationException("the wall-clock timer has no GPU stream to unwrap as "
                    + type.getName() + "; run on a GPU host, or use timer=cuda to fail early instead");
        }

        @Override
        public String toString() {
            return "host";
        }
    };

    /** {@return the native stream handle (a CUstream address)} 0 for the legacy default stream or the host. */
    long handle();

    /** {@return the CUDA index of the device the stream belongs to} -1 for the host. */
    int deviceIndex();

    /** {@return whether this is the host pseudo-stream of the wall-clock timer} Work given it runs on the calling thread. */
    boolean isHost();

    /**
     * The stream as a type of a GPU library, so that sns's own interfaces never import one. Take it at
     * each call of the work, not once: the windows of a call run on streams in turn.
     *
     * @param type what to unwrap to: for a CUDA stream {@code jcuda.driver.CUstream},
     *     {@code dev.sns.gpu.cuda.CudaStream} or {@code dev.sns.gpu.cuda.CudaContext}
     * @param <T> the type asked for
     * @return the stream (or its context) as that type
     * @throws IllegalArgumentException if the stream cannot be that type, naming the types it can be
     * @throws UnsupportedOperationException on the host pseudo-stream, which has no GPU stream
     */
    <T> T unwrap(Class<T> type);
}
