package dev.sns.jmh.link;

import dev.sns.jmh.annotations.GpuTiming;
import dev.sns.options.OptionLine;
import dev.sns.options.SnsOptions;
import dev.sns.options.TimingOption;
import dev.sns.options.TimingOptions;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.StringJoiner;

/** Applies a benchmark's {@link GpuTiming} to the run's timing options: the method's, else its class's. */
public final class GpuTimingOverrides {
    private GpuTimingOverrides() {}

    /**
     * {@code base} with the {@code @GpuTiming} of {@code benchmark} ("pkg.Class.method") applied; a bad
     * key, a key that is not per-benchmark, or a bad value is an error naming the benchmark.
     */
    public static SnsOptions apply(SnsOptions base, String benchmark, ClassLoader loader) {
        String line = find(benchmark, loader);
        if (line == null) {
            return base;
        }
        try {
            SnsOptions.Builder b = base.toBuilder();
            for (Map.Entry<String, String> e : OptionLine.parse(line, "").entrySet()) {
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
            throw new IllegalArgumentException("@GpuTiming(\"" + line + "\") on " + benchmark + ": "
                    + e.getMessage(), e);
        }
    }

    /**
     * The options of the annotation on the benchmark method, else on its class, as
     * {@code key=value;...}; null when there is none. The form of 0.1 ({@code dev.sns.jmh.GpuTiming},
     * one element per option) is read too, until it goes.
     */
    static String find(String benchmark, ClassLoader loader) {
        int dot = benchmark.lastIndexOf('.');
        if (dot < 0) {
            return null;
        }
        try {
            Class<?> c = Class.forName(benchmark.substring(0, dot), false, loader);
            String method = benchmark.substring(dot + 1);
            for (Method m : c.getMethods()) {
                if (m.getName().equals(method)) {
                    String line = line(m);
                    if (line != null) {
                        return line;
                    }
                }
            }
            return line(c);
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }

    private static String line(AnnotatedElement e) {
        GpuTiming t = e.getAnnotation(GpuTiming.class);
        if (t != null) {
            return t.value();
        }
        if (LegacyAnnotations.value(e, LegacyAnnotations.GPU_TIMING, "launch") == null) {
            return null;
        }
        StringJoiner line = new StringJoiner(";");
        for (String key : new String[] {"innerReps", "flushL2", "launch"}) {
            String v = LegacyAnnotations.value(e, LegacyAnnotations.GPU_TIMING, key);
            if (!v.isEmpty()) {
                line.add(key + "=" + v);
            }
        }
        return line.toString();
    }
}
