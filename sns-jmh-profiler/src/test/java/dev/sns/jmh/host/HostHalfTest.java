package dev.sns.jmh.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.options.TimeValue;

/** How long a fork may live before its watch ends it: known answers. */
class HostHalfTest {
    private static BenchmarkParams params(int warmups, TimeValue warmupTime, int iterations, TimeValue time, TimeValue to) {
        return new BenchmarkParams("pkg.B.m", "pkg.generated.B_m_jmhTest", false, 1, new int[] {1}, List.of(), 1, 0,
                new IterationParams(IterationType.WARMUP, warmups, warmupTime, 1),
                new IterationParams(IterationType.MEASUREMENT, iterations, time, 1), Mode.AverageTime,
                new WorkloadParams(), TimeUnit.MICROSECONDS, 1, "java", List.of(), "17", "vm", "17", "1.37", to);
    }

    @Test
    void autoBudgetIsEveryIterationsTimePlusItsTimeoutPlusAMinute() {
        // 1 x (100 ms + 1 s) + 3 x (100 ms + 1 s) + 60 s
        assertEquals(64_400, HostHalf.budgetMillis(params(1, TimeValue.milliseconds(100), 3, TimeValue.milliseconds(100),
                TimeValue.seconds(1)), 0));
        // JMH's defaults: 5 x (10 s + 10 min) warm-up and measurement, + 60 s
        assertEquals(10 * 610_000 + 60_000, HostHalf.budgetMillis(params(5, TimeValue.seconds(10), 5,
                TimeValue.seconds(10), TimeValue.minutes(10)), 0));
        // no warm-up: only the measurement and the minute
        assertEquals(3 * 1_500 + 60_000, HostHalf.budgetMillis(params(0, TimeValue.seconds(1), 3,
                TimeValue.seconds(1), TimeValue.milliseconds(500)), 0));
    }

    @Test
    void forkTimeoutReplacesTheAutoBudgetWithoutIntOverflow() {
        BenchmarkParams p = params(5, TimeValue.seconds(10), 5, TimeValue.seconds(10), TimeValue.minutes(10));
        assertEquals(5_000, HostHalf.budgetMillis(p, 5));
        assertEquals(2_147_483_647_000L, HostHalf.budgetMillis(p, Integer.MAX_VALUE));
    }

    @Test
    void onlyJava22AndLaterForksGetTheNativeAccessFlagWhichCostsEveryOtherForkItsCdsModuleGraph() {
        org.junit.jupiter.api.Assertions.assertFalse(HostHalf.nativeAccessFlag(HostHalf.javaMajor("17.0.15")));
        org.junit.jupiter.api.Assertions.assertFalse(HostHalf.nativeAccessFlag(HostHalf.javaMajor("21.0.4")));
        org.junit.jupiter.api.Assertions.assertTrue(HostHalf.nativeAccessFlag(HostHalf.javaMajor("22")));
        org.junit.jupiter.api.Assertions.assertTrue(HostHalf.nativeAccessFlag(HostHalf.javaMajor("25-ea+3")));
        org.junit.jupiter.api.Assertions.assertFalse(HostHalf.nativeAccessFlag(HostHalf.javaMajor("1.8.0_402")));
    }
}
