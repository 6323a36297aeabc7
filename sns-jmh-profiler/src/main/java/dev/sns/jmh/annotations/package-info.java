/**
 * The annotations a benchmark suite writes: {@link dev.sns.jmh.annotations.Baseline} (compare this
 * benchmark with another), {@link dev.sns.jmh.annotations.GpuTiming} (per-benchmark timing options)
 * and {@link dev.sns.jmh.annotations.RequiresGpu} (skip where there is no GPU). Like JMH's own
 * {@code org.openjdk.jmh.annotations}: declarations only, read by the host and fork halves.
 *
 * <p>Imports nothing of sns: every other JMH package may import this one.
 */
@API(status = API.Status.STABLE, since = "0.2.0")
package dev.sns.jmh.annotations;

import org.apiguardian.api.API;
