package dev.sns.gpu.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The event clock's tick from gaps between events (pure: runs without a GPU). */
class EventTickTest {
    @Test
    void gapsInThirtyTwoNanosecondStepsGiveThirtyTwo() {
        // Gaps seen on an H200 are multiples of 32 ns (float milliseconds add a little noise).
        double[] gaps = {2944.0004, 2976.0, 3007.9998, 1472.0, 2048.0001, 2944.0};
        assertEquals(32.0, EventTickTest.round(CudaEventTimer.tick(gaps, 500)), 0.01);
    }

    @Test
    void noPositiveGapFallsBackToTheDocumentedStep() {
        assertEquals(500.0, CudaEventTimer.tick(new double[] {0, 0, 0}, 500), 0.0);
    }

    @Test
    void aCoarseClockIsNeverReportedFinerThanItIs() {
        assertEquals(1000.0, CudaEventTimer.tick(new double[] {3000, 5000, 2000}, 1000), 1e-9);
        assertEquals(500.0, CudaEventTimer.tick(new double[] {3000, 5000, 2000}, 500), 1e-9); // capped
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
