package dev.sns.jmh.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one line that says what a run without a GPU skipped. */
class BenchmarkSelectionTest {
    private static final String REASON = "no CUDA driver (UnsatisfiedLinkError: Error while loading native library "
            + "\"JCudaDriver-12.6.0-linux-x86_64\"). Run on a GPU host with the NVIDIA driver installed";

    private static List<String> samples(int n) {
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            names.add(String.format("dev.sns.benchmarks.GpuSample_%02d_Something.method%d", i, i));
        }
        return names;
    }

    @Test
    void theSkipLineCountsTheReportsRowsAndStaysShort() {
        // 12 methods, 16 rows in the reports (some have two @Param values): the line says 16, as the report does.
        String line = BenchmarkSelection.skipLine(REASON, 16, samples(12));
        assertTrue(line.length() < BenchmarkSelection.SKIP_LINE_MAX, line.length() + ": " + line);
        assertTrue(line.startsWith("sns: no GPU here (no CUDA driver): skipping 16 benchmark(s) that need one (12 "
                + "methods): GpuSample_01_Something.method1 and 11 more; all in the reports"), line);
        assertFalse(line.contains("timer=wall"), "a hint that leads nowhere: " + line);
    }

    @Test
    void fewBenchmarksAreNamedEveryOne() {
        assertEquals("sns: no GPU here (no CUDA driver): skipping 1 benchmark(s) that need one: "
                + "com.example.GpuSaxpyBenchmark.saxpy", BenchmarkSelection.skipLine(REASON, 1,
                List.of("com.example.GpuSaxpyBenchmark.saxpy")));
        assertEquals("sns: no GPU here (no CUDA driver): skipping 2 benchmark(s) that need one: a.B.c, a.B.d; all in "
                + "the reports", BenchmarkSelection.skipLine(REASON, 2, List.of("a.B.c", "a.B.d")));
    }

    @Test
    void anyNumberOfLongNamesFitsTheLine() {
        for (int n : new int[] {1, 2, 5, 40, 400}) {
            List<String> names = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                names.add("com.example.a.very.long.package.name.that.goes.on.and.on.Benchmark" + i + ".method");
            }
            String line = BenchmarkSelection.skipLine(REASON, n * 3, names);
            assertTrue(line.length() < BenchmarkSelection.SKIP_LINE_MAX, line.length() + ": " + line);
            assertTrue(line.contains("skipping " + (n * 3) + " benchmark(s)"), line);
        }
    }

    @Test
    void theReasonIsItsFirstClause() {
        assertEquals("no CUDA driver", BenchmarkSelection.shortReason(REASON));
        assertEquals("the CUDA driver sees no device", BenchmarkSelection.shortReason(
                "the CUDA driver sees no device. Check nvidia-smi and CUDA_VISIBLE_DEVICES"));
        assertEquals("CUDA did not initialise", BenchmarkSelection.shortReason("CUDA did not initialise (CUDA_ERROR_X)"));
    }

    /**
     * A benchmark needs a GPU when it or its class is marked, or it takes a {@code GpuBlackhole}; only the
     * last must send sns samples from its forks (the host builds the others' windows from JMH's scores).
     */
    @Test
    void onlyABenchmarkTakingAGpuBlackholeMustSendSamples() {
        String marked = "dev.sns.jmh.bench.F_NeedsGpuBench.kernel";
        String blackhole = "dev.sns.jmh.bench.A_FakeGpuBench.spin";
        String cpu = "dev.sns.jmh.bench.B_CpuBench.burn";
        assertTrue(BenchmarkSelection.needsGpu(marked));
        assertFalse(BenchmarkSelection.timesWithGpuBlackhole(marked), "marked, but timed by JMH alone");
        assertTrue(BenchmarkSelection.needsGpu(blackhole));
        assertTrue(BenchmarkSelection.timesWithGpuBlackhole(blackhole));
        assertFalse(BenchmarkSelection.needsGpu(cpu));
        assertFalse(BenchmarkSelection.timesWithGpuBlackhole(cpu));
        assertFalse(BenchmarkSelection.timesWithGpuBlackhole("no.such.Benchmark.method"));
    }
}
