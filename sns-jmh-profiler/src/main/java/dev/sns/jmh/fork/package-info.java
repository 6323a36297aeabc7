/**
 * The fork half: what runs in each forked JVM. {@link dev.sns.jmh.fork.ThreadSession} times each
 * invocation a benchmark thread hands to {@code GpuBlackhole} and files the samples with
 * {@link dev.sns.jmh.fork.ForkSamples}; {@link dev.sns.jmh.fork.ForkHalf} brackets each measurement
 * iteration with telemetry and returns its window to JMH (a benchmark without a {@code GpuBlackhole}
 * returns none: the host reads JMH's own scores); with {@code energy=true},
 * {@link dev.sns.jmh.fork.ForkEnergy} watches the device's energy counter for the fork (idle power
 * before the first call) and cuts each measurement iteration's energy windows.
 *
 * <p>Sends samples and evidence only (see {@code dev.sns.jmh.link}); computes no statistic. Imports
 * the runtime, {@code dev.sns.jmh.link} and {@code dev.sns.jmh.annotations}; never
 * {@code dev.sns.jmh.host}, a GPU leaf package, JCuda or JNA. Units: nanoseconds per call; energy
 * windows in millijoules and nanoseconds.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
package dev.sns.jmh.fork;

import org.apiguardian.api.API;
