package dev.sns.gpu.cuda;

import static dev.sns.gpu.cuda.CudaException.check;

import dev.sns.gpu.GpuDevice;
import dev.sns.timing.GpuStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.JCudaDriver;

/**
 * A device's primary context, retained once per JVM and shared (the same context the CUDA runtime
 * and libraries such as cuBLAS use), so buffers and modules from any of them mix.
 */
public final class CudaContext {
    private static final Map<Integer, CudaContext> PRIMARY = new ConcurrentHashMap<>();
    private static volatile boolean initialised;

    private final int index;
    private final CUdevice device;
    private final CUcontext context;

    private CudaContext(int index) {
        init();
        this.index = index;
        this.device = new CUdevice();
        check(JCudaDriver.cuDeviceGet(device, index), "cuDeviceGet", "ordinal=" + index);
        this.context = new CUcontext();
        check(JCudaDriver.cuDevicePrimaryCtxRetain(context, device), "cuDevicePrimaryCtxRetain", "device=" + index);
    }

    /** Initialises the driver API once (loads JCuda's native library: a LinkageError without a driver). */
    static void init() {
        if (!initialised) {
            synchronized (CudaContext.class) {
                if (!initialised) {
                    JCudaDriver.setExceptionsEnabled(false);
                    check(JCudaDriver.cuInit(0), "cuInit", "flags=0");
                    initialised = true;
                }
            }
        }
    }

    /**
     * The primary context of a device, current on the calling thread.
     *
     * @param index the device's CUDA index (after {@code CUDA_VISIBLE_DEVICES})
     * @return its primary context, retained on first use and shared for the life of the JVM
     * @throws CudaException if the driver refuses (no such device, say), with the call and a hint
     */
    public static CudaContext primary(int index) {
        CudaContext c = PRIMARY.computeIfAbsent(index, CudaContext::new);
        c.makeCurrent();
        return c;
    }

    /**
     * The context of the device {@code stream} belongs to, current on the calling thread: how a
     * benchmark given a stream (by {@code GpuBlackhole.stream()} or a {@code Workload}) reaches
     * CUDA to allocate memory and load modules.
     *
     * @param stream a stream sns gave the work
     * @return the context of its device, now current on this thread
     * @throws IllegalStateException if the stream is the wall-clock timer's host stream, which has no
     *     CUDA context
     */
    public static CudaContext of(GpuStream stream) {
        if (stream.isHost()) {
            throw new IllegalStateException("this work runs on the wall-clock timer's host stream, which has no CUDA "
                    + "context: run on a GPU host (timer=auto or timer=cuda)");
        }
        CudaContext c = stream.unwrap(CudaContext.class);
        c.makeCurrent();
        return c;
    }

    /**
     * Makes this context current on the calling thread (JCuda calls need one).
     *
     * @throws CudaException if the driver refuses
     */
    public void makeCurrent() {
        check(JCudaDriver.cuCtxSetCurrent(context), "cuCtxSetCurrent", "device=" + index);
    }

    /** {@return the device's CUDA index} */
    public int index() {
        return index;
    }

    CUdevice device() {
        return device;
    }

    /**
     * Creates a stream on this device: a blocking stream, so it orders with the legacy default stream.
     *
     * @return the new stream; close it to destroy it
     * @throws CudaException if the driver refuses
     */
    public CudaStream createStream() {
        makeCurrent();
        return CudaStream.create(this);
    }

    /**
     * Allocates device memory. Allocate outside the timed work: a {@code Workload} must not.
     *
     * @param bytes the size, positive
     * @return the buffer; close it to free it
     * @throws IllegalArgumentException if {@code bytes} is not positive
     * @throws CudaException if the driver refuses (out of memory, say), with a hint
     */
    public DeviceBuffer allocate(long bytes) {
        makeCurrent();
        return DeviceBuffer.allocate(this, bytes);
    }

    /**
     * Waits for all work on this device.
     *
     * @throws CudaException if the driver reports an error of the work (a failed kernel, say)
     */
    public void synchronize() {
        makeCurrent();
        check(JCudaDriver.cuCtxSynchronize(), "cuCtxSynchronize", "device=" + index);
    }

    /** {@return the device's description} Name, UUID, PCI bus id, compute capability, memory, SMs, L2. */
    public GpuDevice describe() {
        return CudaProbe.describe(index, device);
    }

    static int attribute(CUdevice device, int attribute, String name) {
        int[] v = new int[1];
        check(JCudaDriver.cuDeviceGetAttribute(v, attribute, device), "cuDeviceGetAttribute", name);
        return v[0];
    }

    /** {@return the device's L2 cache size, in bytes} What a flush or a {@code Rotating} ring must exceed. */
    public long l2Bytes() {
        return attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, "L2_CACHE_SIZE");
    }
}
