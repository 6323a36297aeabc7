package dev.sns.jmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the baseline of a candidate {@code @Benchmark}: sns measures both in the same run (the
 * baseline is never cached), pairs them per {@code @Param} combination, and reports the speedup
 * (baseline median / candidate median) with its interval and a verdict.
 *
 * <pre>{@code
 * @Benchmark @Baseline("naive")                      // a method of the same class
 * public void tiled(GpuBlackhole gpu) { ... }
 * @Benchmark @Baseline("other.pkg.Library.copy")     // or of another class (a unique suffix will do)
 * public void mine(GpuBlackhole gpu) { ... }
 * }</pre>
 *
 * An unknown, ambiguous or self-referencing baseline fails the run before anything is measured.
 * Suites that cannot be edited pair by name instead: {@code -prof sns:pair=CANDIDATE_REGEX->BASELINE}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Baseline {
    /** {@return the baseline benchmark} A method name of this class, or Class.method (qualified as needed). */
    String value();
}
