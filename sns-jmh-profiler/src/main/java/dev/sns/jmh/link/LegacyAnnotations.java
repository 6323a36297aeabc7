package dev.sns.jmh.link;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.InvocationTargetException;

/**
 * The 0.1 annotations that 0.2.0 still reads ({@code dev.sns.jmh.Baseline}, {@code dev.sns.jmh.GpuTiming},
 * deprecated for removal), found by name: they live in {@code dev.sns.jmh}, which imports this package and
 * the host's, so naming their classes here would make an import cycle. Goes with them.
 */
public final class LegacyAnnotations {
    /** The package of 0.1's annotations (a name, not a dependency: nothing here loads it but by name). */
    private static final String PACKAGE_OF_01 = "dev.sns.jmh";
    /** 0.1's {@code @Baseline}. */
    public static final String BASELINE = PACKAGE_OF_01 + ".Baseline";
    /** 0.1's {@code @GpuTiming}, one element per option. */
    public static final String GPU_TIMING = PACKAGE_OF_01 + ".GpuTiming";

    private LegacyAnnotations() {}

    /**
     * The text element {@code element} of the annotation named {@code annotation} on {@code e}.
     *
     * @return its value, or null when {@code e} has no such annotation
     */
    public static String value(AnnotatedElement e, String annotation, String element) {
        for (Annotation a : e.getAnnotations()) {
            if (a.annotationType().getName().equals(annotation)) {
                try {
                    return (String) a.annotationType().getMethod(element).invoke(a);
                } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException ex) {
                    throw new IllegalStateException("@" + annotation + " has no readable element " + element + ": " + ex, ex);
                }
            }
        }
        return null;
    }
}
