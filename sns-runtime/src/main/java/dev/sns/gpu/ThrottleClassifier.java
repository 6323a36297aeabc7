package dev.sns.gpu;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Which clock-event reasons and violation counters are throttles (tier C) and which are only
 * recorded. Pure: table-driven tests cover every bit.
 *
 * <p>Throttles: hardware slowdown, hardware and software thermal slowdown, hardware power brake; the
 * thermal, reliability and board-limit counters. Metadata only: idle, application clock setting,
 * software power cap (seen active on idle GPUs), sync boost, display clock; the power, sync-boost,
 * low-utilization and total application/base clock counters.
 */
public final class ThrottleClassifier {
    private ThrottleClassifier() {}

    /** NVML's clock-event reason bits, by name (nvmlClocksEventReason*). */
    public static final Map<String, Long> REASON_BITS = Map.of(
            "gpu_idle", 0x1L,
            "applications_clocks_setting", 0x2L,
            "sw_power_cap", 0x4L,
            "hw_slowdown", 0x8L,
            "sync_boost", 0x10L,
            "sw_thermal_slowdown", 0x20L,
            "hw_thermal_slowdown", 0x40L,
            "hw_power_brake_slowdown", 0x80L,
            "display_clock_setting", 0x100L);

    /** The reason bits that count as throttles. */
    public static final long THROTTLE_MASK = 0x8L | 0x20L | 0x40L | 0x80L;

    /** NVML's violation counters (nvmlPerfPolicyType_t), by name, with their policy number. */
    public static final Map<String, Integer> COUNTERS = Map.of(
            "power", 0,
            "thermal", 1,
            "sync_boost", 2,
            "board_limit", 3,
            "low_utilization", 4,
            "reliability", 5,
            "total_app_clocks", 10,
            "total_base_clocks", 11);

    /**
     * The counters read at each window boundary: the throttle counters and the power counter. The
     * others are metadata that cost about half a millisecond a read on an H200, twice per window.
     */
    public static final List<String> READ_COUNTERS = List.of("thermal", "reliability", "board_limit", "power");

    /** The counters whose growth counts as a throttle. */
    public static final List<String> THROTTLE_COUNTERS = List.of("thermal", "reliability", "board_limit");

    /** Names of the bits set in {@code mask}, throttles first, each list sorted. */
    public static List<String> throttleReasons(long mask) {
        return names(mask, true);
    }

    /** Names of the metadata bits set in {@code mask}, sorted. */
    public static List<String> metadataReasons(long mask) {
        return names(mask, false);
    }

    private static List<String> names(long mask, boolean throttles) {
        List<String> out = new ArrayList<>();
        if (mask < 0) {
            return out;
        }
        REASON_BITS.forEach((name, bit) -> {
            if ((mask & bit) != 0 && ((bit & THROTTLE_MASK) != 0) == throttles) {
                out.add(name);
            }
        });
        long unknown = mask & ~REASON_BITS.values().stream().mapToLong(Long::longValue).reduce(0L, (a, b) -> a | b);
        if (!throttles && unknown != 0) {
            out.add("unknown_0x" + Long.toHexString(unknown));
        }
        out.sort(null);
        return out;
    }

    /** Whether growth of this counter is a throttle. */
    public static boolean isThrottleCounter(String name) {
        return THROTTLE_COUNTERS.contains(name);
    }
}
