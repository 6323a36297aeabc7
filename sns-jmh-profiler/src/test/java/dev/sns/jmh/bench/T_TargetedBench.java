package dev.sns.jmh.bench;

import dev.sns.jmh.annotations.GpuTiming;

/**
 * {@link S_NoisyBench}'s kernel with its own precision target: {@code @GpuTiming} asks for +-1.5% (and a
 * GPU-time cap the fake's long samples never reach), whatever the run's {@code -prof sns} line says.
 */
@GpuTiming("halfWidth=1.5%;maxSamplingMs=3600000")
public class T_TargetedBench extends S_NoisyBench {
}
