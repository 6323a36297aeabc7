/**
 * The fork half: what runs in each forked JVM. {@link dev.sns.jmh.fork.ThreadSession} times each
 * invocation a benchmark thread hands to {@code GpuBlackhole} and files the samples with
 * {@link dev.sns.jmh.fork.ForkSamples}; {@link dev.sns.jmh.fork.ForkHalf} brackets each measurement
 * iteration with telemetry and returns its window to JMH.
 *
 * <p>Sends samples and evidence only (see {@code dev.sns.jmh.link}); computes no statistic. Imports
 * the runtime, {@code dev.sns.jmh.link} and {@code dev.sns.jmh.annotations}; never
 * {@code dev.sns.jmh.host}, a GPU leaf package, JCuda or JNA. Units: nanoseconds per call.
 */
package dev.sns.jmh.fork;
