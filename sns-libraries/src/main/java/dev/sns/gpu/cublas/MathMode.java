package dev.sns.gpu.cublas;

/** {@code cublasMath_t}: what a cuBLAS handle may trade for speed. */
public enum MathMode {
    /** {@code CUBLAS_DEFAULT_MATH}: tensor cores where the types allow, no precision traded. */
    DEFAULT(0),
    /** {@code CUBLAS_PEDANTIC_MATH}: the prescribed precision, no tensor-core shortcut. */
    PEDANTIC(2),
    /** {@code CUBLAS_TF32_TENSOR_OP_MATH}: float GEMMs on TF32 tensor cores. */
    TF32_TENSOR_OP(3);

    private final int code;

    MathMode(int code) {
        this.code = code;
    }

    /**
     * The value cuBLAS takes.
     *
     * @return {@code cublasMath_t}'s value
     */
    public int code() {
        return code;
    }
}
