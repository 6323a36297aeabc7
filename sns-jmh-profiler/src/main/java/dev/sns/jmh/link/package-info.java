/**
 * What the host JVM and its forked JVMs share: the {@code -prof sns} options line
 * ({@link dev.sns.jmh.link.ProfilerOptions}, passed to each fork as a system property named in
 * {@link dev.sns.jmh.link.ForkProperties}), the windows of samples each fork sends back
 * ({@link dev.sns.jmh.link.WindowSamples}, with their {@link dev.sns.jmh.link.EnergySamples} when energy
 * was asked for; a CPU benchmark's the host builds from JMH's own scores,
 * {@link dev.sns.jmh.link.JmhScoreWindows}) inside JMH's results ({@link dev.sns.jmh.link.SnsResult},
 * {@link dev.sns.jmh.link.SnsValueResult}), how windows become the analysis's input
 * ({@link dev.sns.jmh.link.WindowMeasurements}), and a benchmark's {@code @GpuTiming}
 * ({@link dev.sns.jmh.link.GpuTimingOverrides}: the host checks it before any fork, the fork applies it).
 *
 * <p>The fork sends samples and evidence only; every interval is computed on the host through
 * {@code dev.sns.analysis}. Imports the runtime, the report formats (to check the {@code formats}
 * option) and {@code dev.sns.jmh.annotations}; never {@code dev.sns.jmh.fork} or
 * {@code dev.sns.jmh.host}, which both import it. Units:
 * nanoseconds per call on the link, milliseconds per call in results.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
package dev.sns.jmh.link;

import org.apiguardian.api.API;
