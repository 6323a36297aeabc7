package dev.sns.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.stats.BootstrapSettings;
import dev.sns.timing.SamplingPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Options are bounded to what can run: each bound is accepted at its edge and refused just past it,
 * with one message naming the key and the value; numbers past the int range are refused, never wrapped.
 */
class OptionBoundsTest {
    @Test
    void eachBoundHoldsAtItsEdgeAndFailsJustPastIt() {
        SnsOptions.builder().innerReps(SnsOptions.MAX_INNER_REPS).maxInnerReps(SnsOptions.MAX_INNER_REPS)
                .targetMs(SnsOptions.MAX_TARGET_MS).minWarmupMs(SnsOptions.MAX_PHASE_MS)
                .minSamplingMs(SnsOptions.MAX_PHASE_MS).warmup(SnsOptions.MAX_WARMUP_CALLS)
                .iterations(SamplingPlan.MAX_SAMPLES).telemetryMs(SnsOptions.MIN_TELEMETRY_MS)
                .flushBytes(SnsOptions.MAX_FLUSH_BYTES).resamples(BootstrapSettings.MAX_RESAMPLES).build();
        SnsOptions.builder().streams(0).streams(SnsOptions.MAX_STREAMS).build();
        refused(() -> SnsOptions.builder().streams(SnsOptions.MAX_STREAMS + 1), "streams", "got 17");
        refused(() -> SnsOptions.builder().streams(-1), "streams", "got -1");
        refused(() -> SnsOptions.builder().innerReps(SnsOptions.MAX_INNER_REPS + 1), "innerReps", "got 1048577");
        refused(() -> SnsOptions.builder().maxInnerReps(SnsOptions.MAX_INNER_REPS + 1), "maxInnerReps", "got 1048577");
        refused(() -> SnsOptions.builder().targetMs(Math.nextUp(SnsOptions.MAX_TARGET_MS)), "targetMs", "60000.00");
        refused(() -> SnsOptions.builder().minWarmupMs(Math.nextUp(SnsOptions.MAX_PHASE_MS)), "minWarmupMs", "got 3600000.0");
        refused(() -> SnsOptions.builder().minSamplingMs(Math.nextUp(SnsOptions.MAX_PHASE_MS)), "minSamplingMs", "got 3600000.0");
        refused(() -> SnsOptions.builder().warmup(SnsOptions.MAX_WARMUP_CALLS + 1), "warmup",
                "got " + (SnsOptions.MAX_WARMUP_CALLS + 1));
        refused(() -> SnsOptions.builder().iterations(SamplingPlan.MAX_SAMPLES + 1), "iterations",
                "got " + (SamplingPlan.MAX_SAMPLES + 1));
        refused(() -> SnsOptions.builder().telemetryMs(Math.nextDown(SnsOptions.MIN_TELEMETRY_MS)), "telemetryMs", "got 0.09");
        refused(() -> SnsOptions.builder().flushBytes(SnsOptions.MAX_FLUSH_BYTES + 1), "flushBytes", "got 1099511627777");
        refused(() -> SnsOptions.builder().resamples(BootstrapSettings.MAX_RESAMPLES + 1), "resamples", "got 1000001");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "targetMs|1e308|targetMs must be positive and at most 60000 (a minute per sample), got 1.0E308 ms",
            "targetMs|NaN|got NaN ms",
            "targetMs|Infinity|got Infinity ms",
            "innerReps|2147483647|innerReps must be at most 1048576, got 2147483647",
            "innerReps|99999999999|innerReps must be at most 2147483647, got '99999999999'",
            "innerReps|-99999999999|innerReps must be at least -2147483648, got '-99999999999'",
            "resamples|2147483647|resamples must be between 100 and 1000000, got 2147483647",
            "telemetryMs|1e308|telemetryMs must be between 0.1 and 60000 ms, got 1.0E308",
            "telemetryMs|0|telemetryMs must be between 0.1 and 60000 ms, got 0.0",
            "minWarmupMs|1e308|minWarmupMs must be between 0 and 3600000 ms, got 1.0E308",
            "flushBytes|99999999999999999999|flushBytes must be an integer, got '99999999999999999999'",
            "streams|17|streams must be between 0 (one per window) and 16, got 17",
            "devices|99999999999|device index 99999999999 is past any machine's count",
    })
    void outOfRangeTextIsOneMessageNamingKeyAndValue(String key, String value, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SnsOptions.builder().set(key, value));
        assertTrue(e.getMessage().startsWith("sns option " + key + "=" + value + " is invalid: "), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"confidence,a number", "targetMs,a number", "resamples,an integer", "innerReps,an integer",
            "seed,a decimal or 0x-hex long"})
    void anEmptyValueIsCalledEmptyNamingTheKey(String key, String kind) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SnsOptions.builder().set(key, ""));
        assertTrue(e.getMessage().contains(key + " must be " + kind + ", got an empty value"), e.getMessage());
        assertFalse(e.getMessage().contains("empty String"), e.getMessage());
    }

    @Test
    void theOneIntegerReaderNeverWraps() {
        assertEquals(Integer.MAX_VALUE, TimingOptions.integer("n", "2147483647"));
        assertEquals(Integer.MIN_VALUE, TimingOptions.integer("n", "-2147483648"));
        assertEquals(7, TimingOptions.integer("n", " 7 "));
        refused(() -> TimingOptions.integer("n", "2147483648"), "n must be at most 2147483647", "got '2147483648'");
        refused(() -> TimingOptions.integer("n", "-2147483649"), "n must be at least -2147483648", "got '-2147483649'");
        refused(() -> TimingOptions.integer("n", "4294967297"), "at most", "'4294967297'"); // wraps to 1 as an int
        refused(() -> TimingOptions.integer("n", "1.5"), "n must be an integer", "got '1.5'");
    }

    private static void refused(Runnable r, String... expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        for (String x : expected) {
            assertTrue(e.getMessage().contains(x), "'" + x + "' not in: " + e.getMessage());
        }
    }
}
