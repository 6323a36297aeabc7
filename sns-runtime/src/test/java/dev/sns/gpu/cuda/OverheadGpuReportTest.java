package dev.sns.gpu.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.Sns;
import dev.sns.options.SnsOptions;
import dev.sns.fakes.GpuTest;
import dev.sns.model.TimingResult;
import dev.sns.timing.LaunchMode;
import dev.sns.timing.TimerKind;
import org.junit.jupiter.api.Test;

/**
 * Measures, for the record, what a sample costs the host and how short a kernel the default
 * options resolve. Asserts only that the numbers exist; the numbers go into the report.
 */
@GpuTest
class OverheadGpuReportTest {
    @Test
    void hostCostPerSample() throws Exception {
        TestKernels k = new TestKernels(0);
        for (LaunchMode mode : LaunchMode.values()) {
            for (boolean flush : new boolean[] {false, true}) {
                try (CudaEventTimer t = CudaEventTimer.open(0, mode, flush, 0, false)) {
                    dev.sns.timing.Body body = t.repeat(() -> k.spin.launch(t.stream(), 1, 1,
                            Kernel.KernelArgs.of().i64(1_000)), 1);
                    int n = 500;
                    for (int warm = 0; warm < 2; warm++) {
                        long t0 = System.nanoTime();
                        for (int i = 0; i < n; i++) {
                            t.start();
                            body.run();
                            t.stop();
                        }
                        long t1 = System.nanoTime();
                        double[] d = t.resolveNanos();
                        assertEquals(n, d.length);
                        assertTrue(d[n - 1] >= 990, "a 1 us spin read " + d[n - 1] + " ns");
                        if (warm == 1) {
                            GpuReport.line("host cost per sample, %s launch, flush %s: %.2f us (start + 1 launch + stop)",
                                    mode, flush, (t1 - t0) / 1e3 / n);
                        }
                    }
                }
            }
        }
    }

    @Test
    void shortestKernelDefaultOptionsResolveWithin2Percent() {
        TestKernels k = new TestKernels(0);
        long shortest = -1;
        for (long ns : new long[] {500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000}) {
            TimingResult r = Sns.measure(k.spin(ns), SnsOptions.builder().name("spin " + ns + " ns")
                    .timer(TimerKind.CUDA).build());
            double rel = r.intervalMillis().width() / r.medianMillis();
            GpuReport.line("defaults, spin %6d ns: %.4f us [%.4f, %.4f], relative width %.3f%%, %d inner reps, tier %s",
                    ns, r.medianMillis() * 1e3, r.intervalMillis().lower() * 1e3, r.intervalMillis().upper() * 1e3,
                    100 * rel, r.innerReps(), r.tier());
            if (rel < 0.02 && shortest < 0) {
                shortest = ns;
            }
        }
        GpuReport.line("shortest spin kernel with a default-options interval under 2%% of the median: %d ns", shortest);
        assertTrue(shortest > 0, "no kernel up to 100 us got an interval under 2%");
    }
}
