package dev.sns.jmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Per-benchmark values of the {@code -prof sns} timing options, on a {@code @Benchmark} method (or its
 * class; the method's wins), written as {@code -prof sns} writes them: {@code key=value;key=value}.
 * Every option the table marks per-benchmark may appear (timer, innerReps, targetMs, maxInnerReps,
 * flushL2, flushBytes, launch, eventStream, launchOverhead, kernels, energy, energyUpdates, energyIdle,
 * energyCool; {@code -prof sns:help} lists them); a bad
 * key or value fails the run before anything is measured, naming the benchmark.
 *
 * <pre>{@code
 * @Benchmark
 * @GpuTiming("innerReps=1;flushL2=true")     // every sample one cold launch
 * public void cold(GpuBlackhole gpu) { gpu.time(read); }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface GpuTiming {
    /** {@return the options, {@code key=value;key=value}} Per-benchmark options only, as listed above. */
    String value();
}
