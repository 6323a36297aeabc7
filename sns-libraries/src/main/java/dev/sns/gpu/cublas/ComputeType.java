package dev.sns.gpu.cublas;

/**
 * cuBLAS's {@code cublasComputeType_t} (cublas_api.h of CUDA 13): the precision a GEMM accumulates
 * in, and which down-conversions it may make. The scale factors (alpha, beta) of the 32F types are
 * floats, of the 64F ones doubles.
 */
public enum ComputeType {
    /** {@code CUBLAS_COMPUTE_32F}: float, tensor cores where the inputs are half, bfloat16 or 8-bit. */
    F32(68),
    /** {@code CUBLAS_COMPUTE_32F_PEDANTIC}: float, no reduced-precision shortcut. */
    F32_PEDANTIC(69),
    /** {@code CUBLAS_COMPUTE_32F_FAST_16F}: float inputs down-converted to half on tensor cores. */
    F32_FAST_16F(74),
    /** {@code CUBLAS_COMPUTE_32F_FAST_16BF}: float inputs down-converted to bfloat16 on tensor cores. */
    F32_FAST_16BF(75),
    /** {@code CUBLAS_COMPUTE_32F_FAST_TF32}: float inputs as TF32 on tensor cores. */
    F32_FAST_TF32(77),
    /** {@code CUBLAS_COMPUTE_64F}: double. */
    F64(70);

    private final int code;

    ComputeType(int code) {
        this.code = code;
    }

    /**
     * The value cuBLAS takes.
     *
     * @return {@code cublasComputeType_t}'s value
     */
    public int code() {
        return code;
    }

    /** Whether alpha and beta are doubles (else floats). */
    boolean doubleScale() {
        return this == F64;
    }
}
