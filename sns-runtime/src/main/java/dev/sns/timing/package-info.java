/**
 * Taking samples: the {@link dev.sns.timing.Timer} SPI (with {@link dev.sns.timing.GpuStream}, where
 * the timed work is launched, and {@link dev.sns.timing.RegionTimer}, the bookkeeping every timer
 * shares), the host wall-clock timer, the sampling loops written as named phases (prime, warm up,
 * calibrate, sample), and the probe that samples an empty launch for the launch overhead.
 *
 * <p>A timer queues timed regions and resolves many of them after one synchronisation, as GPU
 * events need. Between a region's {@code start()} and {@code stop()} only the user's work runs: no
 * allocation, no logging, no telemetry, no L2 flush (that happens inside {@code start()}, before the
 * start event is recorded).
 *
 * <p>{@link dev.sns.timing.SequentialSampler} times one body; {@link dev.sns.timing.InterleavedSampler}
 * takes one sample of each body per round, in an order reshuffled every round from a seeded
 * generator, so slow drift lands on every body alike. Samples leave as {@link dev.sns.timing.SampleSet}s;
 * no statistic is computed here.
 *
 * <p>The kernel recorder seam lives here too: {@link dev.sns.timing.KernelRecorder} (CUPTI's in
 * {@code dev.sns.gpu.cupti}, a fake in the test-jar), the {@link dev.sns.timing.KernelPass} that runs a
 * workload's calls alone with it on, apart from the samples, and the {@link dev.sns.timing.KernelTrace}
 * of records per call it returns; {@link dev.sns.timing.KernelNames} reads mangled kernel names, through
 * the platform's {@link dev.sns.timing.SymbolDemangler} (libstdc++'s in {@code dev.sns.gpu.cxxabi},
 * found with {@code ServiceLoader}), then sns's own ({@code ItaniumParser}, {@code ItaniumPrinter}).
 *
 * <p>The energy counter seam lives here too: {@link dev.sns.timing.EnergyCounter} (NVML's in
 * {@code dev.sns.gpu.nvml}, a fake in the test-jar), the {@link dev.sns.timing.EnergyWatch} that sees
 * its updates (with the calls completed by then) and the {@link dev.sns.timing.EnergySampler} that
 * runs a workload's calls in {@link dev.sns.timing.EnergyWindow}s of whole updates, apart from the
 * samples, and measures idle power; millijoules and nanoseconds, nothing computed.
 * <p>Units: nanoseconds throughout ({@code double}, because GPU events resolve below a
 * microsecond and per-call values are fractions). Imports nothing of sns: every other package may
 * import this one.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
package dev.sns.timing;

import org.apiguardian.api.API;
