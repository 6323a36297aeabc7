package dev.sns.jmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a benchmark (method or class) that needs a GPU. A benchmark also needs one when a parameter
 * type carries this mark, as {@code GpuBlackhole} does. On a machine without a GPU, the sns Main
 * skips such benchmarks with one line each instead of letting them fail.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface RequiresGpu {}
