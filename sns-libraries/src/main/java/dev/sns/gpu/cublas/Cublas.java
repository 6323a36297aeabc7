package dev.sns.gpu.cublas;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import dev.sns.timing.GpuStream;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A cuBLAS handle: its stream, math mode and workspace, and {@code cublasGemmEx}. Create it on a
 * thread whose current CUDA context is the device's ({@code CudaContext.makeCurrent()}; a JMH
 * benchmark's setup thread has it), one handle per thread. Bind the stream at each call, as a
 * {@code Workload} receives it:
 * <pre>{@code
 * Workload gemm = stream -> {
 *     blas.setStream(stream);
 *     blas.gemm(Transpose.N, Transpose.N, m, n, k, 1, a.address(), BF16, m, b.address(), BF16, k,
 *             0, c.address(), BF16, m, ComputeType.F32);
 * };
 * }</pre>
 * cuBLAS allocates a workspace per stream at the first GEMM on it (and loads the kernels' module
 * then): the first call is slow, which sns's warm-up absorbs and its result shows.
 */
public final class Cublas implements AutoCloseable {
    private final CublasNative lib;
    private Pointer handle;
    private final Memory alpha = new Memory(8);
    private final Memory beta = new Memory(8);

    private Cublas(CublasNative lib, Pointer handle) {
        this.lib = lib;
        this.handle = handle;
    }

    /**
     * Why cuBLAS cannot be used here (no libcublas found, or it did not load), with the fix.
     *
     * @return the reason, or empty when the library loaded
     */
    public static Optional<String> whyUnavailable() {
        return Optional.ofNullable(Libraries.CUBLAS.failure());
    }

    /**
     * The file libcublas was loaded from.
     *
     * @return its path, or "" when it did not load
     */
    public static String loadedFrom() {
        return Libraries.CUBLAS.from();
    }

    /**
     * A new handle on the current thread's CUDA context.
     *
     * @return the handle; close it when done
     * @throws IllegalStateException when cuBLAS is unavailable (the reason says why)
     * @throws CublasException when {@code cublasCreate} fails (no current context, say)
     */
    public static Cublas create() {
        CublasNative lib = Libraries.CUBLAS.get();
        PointerByReference h = new PointerByReference();
        Libraries.check(lib.cublasCreate_v2(h), "cublasCreate", "");
        return new Cublas(lib, h.getValue());
    }

    /**
     * cuBLAS's version, e.g. 130100 for 13.1.0.
     *
     * @return {@code cublasGetVersion}'s answer
     */
    public int version() {
        IntByReference v = new IntByReference();
        Libraries.check(lib.cublasGetVersion_v2(open(), v), "cublasGetVersion", "");
        return v.getValue();
    }

    /**
     * Binds the handle to {@code stream}: the GEMMs after it run there.
     *
     * @param stream the stream sns gives the workload (its {@code handle()} is the CUDA stream)
     */
    public void setStream(GpuStream stream) {
        Objects.requireNonNull(stream, "stream");
        Libraries.check(lib.cublasSetStream_v2(open(), new Pointer(stream.handle())), "cublasSetStream",
                "stream=0x" + Long.toHexString(stream.handle()));
    }

    /**
     * Sets what the handle may trade for speed.
     *
     * @param mode the math mode
     */
    public void setMathMode(MathMode mode) {
        Libraries.check(lib.cublasSetMathMode(open(), mode.code()), "cublasSetMathMode", mode.toString());
    }

    /**
     * Gives the handle a workspace of its own, instead of the one it allocates per stream.
     *
     * @param devicePointer the workspace's device address ({@code DeviceBuffer.address()})
     * @param bytes its size
     */
    public void setWorkspace(long devicePointer, long bytes) {
        Libraries.check(lib.cublasSetWorkspace_v2(open(), new Pointer(devicePointer), bytes), "cublasSetWorkspace",
                "bytes=" + bytes);
    }

    /**
     * {@code C = alpha op(A) op(B) + beta C}, column-major, through {@code cublasGemmEx} with cuBLAS's
     * own algorithm choice ({@code CUBLAS_GEMM_DEFAULT}).
     *
     * @param ta op of A
     * @param tb op of B
     * @param m rows of op(A) and C
     * @param n columns of op(B) and C
     * @param k columns of op(A), rows of op(B)
     * @param alphaValue alpha (a float for the 32F compute types, a double for F64)
     * @param a A's device address
     * @param at A's element type
     * @param lda A's leading dimension
     * @param b B's device address
     * @param bt B's element type
     * @param ldb B's leading dimension
     * @param betaValue beta
     * @param c C's device address
     * @param ct C's element type
     * @param ldc C's leading dimension
     * @param compute the compute type
     */
    public void gemm(Transpose ta, Transpose tb, int m, int n, int k, double alphaValue, long a, CudaDataType at, int lda,
                     long b, CudaDataType bt, int ldb, double betaValue, long c, CudaDataType ct, int ldc,
                     ComputeType compute) {
        scale(alpha, alphaValue, compute);
        scale(beta, betaValue, compute);
        int rc = lib.cublasGemmEx(open(), ta.code(), tb.code(), m, n, k, alpha, new Pointer(a), at.code(), lda,
                new Pointer(b), bt.code(), ldb, beta, new Pointer(c), ct.code(), ldc, compute.code(), -1);
        if (rc != 0) {
            Libraries.check(rc, "cublasGemmEx", String.format(Locale.ROOT, "%s%s, m=%d, n=%d, k=%d, A=%s, B=%s, C=%s, compute=%s",
                    ta, tb, m, n, k, at, bt, ct, compute));
        }
    }

    private static void scale(Memory m, double v, ComputeType compute) {
        if (compute.doubleScale()) {
            m.setDouble(0, v);
        } else {
            m.setFloat(0, (float) v);
        }
    }

    private Pointer open() {
        if (handle == null) {
            throw new IllegalStateException("this cuBLAS handle is closed");
        }
        return handle;
    }

    /** Destroys the handle (idempotent). */
    @Override
    public void close() {
        if (handle != null) {
            Pointer h = handle;
            handle = null;
            Libraries.check(lib.cublasDestroy_v2(h), "cublasDestroy", "");
        }
    }
}
