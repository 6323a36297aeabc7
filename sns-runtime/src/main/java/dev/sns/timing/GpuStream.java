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

    /** The native stream handle (a CUstream address); 0 for the legacy default stream or the host. */
    long handle();

    /** Index of the device the stream belongs to; -1 for the host. */
    int deviceIndex();

    /** Whether this is the host pseudo-stream of the wall-clock timer. */
    boolean isHost();

    /**
     * The stream as a type of a GPU library, e.g. {@code jcuda.driver.CUstream}, so that sns's own
     * interfaces never import one.
     */
    <T> T unwrap(Class<T> type);
}
