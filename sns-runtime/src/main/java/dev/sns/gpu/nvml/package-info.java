/**
 * NVML (libnvidia-ml, shipped with the driver) through JNA, for clocks, clock-event (throttle)
 * reasons, cumulative violation counters, temperature and power, the total-energy counter
 * ({@code NvmlEnergyCounter}, a {@code dev.sns.timing.EnergyCounter}), the highest clocks and bus width
 * the peaks need where the CUDA driver does not report them, and the inventory of devices in NVML's
 * own order ({@link dev.sns.gpu.nvml.Nvml#inventory}: UUID, PCI bus id from the nvmlPciInfo_t layout,
 * clocks now and at most), which {@code dev.sns.gpu.DeviceIdentity} matches with CUDA's. With {@code dev.sns.gpu.cupti}, the only
 * packages that import {@code com.sun.jna.*}.
 *
 * <p>{@link dev.sns.gpu.nvml.Nvml#open} either returns {@link dev.sns.gpu.GpuSensors} for a device
 * or throws {@link dev.sns.gpu.nvml.NvmlUnavailableException} saying why and what to do; a failed
 * individual read is a NaN (or -1) and never a guess. No NVML means no clock evidence, and so no
 * tier A. NVML is never called inside a timed region: reads happen at window boundaries and on
 * the telemetry thread.
 *
 * <p>Units: NVML speaks MHz, milliwatts, millijoules, degrees and nanoseconds; this package hands out
 * MHz, watts, millijoules (the energy counter), degrees Celsius and nanoseconds.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
package dev.sns.gpu.nvml;

import org.apiguardian.api.API;
