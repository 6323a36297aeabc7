package dev.sns.gpu.cuda;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.Sns;
import dev.sns.options.SnsOptions;
import dev.sns.Workload;
import dev.sns.fakes.GpuTest;
import dev.sns.gpu.GpuDevice;
import dev.sns.model.TimingResult;
import dev.sns.timing.TimerKind;
import org.junit.jupiter.api.Test;

/** Bandwidth and cache: numbers that only hold if the timer times the GPU and the flush flushes. */
@GpuTest
class MemoryGpuTest {
    @Test
    void memsetOfOneGibibyteRunsAtHbmSpeed() {
        TestKernels k = new TestKernels(0);
        long bytes = 1L << 30;
        try (DeviceBuffer b = k.context.allocate(bytes)) {
            Workload memset = s -> b.fill32(0x5a5a5a5a, s);
            TimingResult r = Sns.measure(memset, SnsOptions.builder().name("memset 1 GiB").timer(TimerKind.CUDA)
                    .bytesPerCall(bytes).build());
            double tbps = r.gbPerSecond() / 1000;
            GpuReport.line("memset 1 GiB: %.4f ms [%.4f, %.4f] -> %.2f TB/s (%d inner reps, tier %s, SM clock %.0f MHz)",
                    r.medianMillis(), r.intervalMillis().lower(), r.intervalMillis().upper(), tbps, r.innerReps(),
                    r.tier(), r.smClockMeanMhz());
            assertTrue(tbps >= 3.5 && tbps <= 5.0, "1 GiB memset at " + tbps + " TB/s: " + r);
        }
    }

    @Test
    void copyCountsBytesReadPlusWritten() {
        TestKernels k = new TestKernels(0);
        long n = 64L << 20; // 64 Mi floats = 256 MiB each way
        GpuDevice d = k.context.describe();
        try (DeviceBuffer in = k.context.allocate(n * 4); DeviceBuffer out = k.context.allocate(n * 4)) {
            TimingResult r = Sns.measure(k.copy(in, out, n, d.smCount() * 8), SnsOptions.builder().name("copy 256 MiB")
                    .timer(TimerKind.CUDA).bytesPerCall(2.0 * n * 4).build());
            double tbps = r.gbPerSecond() / 1000;
            GpuReport.line("copy 256 MiB (read + write 512 MiB): %.4f ms -> %.2f TB/s", r.medianMillis(), tbps);
            // Counting only one direction would read ~2 TB/s; both directions land near HBM speed.
            assertTrue(tbps >= 3.0 && tbps <= 5.0, "copy at " + tbps + " TB/s counting read + write: " + r);
        }
    }

    @Test
    void theL2FlushIsReal() {
        TestKernels k = new TestKernels(0);
        GpuDevice d = k.context.describe();
        long n = 4L << 20; // 16 MiB of floats: fits the 60 MiB L2
        try (DeviceBuffer in = k.context.allocate(n * 4); DeviceBuffer partials = k.context.allocate(4096 * 4)) {
            Workload read = k.readSum(in, partials, n, d.smCount() * 4);
            SnsOptions.Builder o = SnsOptions.builder().timer(TimerKind.CUDA).innerReps(1).iterations(100).windows(10)
                    .bytesPerCall(n * 4.0);
            TimingResult hot = Sns.measure(read, o.name("read 16 MiB hot").flushL2(false).build());
            TimingResult cold = Sns.measure(read, o.name("read 16 MiB cold").flushL2(true).build());
            GpuReport.line("L2 flush: read 16 MiB hot %.2f us [%.2f, %.2f] (%.0f GB/s), cold %.2f us [%.2f, %.2f] (%.0f GB/s)",
                    hot.medianMillis() * 1e3, hot.intervalMillis().lower() * 1e3, hot.intervalMillis().upper() * 1e3,
                    hot.gbPerSecond(), cold.medianMillis() * 1e3, cold.intervalMillis().lower() * 1e3,
                    cold.intervalMillis().upper() * 1e3, cold.gbPerSecond());
            assertTrue(cold.intervalMillis().lower() > hot.intervalMillis().upper(),
                    "flushed read should be slower: hot " + hot + ", cold " + cold);
        }
    }
}
