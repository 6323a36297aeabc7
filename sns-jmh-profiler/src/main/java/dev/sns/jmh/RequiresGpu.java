package dev.sns.jmh;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a benchmark (method or class) that needs a GPU although none of its parameters is a
 * {@link GpuBlackhole}. On a machine without a GPU, {@link SnsMain} skips such benchmarks with one
 * line each instead of letting them fail.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface RequiresGpu {}
