package dev.sns.jmh;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The baseline of a candidate benchmark, in the package of sns 0.1.
 *
 * @deprecated moved to {@link dev.sns.jmh.annotations.Baseline} in 0.2.0 (same element, same meaning):
 *     change the import. This one is still read, and goes in the next release.
 */
@Deprecated(since = "0.2.0", forRemoval = true)
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Baseline {
    /**
     * The baseline benchmark: a method name of this class, or Class.method (qualified as needed).
     *
     * @return the baseline's name
     */
    String value();
}
