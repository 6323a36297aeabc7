/**
 * Leaf: cuFFT (CUDA 13's {@code libcufft.so.12}) through JNA: {@link dev.sns.gpu.cufft.Cufft}, a plan
 * of complex-to-complex transforms bound to the stream sns gives each call. A second library family
 * beside cuBLAS, for benchmarks of what a library launches: a plan's kernels differ by size, and
 * its first execution loads them.
 *
 * <p>The library is found like CUPTI ({@link dev.sns.gpu.CudaLibraryPaths}); where there is none,
 * {@link dev.sns.gpu.cufft.Cufft#whyUnavailable()} says why. Imports: JNA, {@code dev.sns.gpu} and
 * {@code dev.sns.timing} only. Units: complex elements (8 bytes for single precision).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
package dev.sns.gpu.cufft;

import org.apiguardian.api.API;
