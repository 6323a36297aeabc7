package dev.sns.gpu.cublas;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;

/**
 * The functions of {@code libcublasLt.so.13} sns calls (cublasLt.h of CUDA 13). Each returns a
 * {@code cublasStatus_t} (0 = success).
 */
interface CublasLtNative extends Library {
    /** {@code cublasLtMatmulDescAttributes_t}. */
    int DESC_TRANSA = 3;
    int DESC_TRANSB = 4;
    /** {@code cublasLtMatmulPreferenceAttributes_t}: {@code CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES} (uint64). */
    int PREF_MAX_WORKSPACE_BYTES = 1;
    /** {@code cublasLtMatmulAlgoConfigAttributes_t}: {@code CUBLASLT_ALGO_CONFIG_ID} (int32). */
    int ALGO_CONFIG_ID = 0;

    int cublasLtCreate(PointerByReference handle);

    int cublasLtDestroy(Pointer handle);

    int cublasLtMatmulDescCreate(PointerByReference desc, int computeType, int scaleType);

    int cublasLtMatmulDescDestroy(Pointer desc);

    int cublasLtMatmulDescSetAttribute(Pointer desc, int attr, Pointer buf, long size);

    int cublasLtMatrixLayoutCreate(PointerByReference layout, int type, long rows, long cols, long ld);

    int cublasLtMatrixLayoutDestroy(Pointer layout);

    int cublasLtMatmulPreferenceCreate(PointerByReference pref);

    int cublasLtMatmulPreferenceDestroy(Pointer pref);

    int cublasLtMatmulPreferenceSetAttribute(Pointer pref, int attr, Pointer buf, long size);

    int cublasLtMatmulAlgoGetHeuristic(Pointer handle, Pointer desc, Pointer a, Pointer b, Pointer c, Pointer d,
                                       Pointer pref, int requested, Pointer results, IntByReference returned);

    int cublasLtMatmulAlgoConfigGetAttribute(Pointer algo, int attr, Pointer buf, long size, Pointer sizeWritten);

    int cublasLtMatmul(Pointer handle, Pointer desc, Pointer alpha, Pointer a, Pointer adesc, Pointer b, Pointer bdesc,
                       Pointer beta, Pointer c, Pointer cdesc, Pointer d, Pointer ddesc, Pointer algo, Pointer workspace,
                       long workspaceBytes, Pointer stream);

    /**
     * {@code cublasLtMatmulHeuristicResult_t}, by offset (offsetof in CUDA 13.0's cublasLt.h on x86-64,
     * printed by a C program compiled against it): the algo (64 bytes) at 0, {@code size_t workspaceSize}
     * at 64, {@code cublasStatus_t state} at 72, {@code float wavesCount} at 76; 96 bytes in all.
     */
    final class HeuristicResult {
        static final int SIZE = 96;
        static final int ALGO = 0;
        static final int WORKSPACE_SIZE = 64;
        static final int STATE = 72;
        static final int WAVES_COUNT = 76;

        private HeuristicResult() {}
    }
}
