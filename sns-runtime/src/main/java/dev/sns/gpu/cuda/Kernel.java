package dev.sns.gpu.cuda;

import static dev.sns.gpu.cuda.CudaException.check;

import dev.sns.timing.GpuStream;
import java.util.ArrayList;
import java.util.List;
import jcuda.NativePointerObject;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.JCudaDriver;
import org.apiguardian.api.API;

/**
 * A kernel function and typed launches:
 * <pre>{@code
 * KernelArgs args = KernelArgs.of().i64(n).f32(2f).ptr(x).ptr(y);   // build once, outside the timed loop
 * saxpy.launch(stream, blocks, 256, args);
 * }</pre>
 * Made by {@link PtxModule#kernel}, or around a function of your own JCuda module.
 *
 * @param function JCuda's handle of the kernel
 * @param name the kernel's name, for messages
 */
public record Kernel(CUfunction function, String name) {
    /**
     * Takes the handle as it is.
     *
     * @param function JCuda's handle of the kernel
     * @param name the kernel's name, for messages
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public Kernel {
    }


    /**
     * Launches a 1-D grid with no dynamic shared memory, asynchronously.
     *
     * @param stream the stream to launch on: the one sns passes the work (any {@link GpuStream} that
     *     unwraps to a {@code CUstream})
     * @param gridX blocks in the grid
     * @param blockX threads per block
     * @param args the kernel's arguments, in declaration order
     * @throws IllegalArgumentException if the stream is not a CUDA stream
     * @throws CudaException if the launch fails, naming the kernel, grid, block and shared memory
     */
    public void launch(GpuStream stream, int gridX, int blockX, KernelArgs args) {
        launch(stream, gridX, 1, 1, blockX, 1, 1, 0, args);
    }

    /**
     * Launches a 3-D grid, asynchronously.
     *
     * @param stream the stream to launch on (any {@link GpuStream} that unwraps to a {@code CUstream})
     * @param gridX blocks in x
     * @param gridY blocks in y
     * @param gridZ blocks in z
     * @param blockX threads per block in x
     * @param blockY threads per block in y
     * @param blockZ threads per block in z
     * @param sharedBytes dynamic shared memory per block, in bytes
     * @param args the kernel's arguments, in declaration order
     * @throws IllegalArgumentException if the stream is not a CUDA stream
     * @throws CudaException if the launch fails, naming the kernel, grid, block and shared memory
     */
    public void launch(GpuStream stream, int gridX, int gridY, int gridZ, int blockX, int blockY, int blockZ,
                       int sharedBytes, KernelArgs args) {
        int code = JCudaDriver.cuLaunchKernel(function, gridX, gridY, gridZ, blockX, blockY, blockZ, sharedBytes,
                cuStream(stream), args.pointer(), null);
        if (code != 0) {
            check(code, "cuLaunchKernel", "kernel=\"" + name + "\", grid=(" + gridX + "," + gridY + "," + gridZ
                    + "), block=(" + blockX + "," + blockY + "," + blockZ + "), shared=" + sharedBytes);
        }
    }

    /**
     * JCuda's handle of any {@link GpuStream} that is a CUDA stream underneath (sns's own, a wrapper's,
     * a library's), through {@code unwrap}; one that is not gets a clear error rather than a cast failure.
     */
    static jcuda.driver.CUstream cuStream(GpuStream stream) {
        if (stream instanceof CudaStream s) {
            return s.cu();
        }
        try {
            return stream.unwrap(jcuda.driver.CUstream.class);
        } catch (UnsupportedOperationException | ClassCastException e) {
            throw new IllegalArgumentException("Kernel.launch needs a CUDA stream, and " + stream + " ("
                    + stream.getClass().getName() + ") is not one: " + e.getMessage(), e);
        }
    }

    /** Kernel arguments in declaration order; reusable across launches. */
    public static final class KernelArgs {
        private final List<NativePointerObject> args = new ArrayList<>();
        private Pointer pointer;

        private KernelArgs() {}

        /** {@return an empty argument list} Build it once, outside the timed loop. */
        public static KernelArgs of() {
            return new KernelArgs();
        }

        /**
         * Adds a pointer argument.
         *
         * @param b the buffer whose device address the kernel gets
         * @return this list
         */
        public KernelArgs ptr(DeviceBuffer b) {
            return add(Pointer.to(b.ptr()));
        }

        /**
         * Adds a pointer argument.
         *
         * @param p a device address of your own (a library's allocation, say)
         * @return this list
         */
        public KernelArgs ptr(CUdeviceptr p) {
            return add(Pointer.to(p));
        }

        /**
         * Adds a 32-bit integer argument ({@code int}).
         *
         * @param v its value, fixed for every launch
         * @return this list
         */
        public KernelArgs i32(int v) {
            return add(Pointer.to(new int[] {v}));
        }

        /**
         * Adds a 64-bit integer argument ({@code long long}, {@code size_t}).
         *
         * @param v its value, fixed for every launch
         * @return this list
         */
        public KernelArgs i64(long v) {
            return add(Pointer.to(new long[] {v}));
        }

        /**
         * Adds a single-precision argument ({@code float}).
         *
         * @param v its value, fixed for every launch
         * @return this list
         */
        public KernelArgs f32(float v) {
            return add(Pointer.to(new float[] {v}));
        }

        /**
         * Adds a double-precision argument ({@code double}).
         *
         * @param v its value, fixed for every launch
         * @return this list
         */
        public KernelArgs f64(double v) {
            return add(Pointer.to(new double[] {v}));
        }

        /** An argument read from {@code holder[0]} at each launch (for values that change per launch). */
        KernelArgs add(long[] holder) {
            return add(Pointer.to(holder));
        }

        private KernelArgs add(NativePointerObject p) {
            args.add(p);
            pointer = null;
            return this;
        }

        Pointer pointer() {
            Pointer p = pointer;
            if (p == null) {
                p = Pointer.to(args.toArray(new NativePointerObject[0]));
                pointer = p;
            }
            return p;
        }
    }
}
