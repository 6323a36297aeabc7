package dev.sns.jmh.link;

import dev.sns.jmh.annotations.GpuTiming;
import dev.sns.options.OptionLine;
import dev.sns.options.SnsOptions;
import dev.sns.options.TimingOption;
import dev.sns.options.TimingOptions;
import java.lang.reflect.Method;
import java.util.Map;

/** Applies a benchmark's {@link GpuTiming} to the run's timing options: the method's, else its class's. */
public final class GpuTimingOverrides {
    private GpuTimingOverrides() {}

    /**
     * {@code base} with the {@code @GpuTiming} of {@code benchmark} ("pkg.Class.method") applied; a bad
     * key, a key that is not per-benchmark, or a bad value is an error naming the benchmark.
     */
    public static SnsOptions apply(SnsOptions base, String benchmark, ClassLoader loader) {
        GpuTiming t = find(benchmark, loader);
        if (t == null) {
            return base;
        }
        try {
            SnsOptions.Builder b = base.toBuilder();
            for (Map.Entry<String, String> e : OptionLine.parse(t.value(), "").entrySet()) {
                TimingOption<?> o = TimingOptions.find(e.getKey());
                if (o.scope() != TimingOption.Scope.BENCHMARK) {
                    throw new IllegalArgumentException("'" + e.getKey() + "' cannot be set per benchmark; per-benchmark "
                            + "options: " + String.join(", ", TimingOptions.in(TimingOption.Scope.BENCHMARK).stream()
                            .map(TimingOption::key).toList()));
                }
                b.set(e.getKey(), e.getValue());
            }
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("@GpuTiming(\"" + t.value() + "\") on " + benchmark + ": "
                    + e.getMessage(), e);
        }
    }

    /** The annotation on the benchmark method, else on its class; null when there is none. */
    static GpuTiming find(String benchmark, ClassLoader loader) {
        int dot = benchmark.lastIndexOf('.');
        if (dot < 0) {
            return null;
        }
        try {
            Class<?> c = Class.forName(benchmark.substring(0, dot), false, loader);
            String method = benchmark.substring(dot + 1);
            for (Method m : c.getMethods()) {
                if (m.getName().equals(method) && m.isAnnotationPresent(GpuTiming.class)) {
                    return m.getAnnotation(GpuTiming.class);
                }
            }
            return c.getAnnotation(GpuTiming.class);
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }
}
