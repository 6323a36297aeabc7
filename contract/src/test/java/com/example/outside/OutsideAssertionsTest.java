package com.example.outside;

import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sns.Sns;
import dev.sns.Workload;
import dev.sns.junit.SnsAssertions;
import dev.sns.model.ComparisonResult;
import dev.sns.model.MeasurementTier;
import dev.sns.options.SnsOptions;
import dev.sns.timing.TimerKind;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * The compatibility fixture's JUnit test, as an outside user writes one with sns's assertions: a
 * quarter of the work is faster than the whole, and the whole is not faster than a quarter. Never
 * edit it to follow an API change.
 */
class OutsideAssertionsTest {
    private static final long[] DATA = new long[1 << 16];
    private static long sink;

    static {
        for (int i = 0; i < DATA.length; i++) {
            DATA[i] = i * 0x9E3779B97F4A7C15L;
        }
    }

    @Test
    void aQuarterOfTheWorkIsFaster() {
        Workload quarter = stream -> sink += mix(DATA.length / 4);
        Workload full = stream -> sink += mix(DATA.length);
        SnsOptions options = SnsOptions.builder().timer(TimerKind.WALL).iterations(60).windows(6).innerReps(4).build();
        ComparisonResult c = Sns.compare(quarter, full, options);
        if (c.tier() != MeasurementTier.C) {
            SnsAssertions.assertFaster(c);
            SnsAssertions.assertNotSlower(c);
            ComparisonResult reversed = Sns.compare(full, quarter, options);
            assertThrows(AssertionFailedError.class, () -> SnsAssertions.assertFaster(reversed, 1.0));
        }
    }

    private static long mix(int count) {
        long h = 17;
        for (int i = 0; i < count; i++) {
            h = Long.rotateLeft(h ^ DATA[i], 13) * 31;
        }
        return h;
    }
}
