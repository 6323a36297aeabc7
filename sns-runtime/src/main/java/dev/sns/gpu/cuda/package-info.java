/**
 * The only package that imports {@code jcuda.*}: the CUDA driver API through JCuda 12.6 (driver API
 * only: JNvrtc cannot load where only CUDA 13 libraries exist, so kernels arrive as PTX resources).
 *
 * <p>What lives here: primary contexts ({@link dev.sns.gpu.cuda.CudaContext}), the timed stream
 * ({@link dev.sns.gpu.cuda.CudaStream}), device buffers, PTX modules and typed kernel launches,
 * the L2 flush, the blocking-launch kernel, and {@link dev.sns.gpu.cuda.CudaEventTimer}, the
 * {@link dev.sns.timing.Timer} over CUDA events.
 *
 * <p>Every failed call throws {@link dev.sns.gpu.cuda.CudaException} naming the call, the code, its
 * text and the context. Units: the driver speaks float milliseconds (events) and kHz (clock
 * attributes); everything leaving this package is nanoseconds, bytes and MHz.
 */
@API(status = API.Status.STABLE, since = "0.2.0")
package dev.sns.gpu.cuda;

import org.apiguardian.api.API;
