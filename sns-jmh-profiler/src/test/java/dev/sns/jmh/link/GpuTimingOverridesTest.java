package dev.sns.jmh.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.jmh.annotations.GpuTiming;
import dev.sns.options.SnsOptions;
import dev.sns.timing.LaunchMode;
import org.junit.jupiter.api.Test;

/** {@code @GpuTiming} is read by the option table, per benchmark: the method's, else its class's. */
class GpuTimingOverridesTest {
    private static final ClassLoader CL = GpuTimingOverridesTest.class.getClassLoader();

    @GpuTiming("launch=graph")
    public static final class Annotated {
        @GpuTiming("innerReps=1;flushL2=true")
        public void cold() {}

        public void plain() {}

        @GpuTiming("seed=7")
        public void runScoped() {}

        @GpuTiming("innerReps=zero")
        public void bad() {}
    }

    private static String bench(String method) {
        return Annotated.class.getName() + "." + method;
    }

    @Test
    void theMethodsOptionsWinOverTheClasssAndTheRunsStay() {
        SnsOptions run = SnsOptions.builder().targetMs(2).build();
        SnsOptions cold = GpuTimingOverrides.apply(run, bench("cold"), CL);
        assertEquals(1, cold.innerReps());
        assertTrue(cold.flushL2());
        assertEquals(LaunchMode.BLOCKING, cold.launch(), "the class's annotation does not add to the method's");
        assertEquals(2.0, cold.targetMs());
        assertEquals(LaunchMode.GRAPH, GpuTimingOverrides.apply(run, bench("plain"), CL).launch());
        assertSame(run, GpuTimingOverrides.apply(run, "some.Other.benchmark", CL));
    }

    @Test
    void runScopedKeysAndBadValuesAreErrorsNamingTheBenchmark() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GpuTimingOverrides.apply(SnsOptions.defaults(), bench("runScoped"), CL));
        assertTrue(e.getMessage().contains("runScoped") && e.getMessage().contains("'seed' cannot be set per benchmark"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> GpuTimingOverrides.apply(SnsOptions.defaults(), bench("bad"), CL));
        assertTrue(e.getMessage().contains("@GpuTiming(\"innerReps=zero\") on " + bench("bad")), e.getMessage());
        assertTrue(e.getMessage().contains("innerReps must be an integer, got 'zero'"), e.getMessage());
    }

    /** A suite still written against 0.1: one element per option on {@code dev.sns.jmh.GpuTiming}, deprecated. */
    @SuppressWarnings("removal")
    @dev.sns.jmh.GpuTiming(launch = "graph")
    public static final class Legacy {
        @dev.sns.jmh.GpuTiming(innerReps = "1", flushL2 = "true")
        public void cold() {}

        public void plain() {}

        @dev.sns.jmh.GpuTiming(innerReps = "zero")
        public void bad() {}
    }

    @Test
    void theDeprecatedElementsOf01ReadAsTheirKeys() {
        String legacy = Legacy.class.getName() + ".";
        SnsOptions run = SnsOptions.builder().targetMs(2).build();
        SnsOptions cold = GpuTimingOverrides.apply(run, legacy + "cold", CL);
        assertEquals(1, cold.innerReps());
        assertTrue(cold.flushL2());
        assertEquals(LaunchMode.BLOCKING, cold.launch(), "empty elements leave the run's options");
        assertEquals(LaunchMode.GRAPH, GpuTimingOverrides.apply(run, legacy + "plain", CL).launch());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GpuTimingOverrides.apply(SnsOptions.defaults(), legacy + "bad", CL));
        assertTrue(e.getMessage().contains("@GpuTiming(\"innerReps=zero\") on " + legacy + "bad"), e.getMessage());
    }
}
