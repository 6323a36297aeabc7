/**
 * Kernel records through CUPTI (libcupti, shipped with the CUDA toolkit) over JNA: the activity API's
 * {@code CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL} records, one per kernel the device runs, with its
 * start and end on the GPU's clock and its launch shape.
 * {@link dev.sns.gpu.cupti.CuptiKernelRecorder} is the {@link dev.sns.timing.KernelRecorder} the
 * NVIDIA backend opens for the kernel pass; it is never on while samples are taken.
 * {@link dev.sns.gpu.cupti.CuptiRangeProfiler} reads, through CUPTI's range profiler, the duration
 * Nsight Compute reports ({@code gpu__time_duration.sum}) of each kernel a piece of work launches.
 *
 * <p>A leaf like {@code dev.sns.gpu.nvml}: imports JNA and {@code dev.sns.timing} (the recorder seam
 * and its record) only. Where the library is missing or profiling is not permitted, the recorder
 * says so in one line and the run goes on without a kernel table. Record layout:
 * {@link dev.sns.gpu.cupti.KernelActivityLayout} and {@link dev.sns.gpu.cupti.RangeProfilerLayout};
 * library search:
 * {@link dev.sns.gpu.CudaLibraryPaths}. Units: CUPTI's nanoseconds, handed on as they are.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
package dev.sns.gpu.cupti;

import org.apiguardian.api.API;
