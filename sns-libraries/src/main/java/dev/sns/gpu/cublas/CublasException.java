package dev.sns.gpu.cublas;

/**
 * A cuBLAS or cuBLASLt call failed: the call, its status by name and text, and what it was called
 * with, e.g. {@code cublasGemmEx(m=8192, n=8192, k=8192, A=BF16, ...): CUBLAS_STATUS_NOT_SUPPORTED (the
 * functionality requested is not supported)}.
 */
public final class CublasException extends RuntimeException {
    /** Serialization version. */
    private static final long serialVersionUID = 1L;

    /** The status code. */
    private final int status;

    CublasException(String message, int status) {
        super(message);
        this.status = status;
    }

    /**
     * The {@code cublasStatus_t} the call returned.
     *
     * @return the status code (never 0, success)
     */
    public int status() {
        return status;
    }
}
