/**
 * The seam between the engine and the GPU: small interfaces in Java units, and detection.
 *
 * <p>{@link dev.sns.timing.GpuStream} is where work is launched, {@link dev.sns.gpu.GpuTelemetry} brackets
 * measurement windows with clock and throttle evidence, {@link dev.sns.gpu.GpuDevice} describes a
 * device, and {@link dev.sns.gpu.GpuBackend} finds one without ever throwing on class loading.
 * Fakes of all of them live in this module's test-jar, so everything above this package is tested
 * on machines without a GPU.
 *
 * <p>Must not import {@code jcuda.*} or {@code com.sun.jna.*}: only {@code dev.sns.gpu.cuda} and
 * {@code dev.sns.gpu.nvml} touch native code, and they are reached by reflection-free factory calls
 * guarded against {@link java.lang.LinkageError}.
 */
package dev.sns.gpu;
