package dev.sns.gpu.cublas;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;

/**
 * The functions of {@code libcublas.so.13} sns calls (cublas_api.h of CUDA 13; interface mapping, so
 * a symbol resolves on first use). Each returns a {@code cublasStatus_t} (0 = success); size_t is
 * 64-bit on the hosts JNA maps here.
 */
interface CublasNative extends Library {
    int cublasCreate_v2(PointerByReference handle);

    int cublasDestroy_v2(Pointer handle);

    int cublasSetStream_v2(Pointer handle, Pointer stream);

    int cublasSetMathMode(Pointer handle, int mode);

    int cublasSetWorkspace_v2(Pointer handle, Pointer workspace, long bytes);

    int cublasGetVersion_v2(Pointer handle, com.sun.jna.ptr.IntByReference version);

    String cublasGetStatusString(int status);

    String cublasGetStatusName(int status);

    int cublasGemmEx(Pointer handle, int transa, int transb, int m, int n, int k, Pointer alpha, Pointer a, int atype,
                     int lda, Pointer b, int btype, int ldb, Pointer beta, Pointer c, int ctype, int ldc, int computeType,
                     int algo);
}
