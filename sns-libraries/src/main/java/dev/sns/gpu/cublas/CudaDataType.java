package dev.sns.gpu.cublas;

/** CUDA's {@code cudaDataType} (library_types.h of CUDA 13): the element types a GEMM reads and writes. */
public enum CudaDataType {
    /** {@code CUDA_R_32F}, float. */
    FP32(0, 4),
    /** {@code CUDA_R_64F}, double. */
    FP64(1, 8),
    /** {@code CUDA_R_16F}, half. */
    FP16(2, 2),
    /** {@code CUDA_R_8I}, signed 8-bit integer. */
    INT8(3, 1),
    /** {@code CUDA_R_32I}, signed 32-bit integer. */
    INT32(10, 4),
    /** {@code CUDA_R_16BF}, bfloat16. */
    BF16(14, 2),
    /** {@code CUDA_R_8F_E4M3}, 8-bit float with a 4-bit exponent (Hopper and later). */
    FP8_E4M3(28, 1),
    /** {@code CUDA_R_8F_E5M2}, 8-bit float with a 5-bit exponent (Hopper and later). */
    FP8_E5M2(29, 1);

    private final int code;
    private final int bytes;

    CudaDataType(int code, int bytes) {
        this.code = code;
        this.bytes = bytes;
    }

    /**
     * The value cuBLAS takes.
     *
     * @return {@code cudaDataType}'s value
     */
    public int code() {
        return code;
    }

    /**
     * The size of one element.
     *
     * @return bytes per element
     */
    public int bytes() {
        return bytes;
    }
}
