/**
 * Leaf: cuBLAS and cuBLASLt (CUDA 13's {@code libcublas.so.13}, {@code libcublasLt.so.13}) through
 * JNA, for benchmarks of library GEMMs: {@link dev.sns.gpu.cublas.Cublas} (a handle, its stream, math
 * mode and workspace, {@code cublasGemmEx}) and {@link dev.sns.gpu.cublas.CublasLt} (a matmul planned
 * by cuBLASLt's heuristic, fp8 where the GPU has it). JCuda 12.6's JCublas links against
 * {@code libcublas.so.12}, which a CUDA 13 host does not have; JNA needs nothing but the library.
 *
 * <p>A library's stream is bound per call: a {@code Workload} hands {@code blas.setStream(stream)} the
 * stream sns gives it, then calls the GEMM (cuBLASLt takes the stream in each call). A handle bound
 * once to another stream runs its kernels outside the timed stream; sns's stream check makes such a
 * result tier C. Device memory is passed as addresses ({@code DeviceBuffer.address()}).
 *
 * <p>The libraries are found like CUPTI ({@link dev.sns.gpu.CudaLibraryPaths}); where there is none,
 * {@link dev.sns.gpu.cublas.Cublas#whyUnavailable()} says why, and nothing throws at class loading.
 * Imports: JNA, {@code dev.sns.gpu} (the library search) and {@code dev.sns.timing} (the stream); no
 * other sns package. Units: elements and bytes as cuBLAS counts them; matrices column-major.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
package dev.sns.gpu.cublas;

import org.apiguardian.api.API;
