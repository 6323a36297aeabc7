/**
 * The NVIDIA backend: wires the CUDA leaf ({@code dev.sns.gpu.cuda}: devices, streams, event timer)
 * and the NVML leaf ({@code dev.sns.gpu.nvml}: clocks, throttle reasons, violation counters) into the
 * {@link dev.sns.gpu.GpuBackend} interface, and is registered in
 * {@code META-INF/services/dev.sns.gpu.GpuBackend}.
 *
 * <p>The only sns package that imports the two leaves (user code may: the samples reach CUDA through
 * {@code dev.sns.gpu.cuda}); nothing imports this one (it is found through
 * {@link java.util.ServiceLoader}). Adding another vendor means another package like this one
 * beside it, plus one services line.
 */
package dev.sns.gpu.nvidia;
