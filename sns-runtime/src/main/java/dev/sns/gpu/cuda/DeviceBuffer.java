package dev.sns.gpu.cuda;

import static dev.sns.gpu.cuda.CudaException.check;

import dev.sns.timing.GpuStream;
import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.JCudaDriver;

/** Device memory of a fixed size, freed by {@link #close()}. */
public final class DeviceBuffer implements AutoCloseable {
    private final CudaContext context;
    private final CUdeviceptr ptr;
    private final long bytes;
    private boolean freed;

    private DeviceBuffer(CudaContext context, CUdeviceptr ptr, long bytes) {
        this.context = context;
        this.ptr = ptr;
        this.bytes = bytes;
    }

    static DeviceBuffer allocate(CudaContext context, long bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("a device buffer needs a positive size, got " + bytes + " bytes");
        }
        CUdeviceptr p = new CUdeviceptr();
        check(JCudaDriver.cuMemAlloc(p, bytes), "cuMemAlloc", "bytes=" + bytes + ", device=" + context.index());
        return new DeviceBuffer(context, p, bytes);
    }

    /** {@return JCuda's device pointer} For kernel arguments and library calls. */
    public CUdeviceptr ptr() {
        return ptr;
    }

    /**
     * The buffer's device address, for libraries bound through JNA (cuBLAS, cuFFT) that take
     * {@code void*} device pointers.
     *
     * @return the address of the buffer's first byte on its device
     */
    public long address() {
        return CudaStream.nativePointer(ptr);
    }

    /** {@return the buffer's size, in bytes} */
    public long bytes() {
        return bytes;
    }

    /**
     * Copies floats from the host, synchronously, to the start of the buffer.
     *
     * @param host the values; at most {@code bytes() / 4} of them
     * @return this buffer
     * @throws IllegalArgumentException if they do not fit
     * @throws CudaException if the copy fails
     */
    public DeviceBuffer copyFrom(float[] host) {
        checkFits((long) host.length * Sizeof.FLOAT, "copyFrom(float[" + host.length + "])");
        check(JCudaDriver.cuMemcpyHtoD(ptr, Pointer.to(host), (long) host.length * Sizeof.FLOAT), "cuMemcpyHtoD",
                "floats=" + host.length);
        return this;
    }

    /**
     * Copies floats to the host, synchronously, from the start of the buffer.
     *
     * @param host where to copy them; its length says how many, at most {@code bytes() / 4}
     * @return {@code host}, filled
     * @throws IllegalArgumentException if they do not fit
     * @throws CudaException if the copy fails
     */
    public float[] copyTo(float[] host) {
        checkFits((long) host.length * Sizeof.FLOAT, "copyTo(float[" + host.length + "])");
        check(JCudaDriver.cuMemcpyDtoH(Pointer.to(host), ptr, (long) host.length * Sizeof.FLOAT), "cuMemcpyDtoH",
                "floats=" + host.length);
        return host;
    }

    /**
     * Copies ints to the host, synchronously, from the start of the buffer.
     *
     * @param host where to copy them; its length says how many, at most {@code bytes() / 4}
     * @return {@code host}, filled
     * @throws IllegalArgumentException if they do not fit
     * @throws CudaException if the copy fails
     */
    public int[] copyTo(int[] host) {
        checkFits((long) host.length * Sizeof.INT, "copyTo(int[" + host.length + "])");
        check(JCudaDriver.cuMemcpyDtoH(Pointer.to(host), ptr, (long) host.length * Sizeof.INT), "cuMemcpyDtoH",
                "ints=" + host.length);
        return host;
    }

    /**
     * Sets every 32-bit word of the buffer, asynchronously.
     *
     * @param value the word to write
     * @param stream the stream to queue the memset on (a CUDA stream)
     * @throws IllegalStateException if the size is not a multiple of 4 bytes
     * @throws CudaException if the driver refuses
     */
    public void fill32(int value, GpuStream stream) {
        if (bytes % 4 != 0) {
            throw new IllegalStateException("fill32 needs a size divisible by 4, this buffer has " + bytes + " bytes");
        }
        check(JCudaDriver.cuMemsetD32Async(ptr, value, bytes / 4, stream.unwrap(jcuda.driver.CUstream.class)), "cuMemsetD32Async",
                "words=" + bytes / 4);
    }

    private void checkFits(long n, String what) {
        if (n > bytes) {
            throw new IllegalArgumentException(what + " needs " + n + " bytes; the buffer has " + bytes);
        }
    }

    /**
     * Frees the memory; a second call does nothing.
     *
     * @throws CudaException if the driver refuses
     */
    @Override
    public void close() {
        if (!freed) {
            freed = true;
            context.makeCurrent();
            check(JCudaDriver.cuMemFree(ptr), "cuMemFree", "bytes=" + bytes);
        }
    }
}
