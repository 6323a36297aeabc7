package dev.sns.gpu.cuda;

import static dev.sns.gpu.cuda.CudaException.check;

import dev.sns.timing.GpuStream;
import java.lang.reflect.Method;
import jcuda.NativePointerObject;
import jcuda.driver.CUstream;
import jcuda.driver.JCudaDriver;

/**
 * A CUDA stream as a {@link GpuStream}. {@code unwrap(CUstream.class)} gives JCuda's handle for
 * launching work. Streams sns creates are blocking streams (flags 0), so they order with the
 * legacy default stream.
 */
public final class CudaStream implements GpuStream, AutoCloseable {
    private final CudaContext context;
    private final CUstream stream;
    private final boolean owned;

    private CudaStream(CudaContext context, CUstream stream, boolean owned) {
        this.context = context;
        this.stream = stream;
        this.owned = owned;
    }

    static CudaStream create(CudaContext context) {
        CUstream s = new CUstream();
        check(JCudaDriver.cuStreamCreate(s, 0), "cuStreamCreate", "flags=0, device=" + context.index());
        return new CudaStream(context, s, true);
    }

    /**
     * The legacy default stream (stream 0), which orders with every blocking stream of the context.
     *
     * @param context the context whose default stream it is
     * @return the stream; closing it does nothing (sns did not create it)
     */
    public static CudaStream legacy(CudaContext context) {
        return new CudaStream(context, new CUstream(), false);
    }

    /** {@return JCuda's handle of the stream} For launching work and library calls. */
    public CUstream cu() {
        return stream;
    }

    /** {@return the context of the stream's device} */
    public CudaContext context() {
        return context;
    }

    /**
     * Waits for all work queued on this stream. Never inside a {@code Workload}: sns decides when to wait.
     *
     * @throws CudaException if the driver reports an error of the work
     */
    public void synchronize() {
        check(JCudaDriver.cuStreamSynchronize(stream), "cuStreamSynchronize", toString());
    }

    @Override
    public long handle() {
        return nativePointer(stream);
    }

    @Override
    public int deviceIndex() {
        return context.index();
    }

    @Override
    public boolean isHost() {
        return false;
    }

    @Override
    public <T> T unwrap(Class<T> type) {
        if (type.isInstance(stream)) {
            return type.cast(stream);
        }
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        if (type.isInstance(context)) {
            return type.cast(context);
        }
        throw new IllegalArgumentException("a CUDA stream unwraps to jcuda.driver.CUstream, CudaStream or CudaContext, "
                + "not " + type.getName());
    }

    @Override
    public void close() {
        if (owned) {
            check(JCudaDriver.cuStreamDestroy(stream), "cuStreamDestroy", toString());
        }
    }

    @Override
    public String toString() {
        return "stream 0x" + Long.toHexString(handle()) + " on device " + context.index();
    }

    /** JCuda keeps the address protected; read it once for messages and reports. */
    static long nativePointer(NativePointerObject p) {
        try {
            Method m = NativePointerObject.class.getDeclaredMethod("getNativePointer");
            m.setAccessible(true);
            return (Long) m.invoke(p);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return 0L;
        }
    }
}
