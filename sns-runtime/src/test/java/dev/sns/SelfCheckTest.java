package dev.sns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.fakes.FakeTimer;
import dev.sns.fakes.FakeBackend;
import dev.sns.gpu.GpuTelemetry;
import dev.sns.options.SnsOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SelfCheckTest {
    /**
     * Noisy work with a slow drift shared by both sides (the fake clock's cost moves over time):
     * interleaving and pairing must keep the A/A intervals honest, i.e. covering 1 in at least 90%
     * of the trials, with the mean speedup at 1.
     */
    @Test
    void aaIntervalsOnDriftingNoisyWorkAreCalibrated() {
        FakeTimer t = new FakeTimer();
        Random r = new Random(9);
        long[] calls = {0};
        Workload drifting = s -> {
            double drift = 1 + 0.05 * Math.sin(calls[0]++ / 500.0);
            t.advance((long) (100_000 * drift * (1 + 0.02 * r.nextGaussian())));
        };
        SnsEngine e = new SnsEngine(new FakeBackend(t, GpuTelemetry.none("none")), m -> { });
        List<String> progress = new ArrayList<>();
        SelfCheck.Report report = SelfCheck.run(e, "drifting", drifting,
                SnsOptions.builder().warmup(10).iterations(60).windows(6).innerReps(1).launchOverhead(false).build(),
                40, progress::add);
        assertEquals(40, report.trials().size());
        assertEquals(40, progress.size());
        assertTrue(report.coverage() >= 0.9, report.line());
        assertEquals(1.0, report.meanSpeedup(), 0.005, report.line());
        assertEquals(0, report.falseVerdicts(), report.line());
        assertTrue(report.line().startsWith("drifting"), report.line());
    }

    /** Repeat calls: the spread of their medians, what one call claims, and what reaches the option. */
    @Test
    void repeatabilityOfCallsThatEachReadAtTheirOwnLevel() {
        FakeTimer t = new FakeTimer();
        int[] session = {0};
        Workload levels = s -> t.advance(100_000 + 1_000L * (session[0] % 3)); // 100, 101 or 102 us
        SnsEngine e = new SnsEngine(new FakeBackend(t, GpuTelemetry.none("none")), m -> { });
        SnsOptions o = SnsOptions.builder().warmup(2).minWarmupMs(0).iterations(20).windows(4).innerReps(1)
                .launchOverhead(false).build();
        List<String> progress = new ArrayList<>();
        SelfCheck.Repeat r = SelfCheck.repeatability(e, "levels", levels, o, 6, line -> {
            progress.add(line);
            session[0]++;
        });
        assertEquals(6, progress.size());
        assertEquals(6, r.medians().length);
        // Medians 0.100, 0.101, 0.102, 0.100, 0.101, 0.102 ms: sd 0.8944 us over a mean of 101 us.
        assertEquals(0.008856, r.sdFraction(), 1e-6);
        assertEquals(0.0, r.medianHalfWidthFraction(), 1e-12); // each call's samples are all alike
        assertEquals(2, r.callsCoveringTypical()); // the typical median is 0.101 ms
        assertTrue(r.repeatSdPct() > 100 * r.sdFraction(), r.line());
        assertTrue(r.line().contains("6 calls"), r.line());
    }

    @Test
    void summaryArithmetic() {
        List<SelfCheck.Trial> trials = List.of(
                new SelfCheck.Trial(1.0, new dev.sns.stats.Interval(0.99, 1.01, 0.95), dev.sns.model.Verdict.PARITY, 0.01),
                new SelfCheck.Trial(1.02, new dev.sns.stats.Interval(1.01, 1.03, 0.95), dev.sns.model.Verdict.PARITY, 0.04));
        SelfCheck.Report r = SelfCheck.summarize("x", trials, 1.0);
        assertEquals(0.5, r.coverage(), 0.0);
        assertEquals(1.01, r.meanSpeedup(), 1e-12);
        assertEquals(0.02, r.medianWidth(), 1e-12);
        assertEquals(1.25, r.medianSpreadOverWidth(), 1e-9); // (0.5 + 2.0) / 2
    }
}
