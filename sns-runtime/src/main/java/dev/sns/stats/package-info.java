/**
 * Statistics of timing samples: percentiles, dispersion and bootstrap intervals.
 *
 * <p>Every interval here is a seeded percentile bootstrap, so the same samples always give the same
 * interval (the seed is part of {@link dev.sns.stats.BootstrapSettings}). The estimators:
 * <ul>
 *   <li>{@link dev.sns.stats.MedianBootstrap}: the median of independent samples. Each resample's
 *       median is drawn exactly from its distribution (the Beta law of uniform order statistics), so a
 *       resample costs O(1) and the data are sorted once.</li>
 *   <li>{@link dev.sns.stats.ClusterBootstrap}: samples of one session in windows: windows drawn
 *       whole (interleaved ones moved to the level of the slot they fill, so drift both sides share
 *       is not counted), the interval placed at the point estimate and widened for the few windows
 *       it rests on ({@link dev.sns.stats.FewClusterCorrection}). Calibrated: about 95% of 95%
 *       intervals hold the truth, about as wide as the spread of the estimates needs.</li>
 *   <li>{@link dev.sns.stats.HierarchicalBootstrap}: resamples a {@link dev.sns.stats.ResamplingPlan},
 *       a tree of clusters (windows, forks, rounds) and strata (the two sides of a pair) over the
 *       samples. It gives the intervals of JMH's forks (forks, then windows, then samples, the forks
 *       carrying the run-to-run spread), where a round's candidate and baseline are resampled
 *       together so that drift shared by both cancels.</li>
 *   <li>{@link dev.sns.stats.RatioBootstrap}: speedup = median(baseline) / median(candidate), with
 *       independent, paired and windowed designs.</li>
 *   <li>{@link dev.sns.stats.QuantizationFloor}: keeps an interval at least one timer step wide.</li>
 *   <li>{@link dev.sns.stats.Repeatability}: how far repeat measurements spread (the self-check),
 *       and the interval a repeat falls in.</li>
 * </ul>
 *
 * <p>Units: whatever the caller's samples are in; every function here is scale-equivariant (scaling
 * the samples by k scales a median interval by k and leaves a ratio interval unchanged).
 *
 * <p>Must not import: anything outside {@code java.*} and {@code org.apache.commons.math3}. No
 * timing, no GPU, no model types.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
package dev.sns.stats;

import org.apiguardian.api.API;
