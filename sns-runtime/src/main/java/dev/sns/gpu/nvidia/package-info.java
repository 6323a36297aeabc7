/**
 * The NVIDIA backend: wires the CUDA leaf ({@code dev.sns.gpu.cuda}: devices, streams, event timer),
 * the NVML leaf ({@code dev.sns.gpu.nvml}: clocks, throttle reasons, violation counters) and the CUPTI
 * leaf ({@code dev.sns.gpu.cupti}: kernel records) into the {@link dev.sns.gpu.GpuBackend} interface,
 * with the device's peaks ({@link dev.sns.gpu.nvidia.NvidiaPeaks}: formulas and per-SM rates), and is
 * registered in {@code META-INF/services/dev.sns.gpu.GpuBackend}.
 *
 * <p>The only sns package that imports the three leaves (user code may: the samples reach CUDA through
 * {@code dev.sns.gpu.cuda}); nothing imports this one (it is found through
 * {@link java.util.ServiceLoader}). Adding another vendor means another package like this one
 * beside it, plus one services line.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
package dev.sns.gpu.nvidia;

import org.apiguardian.api.API;
