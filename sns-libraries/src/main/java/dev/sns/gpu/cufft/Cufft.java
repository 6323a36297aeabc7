package dev.sns.gpu.cufft;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import dev.sns.gpu.CudaLibraryPaths;
import dev.sns.timing.GpuStream;
import java.util.Objects;
import java.util.Optional;

/**
 * A cuFFT plan of single-precision complex-to-complex transforms. Make it on a thread whose current
 * CUDA context is the device's; bind the stream at each call:
 * <pre>{@code
 * Cufft fft = Cufft.plan3d(256, 256, 256);
 * Workload w = stream -> {
 *     fft.setStream(stream);
 *     fft.forward(data.address(), data.address());
 * };
 * }</pre>
 */
public final class Cufft implements AutoCloseable {
    private static final CudaLibraryPaths.OnFirstUse<CufftNative> LIBRARY = new CudaLibraryPaths.OnFirstUse<>("cufft",
            "sns.cufft", f -> Native.load(f, CufftNative.class));
    private static final int FORWARD = -1;
    private static final int INVERSE = 1;

    private final CufftNative lib;
    private final String shape;
    private final long elements;
    private Integer plan;

    private Cufft(CufftNative lib, int plan, String shape, long elements) {
        this.lib = lib;
        this.plan = plan;
        this.shape = shape;
        this.elements = elements;
    }

    /**
     * Why cuFFT cannot be used here, with the fix.
     *
     * @return the reason, or empty when libcufft loaded
     */
    public static Optional<String> whyUnavailable() {
        return Optional.ofNullable(LIBRARY.failure());
    }

    /**
     * A plan of {@code batch} one-dimensional transforms of {@code nx} points each.
     *
     * @param nx points per transform
     * @param batch transforms per call
     * @return the plan; close it when done
     */
    public static Cufft plan1d(int nx, int batch) {
        CufftNative lib = LIBRARY.get();
        IntByReference p = new IntByReference();
        check(lib.cufftPlan1d(p, nx, CufftNative.C2C, batch), "cufftPlan1d", "nx=" + nx + ", C2C, batch=" + batch);
        return new Cufft(lib, p.getValue(), nx + " x " + batch, (long) nx * batch);
    }

    /**
     * A plan of one three-dimensional transform.
     *
     * @param nx points along x (the slowest-varying dimension)
     * @param ny points along y
     * @param nz points along z (contiguous)
     * @return the plan; close it when done
     */
    public static Cufft plan3d(int nx, int ny, int nz) {
        CufftNative lib = LIBRARY.get();
        IntByReference p = new IntByReference();
        check(lib.cufftPlan3d(p, nx, ny, nz, CufftNative.C2C), "cufftPlan3d", nx + "x" + ny + "x" + nz + ", C2C");
        return new Cufft(lib, p.getValue(), nx + "x" + ny + "x" + nz, (long) nx * ny * nz);
    }

    /**
     * The complex elements one call transforms.
     *
     * @return elements per call (8 bytes each)
     */
    public long elements() {
        return elements;
    }

    /**
     * The work area the plan allocated.
     *
     * @return its size in bytes
     */
    public long workAreaBytes() {
        LongByReference size = new LongByReference();
        check(lib.cufftGetSize(open(), size), "cufftGetSize", shape);
        return size.getValue();
    }

    /**
     * Binds the plan to {@code stream}: the transforms after it run there.
     *
     * @param stream the stream sns gives the workload
     */
    public void setStream(GpuStream stream) {
        Objects.requireNonNull(stream, "stream");
        check(lib.cufftSetStream(open(), new Pointer(stream.handle())), "cufftSetStream", shape);
    }

    /**
     * A forward transform, in place when {@code in == out}.
     *
     * @param in the input's device address
     * @param out the output's device address
     */
    public void forward(long in, long out) {
        check(lib.cufftExecC2C(open(), new Pointer(in), new Pointer(out), FORWARD), "cufftExecC2C", shape + ", forward");
    }

    /**
     * An inverse transform (unnormalized), in place when {@code in == out}.
     *
     * @param in the input's device address
     * @param out the output's device address
     */
    public void inverse(long in, long out) {
        check(lib.cufftExecC2C(open(), new Pointer(in), new Pointer(out), INVERSE), "cufftExecC2C", shape + ", inverse");
    }

    private int open() {
        if (plan == null) {
            throw new IllegalStateException("this cuFFT plan is closed");
        }
        return plan;
    }

    /** Destroys the plan (idempotent). */
    @Override
    public void close() {
        if (plan != null) {
            int p = plan;
            plan = null;
            check(lib.cufftDestroy(p), "cufftDestroy", shape);
        }
    }

    private static final String[] RESULTS = {"CUFFT_SUCCESS", "CUFFT_INVALID_PLAN", "CUFFT_ALLOC_FAILED",
            "CUFFT_INVALID_TYPE", "CUFFT_INVALID_VALUE", "CUFFT_INTERNAL_ERROR", "CUFFT_EXEC_FAILED", "CUFFT_SETUP_FAILED",
            "CUFFT_INVALID_SIZE", "CUFFT_UNALIGNED_DATA", "CUFFT_INCOMPLETE_PARAMETER_LIST", "CUFFT_INVALID_DEVICE",
            "CUFFT_PARSE_ERROR", "CUFFT_NO_WORKSPACE", "CUFFT_NOT_IMPLEMENTED", "CUFFT_LICENSE_ERROR",
            "CUFFT_NOT_SUPPORTED", "CUFFT_MISSING_DEPENDENCY", "CUFFT_NVRTC_FAILURE", "CUFFT_NVJITLINK_FAILURE",
            "CUFFT_NVSHMEM_FAILURE"};

    /** "call(args): CUFFT_X"; nothing when {@code rc} is 0. */
    static void check(int rc, String call, String args) {
        if (rc != 0) {
            throw new IllegalStateException(call + "(" + args + "): " + (rc > 0 && rc < RESULTS.length ? RESULTS[rc]
                    : "cufftResult " + rc));
        }
    }
}
