package dev.sns.jmh;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Per-benchmark timing options in the form of sns 0.1: one element per option.
 *
 * @deprecated replaced in 0.2.0 by {@link dev.sns.jmh.annotations.GpuTiming}, which takes every
 *     per-benchmark option as {@code key=value;key=value}: {@code @GpuTiming(innerReps = "1", flushL2 = "true")}
 *     becomes {@code @GpuTiming("innerReps=1;flushL2=true")}. This one is still read (its empty
 *     elements leave the run's options as they are), and goes in the next release.
 */
@Deprecated(since = "0.2.0", forRemoval = true)
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface GpuTiming {
    /**
     * Calls per sample: a number or "auto"; empty: the run's innerReps.
     *
     * @return the option innerReps, or ""
     */
    String innerReps() default "";

    /**
     * "true" or "false"; empty: the run's flushL2.
     *
     * @return the option flushL2, or ""
     */
    String flushL2() default "";

    /**
     * "plain", "blocking" or "graph"; empty: the run's launch.
     *
     * @return the option launch, or ""
     */
    String launch() default "";
}
