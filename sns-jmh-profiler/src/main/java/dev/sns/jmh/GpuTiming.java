package dev.sns.jmh;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Per-benchmark overrides of the {@code -prof sns} timing options, on a {@code @Benchmark} method
 * (or its class). Empty values keep the profiler's option.
 *
 * <pre>{@code
 * @Benchmark
 * @GpuTiming(innerReps = "1", flushL2 = "true")     // every sample one cold launch
 * public void cold(GpuBlackhole gpu) { gpu.time(read); }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface GpuTiming {
    /** Calls per sample: a number or "auto"; empty: the profiler's innerReps. */
    String innerReps() default "";

    /** "true" or "false"; empty: the profiler's flushL2. */
    String flushL2() default "";

    /** "plain", "blocking" or "graph"; empty: the profiler's launch. */
    String launch() default "";
}
