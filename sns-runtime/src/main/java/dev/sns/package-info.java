/**
 * The plain Java API: {@link dev.sns.Sns} (measure, compare, measureMany) and the
 * {@link dev.sns.SnsEngine} behind it, the {@link dev.sns.Workload} a caller hands over,
 * {@link dev.sns.SnsException}, {@link dev.sns.Rotating} input rings, the A/A
 * {@link dev.sns.SelfCheck}, and {@link dev.sns.Timers}, where every measurement (the engine's and
 * the JMH fork half's) gets its timer and telemetry.
 *
 * <p>The engine applies the clock policy, opens a timer from the chosen GPU backend, runs a sampling
 * loop ({@code dev.sns.timing}) and hands the samples to {@code dev.sns.analysis}: it computes no
 * statistic itself. Options come from {@code dev.sns.options}. Must not import a GPU backend or leaf
 * package, JMH or Jackson.
 */
@API(status = API.Status.STABLE, since = "0.2.0")
package dev.sns;

import org.apiguardian.api.API;
