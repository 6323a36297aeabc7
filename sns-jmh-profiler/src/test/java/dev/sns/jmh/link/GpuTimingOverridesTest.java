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
}
