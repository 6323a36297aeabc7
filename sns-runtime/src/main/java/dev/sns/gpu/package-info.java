/**
 * The GPU seam: the {@link dev.sns.gpu.GpuBackend} interface a vendor's backend implements (found
 * through {@link java.util.ServiceLoader}, chosen by {@link dev.sns.gpu.GpuBackends}), the device
 * description ({@link dev.sns.gpu.GpuDevice}, with its UUID) and which devices a {@code devices}
 * option selects ({@code GpuBackend.Status#select}), the sensor library's own list of devices
 * ({@link dev.sns.gpu.SensorInventory}) matched with the timing library's by UUID and PCI bus id,
 * never by index ({@link dev.sns.gpu.DeviceIdentity}), the device listing
 * ({@link dev.sns.gpu.DeviceListing}), telemetry over measurement windows
 * ({@link dev.sns.gpu.GpuTelemetry}, sampled from a device's {@link dev.sns.gpu.GpuSensors} by
 * {@link dev.sns.gpu.SampledTelemetry} and recorded per window by
 * {@link dev.sns.gpu.TelemetryRecorder}), which reasons and counters are throttles
 * ({@link dev.sns.gpu.ThrottleClassifier}), and the fingerprint of a run's environment
 * ({@link dev.sns.gpu.GpuEnvironment}). A backend also opens the device's kernel recorder
 * ({@code dev.sns.timing.KernelRecorder}, for the kernel pass) and its energy counter
 * ({@code dev.sns.timing.EnergyCounter}, for energy windows), and gives its peak bandwidth and rate
 * ({@code dev.sns.model.DevicePeaks}).
 *
 * <p>Nothing here names a vendor. The NVIDIA backend lives in {@code dev.sns.gpu.nvidia}, on top of
 * the native leaves {@code dev.sns.gpu.cuda}, {@code dev.sns.gpu.nvml} and {@code dev.sns.gpu.cupti}; a fake backend of the
 * test-jar registers the same way, so everything above this package is tested on machines without a
 * GPU. Imports {@code dev.sns.timing} (the Timer a backend opens), {@code dev.sns.options} and
 * {@code dev.sns.model}; must not import a backend, {@code jcuda.*} or {@code com.sun.jna.*}.
 * Units: MHz, watts, degrees Celsius, nanoseconds.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
package dev.sns.gpu;

import org.apiguardian.api.API;
