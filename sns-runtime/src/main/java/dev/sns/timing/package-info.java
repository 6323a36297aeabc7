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
 * <p>Units: nanoseconds throughout ({@code double}, because GPU events resolve below a
 * microsecond and per-call values are fractions). Imports nothing of sns: every other package may
 * import this one.
 */
package dev.sns.timing;
