package dev.sns.gpu.cublas;

/** {@code cublasOperation_t}: whether a GEMM reads a (column-major) matrix as stored or transposed. */
public enum Transpose {
    /** {@code CUBLAS_OP_N}: as stored. */
    N(0),
    /** {@code CUBLAS_OP_T}: transposed. */
    T(1);

    private final int code;

    Transpose(int code) {
        this.code = code;
    }

    /**
     * The value cuBLAS takes.
     *
     * @return {@code cublasOperation_t}'s value
     */
    public int code() {
        return code;
    }
}
