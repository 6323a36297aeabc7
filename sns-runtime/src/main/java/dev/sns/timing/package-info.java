/**
 * Taking samples: the {@link dev.sns.timing.Timer} SPI, the host wall-clock timer, and the sampling
 * loops written as named phases (prime, warm up, calibrate, sample).
 *
 * <p>A timer queues timed regions and resolves many of them after one synchronisation, as GPU
 * events need. Between a region's {@code start()} and {@code stop()} only the user's work runs: no
 * allocation, no logging, no telemetry, no L2 flush (that happens inside {@code start()}, before the
 * start event is recorded).
 *
 * <p>{@link dev.sns.timing.SequentialSampler} times one body; {@link dev.sns.timing.InterleavedSampler}
 * takes one sample of each body per round, in an order reshuffled every round from a seeded
 * generator, so slow drift lands on every body alike.
 *
 * <p>Units: nanoseconds throughout ({@code double}, because GPU events resolve below a
 * microsecond and per-call values are fractions). Must not import {@code dev.sns.gpu.cuda},
 * {@code dev.sns.gpu.nvml}, JMH or Jackson.
 */
package dev.sns.timing;
