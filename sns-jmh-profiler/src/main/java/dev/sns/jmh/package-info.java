/**
 * The JMH user API: {@link dev.sns.jmh.GpuBlackhole} (what a GPU benchmark takes as a parameter),
 * {@link dev.sns.jmh.SnsProfiler} ({@code -prof sns}, the profiler JMH loads in both JVMs; the
 * default-package class {@code sns} makes the short name resolve), and the annotations in
 * {@code dev.sns.jmh.annotations}.
 *
 * <p>Two JVMs are involved: the fork half ({@code dev.sns.jmh.fork}) times each invocation and
 * sends windows of samples back; the host half ({@code dev.sns.jmh.host}) applies clock policies,
 * collects forks, runs the analysis and writes reports; {@code dev.sns.jmh.link} is what they share.
 * Facts about JMH 1.37 this relies on are in DESIGN.md; JMH's source is the authority.
 *
 * <p>This package sits on top: it imports the three halves' packages, none imports it. Must not
 * import a GPU leaf package, JCuda or JNA.
 */
@API(status = API.Status.STABLE, since = "0.2.0")
package dev.sns.jmh;

import org.apiguardian.api.API;
