package dev.sns.gpu.cublas;

import com.sun.jna.Native;
import dev.sns.gpu.CudaLibraryPaths;

/**
 * libcublas and libcublasLt, each loaded once on first use (where: {@link CudaLibraryPaths}; the
 * properties {@code sns.cublas} and {@code sns.cublasLt} name a file), or the reason it could not be.
 */
final class Libraries {
    private Libraries() {}

    static final CudaLibraryPaths.OnFirstUse<CublasNative> CUBLAS = new CudaLibraryPaths.OnFirstUse<>("cublas",
            "sns.cublas", f -> Native.load(f, CublasNative.class));
    static final CudaLibraryPaths.OnFirstUse<CublasLtNative> CUBLAS_LT = new CudaLibraryPaths.OnFirstUse<>("cublasLt",
            "sns.cublasLt", f -> Native.load(f, CublasLtNative.class));

    /** "call(args): CUBLAS_STATUS_X (text)"; nothing when {@code status} is 0. */
    static void check(int status, String call, String args) {
        if (status == 0) {
            return;
        }
        String name = "status " + status;
        String text = "";
        try {
            CublasNative lib = CUBLAS.get();
            name = lib.cublasGetStatusName(status);
            text = " (" + lib.cublasGetStatusString(status) + ")";
        } catch (RuntimeException | LinkageError e) {
            // the status code alone says it
        }
        throw new CublasException(call + "(" + args + "): " + name + text, status);
    }
}
