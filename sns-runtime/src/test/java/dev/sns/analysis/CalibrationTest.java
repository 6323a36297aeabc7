package dev.sns.analysis;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.fakes.FakeVariance;
import dev.sns.options.SnsOptions;
import dev.sns.stats.Interval;
import org.junit.jupiter.api.Test;

/**
 * Calibration on samples with a known variance structure (issue 12): across repeated sessions, the
 * 95% intervals of the default design hold the truth 93-97% of the time and are at most 1.2 times
 * as wide as the spread of the estimates says they must be (the ideal: 2 x 1.96 x their sd). The
 * structures carry per-sample noise, per-window drift shared by both sides, per-window drift of
 * each side, a per-session offset, and slow tails. Fixed seeds; 400 trials per structure, so one
 * structure's coverage has a standard error of 1.1 points: each must lie within 92-98% (about two
 * standard errors around 95%), and the three interleaved structures together (1200 trials, 0.6
 * points) within 93-97%. {@link CalibrationMain} prints a larger table (2000 trials per structure:
 * 95.7-96.5%), with the design used before for comparison (99-100%, 1.5-1.6 times the ideal).
 */
class CalibrationTest {
    private static final int TRIALS = 400;
    private static final SnsOptions DEFAULTS = SnsOptions.defaults();

    private static final FakeVariance DRIFT = FakeVariance.noise("drift", 0.01).withDrift(0.005, 0).withRun(0.03);
    private static final FakeVariance SIDE_DRIFT =
            FakeVariance.noise("drift+side", 0.01).withDrift(0.005, 0.003).withRun(0.03);
    private static final FakeVariance TAILS =
            FakeVariance.noise("tails", 0.005).withDrift(0.003, 0.001).withTail(0.02, 0.3);

    private static void assertCalibrated(CalibrationSimulation.Outcome o, double low, double high) {
        assertTrue(o.coverage() >= low && o.coverage() <= high,
                "coverage outside " + 100 * low + "-" + 100 * high + "%: " + o.line());
        assertTrue(o.widthOverIdeal() <= 1.2 && o.widthOverIdeal() >= 0.8, "width not within 0.8-1.2 of ideal: " + o.line());
    }

    private static CalibrationSimulation.Outcome aa(FakeVariance v, double ratio, long seed) {
        return CalibrationSimulation.paired("compare", CalibrationSimulation.COMPARE_NOW, v, ratio,
                DEFAULTS.iterations(), DEFAULTS.windows(), TRIALS, seed);
    }

    /**
     * Interleaved comparisons: drift both sides share (it cancels), each side's own drift as well
     * with a known speedup of 1.25, and slow tails.
     */
    @Test
    void interleavedComparisonsAreCalibrated() {
        CalibrationSimulation.Outcome[] all = {aa(DRIFT, 1.0, 11), aa(SIDE_DRIFT, 1.25, 12), aa(TAILS, 1.0, 13)};
        double covered = 0;
        for (CalibrationSimulation.Outcome o : all) {
            assertCalibrated(o, 0.92, 0.98);
            covered += o.coverage() * o.trials();
        }
        double pooled = covered / (all.length * TRIALS);
        assertTrue(pooled >= 0.93 && pooled <= 0.97, "pooled coverage " + pooled);
    }

    /** One call's interval covers that call's own median: the session's level, whatever its offset. */
    @Test
    void aMeasurementCoversItsOwnSessionsMedian() {
        assertCalibrated(CalibrationSimulation.single("measure", CalibrationSimulation.MEASURE_NOW, SIDE_DRIFT,
                DEFAULTS.iterations(), DEFAULTS.windows(), TRIALS, 15), 0.93, 0.97);
    }

    /**
     * With a per-session offset of 3%, a call's own interval says nothing about where a repeat
     * reads; given the host's repeatability (here the known 3%), the repeat interval does.
     */
    @Test
    void theRepeatIntervalCoversWhatRepeatCallsRead() {
        int own = 0;
        int repeat = 0;
        for (int t = 0; t < TRIALS; t++) {
            FakeVariance.Session s = SIDE_DRIFT.single(CalibrationSimulation.trialRandom(16, t), 10_000, DEFAULTS.iterations(), DEFAULTS.windows(),
                    SIDE_DRIFT.run());
            var r = Analysis.timing(s.candidate(), CalibrationSimulation.SETTINGS);
            double hostMillis = 10_000 / 1e6;
            own += r.intervalMillis().contains(hostMillis) ? 1 : 0;
            Interval ri = r.repeatIntervalMillis().orElseThrow();
            repeat += ri.contains(hostMillis) ? 1 : 0;
        }
        assertTrue(own < TRIALS / 2, "a call's own interval held the long-run median " + own + "/" + TRIALS);
        double coverage = repeat / (double) TRIALS;
        assertTrue(coverage >= 0.93 && coverage <= 0.97, "repeat interval coverage " + coverage);
    }
}
