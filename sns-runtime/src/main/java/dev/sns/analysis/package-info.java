/**
 * The one path from samples to results. A {@link dev.sns.analysis.Measurement} holds what was
 * taken (per-call samples in windows nested in forks, each window's clock evidence, the timer's step,
 * the launch overhead's samples, the kernel passes, the device's peaks, the declared work);
 * {@link dev.sns.analysis.Analysis} turns it into a {@code TimingResult} (with its kernel table), and
 * two of them with their {@link dev.sns.analysis.Design} (independent, paired by sample rounds, paired
 * by ABBA fork rounds) into a {@code ComparisonResult}: the raw speedup, the same in SM cycles and
 * net of each side's launch overhead, its overhead samples resampled in the same design. Energy
 * windows take the same path ({@code EnergyAnalysis}): joules per call and watts with intervals over
 * windows, and the energy ratio of a pair in the speedup's design. The engine
 * ({@code dev.sns.SnsEngine}) and the JMH host collector both call it; no other code computes an
 * interval or decides which tier rule or design applies.
 *
 * <p>The interval math itself lives in {@code dev.sns.stats}, the tier rules in
 * {@code dev.sns.clocks.TierAssignment} and the verdict rule in {@code dev.sns.model.VerdictThresholds};
 * this package decides which apply to which samples. Units: samples arrive in nanoseconds per call and leave in
 * the model's milliseconds per call. Imports {@code dev.sns.model}, {@code dev.sns.stats},
 * {@code dev.sns.clocks} and {@code dev.sns.timing} (sample sets); never a GPU package, JMH or Jackson.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
package dev.sns.analysis;

import org.apiguardian.api.API;
