package dev.sns.gpu.cublas;

import java.util.Objects;

/**
 * One GEMM as cuBLASLt plans it: {@code D = alpha op(A) op(B) + beta C}, column-major, each matrix
 * stored densely (leading dimension = its stored rows). {@link #flops()} is the work to declare
 * ({@code 2 m n k}).
 *
 * @param ta op of A
 * @param tb op of B
 * @param m rows of op(A), C and D
 * @param n columns of op(B), C and D
 * @param k columns of op(A), rows of op(B)
 * @param a A's element type
 * @param b B's element type
 * @param c C's element type
 * @param d D's element type
 * @param compute the compute type
 */
public record MatmulSpec(Transpose ta, Transpose tb, int m, int n, int k, CudaDataType a, CudaDataType b,
                         CudaDataType c, CudaDataType d, ComputeType compute) {
    /**
     * Checks the shape and names a bad value.
     *
     * @param ta op of A
     * @param tb op of B
     * @param m rows of op(A), C and D, positive
     * @param n columns of op(B), C and D, positive
     * @param k columns of op(A), rows of op(B), positive
     * @param a A's element type
     * @param b B's element type
     * @param c C's element type
     * @param d D's element type
     * @param compute the compute type
     */
    public MatmulSpec {
        Objects.requireNonNull(ta, "ta");
        Objects.requireNonNull(tb, "tb");
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        Objects.requireNonNull(c, "c");
        Objects.requireNonNull(d, "d");
        Objects.requireNonNull(compute, "compute");
        if (m <= 0 || n <= 0 || k <= 0) {
            throw new IllegalArgumentException("a GEMM needs positive m, n and k, got m=" + m + ", n=" + n + ", k=" + k);
        }
    }

    /**
     * A GEMM of one element type in and out ({@code C} and {@code D} of type {@code type}), A and B as stored.
     *
     * @param m rows of A and C
     * @param n columns of B and C
     * @param k columns of A, rows of B
     * @param type the element type of every matrix
     * @param compute the compute type
     * @return the spec
     */
    public static MatmulSpec of(int m, int n, int k, CudaDataType type, ComputeType compute) {
        return new MatmulSpec(Transpose.N, Transpose.N, m, n, k, type, type, type, type, compute);
    }

    /**
     * An fp8 GEMM as Hopper's tensor cores take it: A transposed ("TN"), E4M3 inputs, bfloat16 C and D,
     * float accumulation.
     *
     * @param m rows of op(A) and D
     * @param n columns of B and D
     * @param k the shared dimension (a multiple of 16)
     * @return the spec
     */
    public static MatmulSpec fp8(int m, int n, int k) {
        return new MatmulSpec(Transpose.T, Transpose.N, m, n, k, CudaDataType.FP8_E4M3, CudaDataType.FP8_E4M3,
                CudaDataType.BF16, CudaDataType.BF16, ComputeType.F32);
    }

    /**
     * The floating-point operations of one call.
     *
     * @return {@code 2 m n k}
     */
    public double flops() {
        return 2.0 * m * n * k;
    }

    /**
     * The bytes one call moves at the least: A and B read once, C read (when beta is not 0: counted
     * here) and D written.
     *
     * @return bytes of A, B, C and D
     */
    public double bytes() {
        return (double) m * k * a.bytes() + (double) k * n * b.bytes() + (double) m * n * (c.bytes() + d.bytes());
    }

    /** Rows of A as stored. */
    long aRows() {
        return ta == Transpose.N ? m : k;
    }

    /** Columns of A as stored. */
    long aCols() {
        return ta == Transpose.N ? k : m;
    }

    /** Rows of B as stored. */
    long bRows() {
        return tb == Transpose.N ? k : n;
    }

    /** Columns of B as stored. */
    long bCols() {
        return tb == Transpose.N ? n : k;
    }

    /**
     * A short name, e.g. {@code "bf16 8192x8192x8192 NN"}.
     *
     * @return the spec in words
     */
    public String label() {
        String t = a == d ? a.name().toLowerCase(java.util.Locale.ROOT)
                : a.name().toLowerCase(java.util.Locale.ROOT) + "->" + d.name().toLowerCase(java.util.Locale.ROOT);
        return t + " " + m + "x" + n + "x" + k + " " + ta + tb;
    }
}
