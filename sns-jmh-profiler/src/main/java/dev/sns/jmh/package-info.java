/**
 * JMH glue: {@code -prof sns}, the {@link dev.sns.jmh.GpuBlackhole} benchmarks take as a parameter,
 * and the sns {@link dev.sns.jmh.SnsMain}.
 *
 * <p>Two JVMs are involved. In each forked JVM, {@link dev.sns.jmh.GpuBlackhole} times every
 * invocation with the sns timer and files the samples with {@link dev.sns.jmh.ForkSamples}; the
 * fork half of {@link dev.sns.jmh.SnsProfiler} brackets each measurement iteration with telemetry and
 * hands the samples to JMH as an {@link dev.sns.jmh.SnsResult}. In the host JVM, the host half
 * applies the clock policy around each fork and passes each finished fork to the
 * {@link dev.sns.jmh.HostCollector}, which merges forks, computes the interval and tier, prints a
 * line per benchmark and rewrites the reports.
 *
 * <p>Facts about JMH 1.37 this relies on are in DESIGN.md; JMH's source is the authority. Units:
 * samples are nanoseconds per call in the fork, milliseconds per call in results and reports.
 * Must not import {@code jcuda.*} or {@code com.sun.jna.*}.
 */
package dev.sns.jmh;
