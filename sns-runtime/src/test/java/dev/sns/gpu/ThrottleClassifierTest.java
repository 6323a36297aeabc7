package dev.sns.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class ThrottleClassifierTest {
    @ParameterizedTest(name = "bit {0} ({1}) throttle={2}")
    @CsvSource({
            "0x1, gpu_idle, false",
            "0x2, applications_clocks_setting, false",
            "0x4, sw_power_cap, false",
            "0x8, hw_slowdown, true",
            "0x10, sync_boost, false",
            "0x20, sw_thermal_slowdown, true",
            "0x40, hw_thermal_slowdown, true",
            "0x80, hw_power_brake_slowdown, true",
            "0x100, display_clock_setting, false",
    })
    void everyReasonBit(String hex, String name, boolean throttle) {
        long bit = Long.decode(hex);
        assertEquals(throttle ? List.of(name) : List.of(), ThrottleClassifier.throttleReasons(bit));
        assertEquals(throttle ? List.of() : List.of(name), ThrottleClassifier.metadataReasons(bit));
    }

    @Test
    void mixedMasksUnknownBitsAndFailedReads() {
        assertEquals(List.of("hw_slowdown", "hw_thermal_slowdown"), ThrottleClassifier.throttleReasons(0x4 | 0x8 | 0x40 | 0x1));
        assertEquals(List.of("gpu_idle", "sw_power_cap"), ThrottleClassifier.metadataReasons(0x4 | 0x8 | 0x40 | 0x1));
        assertEquals(List.of("unknown_0x1000"), ThrottleClassifier.metadataReasons(0x1000));
        assertTrue(ThrottleClassifier.throttleReasons(-1).isEmpty());
        assertTrue(ThrottleClassifier.metadataReasons(-1).isEmpty());
    }

    @Test
    void counters() {
        assertTrue(ThrottleClassifier.isThrottleCounter("thermal"));
        assertTrue(ThrottleClassifier.isThrottleCounter("reliability"));
        assertTrue(ThrottleClassifier.isThrottleCounter("board_limit"));
        assertFalse(ThrottleClassifier.isThrottleCounter("power"));
        assertFalse(ThrottleClassifier.isThrottleCounter("low_utilization"));
        assertEquals(8, ThrottleClassifier.COUNTERS.size());
    }
}
