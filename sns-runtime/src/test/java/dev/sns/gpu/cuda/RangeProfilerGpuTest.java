package dev.sns.gpu.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.Workload;
import dev.sns.fakes.GpuTest;
import dev.sns.gpu.cupti.CuptiRangeProfiler;
import dev.sns.gpu.cupti.CuptiUnavailableException;
import java.util.Arrays;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * CUPTI's range profiler reads ncu's kernel duration (gpu__time_duration.sum) per kernel: one value
 * per launch, a 20 us spin at its known time plus a kernel's fixed span, and the spin less the empty
 * kernel at the known time. Skipped with CUPTI's reason where it cannot profile.
 */
@GpuTest
class RangeProfilerGpuTest {
    private static double[] profile(CudaContext ctx, Workload w, int launches) {
        ctx.makeCurrent();
        try (CudaStream s = ctx.createStream()) {
            return CuptiRangeProfiler.kernelDurations(ctx.index(), launches, () -> {
                try {
                    for (int i = 0; i < launches; i++) {
                        w.run(s);
                        s.synchronize();
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
        } catch (CuptiUnavailableException e) {
            Assumptions.abort("no range profiler: " + e.getMessage());
            throw new AssertionError(e);
        }
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return (s[(s.length - 1) / 2] + s[s.length / 2]) / 2;
    }

    @Test
    void eachLaunchGetsNcusDurationAndTheSpinReadsItsKnownTime() {
        TestKernels k = new TestKernels(0);
        Kernel empty = CudaEventTimer.snsKernels(k.context).kernel("sns_empty");
        Kernel.KernelArgs none = Kernel.KernelArgs.of();
        double[] spin = profile(k.context, k.spin(20_000), 12);
        double[] idle = profile(k.context, s -> empty.launch(s, 1, 1, none), 12);
        GpuReport.line("range profiler (%s): spin 20 us median %.1f ns (%s), empty kernel %.1f ns, net %.1f ns",
                CuptiRangeProfiler.METRIC, median(spin), Arrays.toString(spin), median(idle), median(spin) - median(idle));
        assertEquals(12, spin.length, "one duration per launch");
        assertEquals(12, idle.length, "one duration per launch");
        for (double d : spin) {
            // the spin plus a kernel's fixed span (about 1.2-1.6 us on an H200), never less than the spin
            assertTrue(d >= 20_000 && d < 23_000, "spin 20 us read " + d + " ns");
        }
        double e = median(idle);
        assertTrue(e > 0 && e < 5_000, "empty kernel " + e + " ns");
        // net of the empty kernel: the known time within 0.5% + 200 ns
        assertEquals(20_000, median(spin) - e, 0.005 * 20_000 + 200, "spin less the empty kernel");
    }
}
