package dev.sns.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.timing.LaunchMode;
import dev.sns.timing.TimerKind;
import org.junit.jupiter.api.Test;

class SnsOptionsTest {
    @Test
    void defaults() {
        SnsOptions o = SnsOptions.defaults();
        // Issue 12: warm-up by time (at least 10 calls and 10 ms of work), no longer 200 calls.
        assertEquals(10, o.warmup());
        assertEquals(10.0, o.minWarmupMs());
        assertEquals(100, o.iterations());
        assertEquals(10, o.windows());
        assertTrue(o.autoInnerReps());
        assertEquals(1.0, o.targetMs());
        assertEquals(0xC0FFEEL, o.bootstrap().seed());
        assertEquals(2000, o.bootstrap().resamples());
        assertEquals(0.95, o.bootstrap().confidence());
        assertTrue(o.interleave(true));
        assertTrue(!o.interleave(false));
        assertEquals("unlocked", o.describe().get("clocks"));
        assertEquals("0xC0FFEE", o.describe().get("seed"));
        // windows take a stream each (up to 16); 1 keeps every window on one stream
        assertEquals(0, o.streams());
        assertEquals(10, o.streamsPerCall());
        assertEquals(16, SnsOptions.builder().iterations(40).windows(40).build().streamsPerCall());
        assertEquals(3, SnsOptions.builder().windows(5).streams(3).build().streamsPerCall());
        assertEquals(1, SnsOptions.builder().set("streams", "1").build().streamsPerCall());
    }

    @Test
    void badValuesAreNamed() {
        assertMessage(() -> SnsOptions.builder().iterations(5), "got 5");
        assertMessage(() -> SnsOptions.builder().warmup(-1), "got -1");
        assertMessage(() -> SnsOptions.builder().innerReps(0), "autoInnerReps");
        assertMessage(() -> SnsOptions.builder().targetMs(-1), "-1.0 ms");
        assertMessage(() -> SnsOptions.builder().flopsPerCall(0), "got 0.0");
        assertMessage(() -> SnsOptions.builder().confidence(1.5), "1.5");
        assertMessage(() -> SnsOptions.builder().device(-2), "got -2");
        assertMessage(() -> SnsOptions.builder().iterations(10).windows(20).build(), "windows (20) > iterations (10)");
        assertMessage(() -> TimerKind.parse("gpu"), "auto, cuda, wall; got 'gpu'");
        assertMessage(() -> LaunchMode.parse("fast"), "plain, blocking, graph; got 'fast'");
    }

    @Test
    void toBuilderKeepsEverything() {
        SnsOptions o = SnsOptions.builder().name("x").iterations(30).innerReps(7).flushL2(true).seed(5).build();
        SnsOptions p = o.toBuilder().build();
        assertEquals(o.describe(), p.describe());
        assertEquals("x", p.name());
        assertEquals(7, p.samplingPlan().innerReps());
    }

    private static void assertMessage(Runnable r, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
