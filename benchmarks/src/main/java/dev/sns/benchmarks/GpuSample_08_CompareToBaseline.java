package dev.sns.benchmarks;

import dev.sns.Workload;
import dev.sns.gpu.cuda.CudaContext;
import dev.sns.gpu.cuda.DeviceBuffer;
import dev.sns.gpu.cuda.Kernel;
import dev.sns.jmh.annotations.Baseline;
import dev.sns.jmh.GpuBlackhole;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Sample 08: candidate against baseline. {@code @Baseline} names the benchmark a candidate is
 * compared with; the sns Main runs each pair's forks in ABBA rounds (one fork per side per round,
 * the order reversed every round) and reports the speedup (baseline median / candidate median)
 * with an interval that keeps each round's two forks together, and a verdict read off its bounds.
 * Pairs are made per {@code @Param} combination: with {@code baseline=2x} the baseline copies twice
 * the elements (a known 2x: FASTER), with {@code baseline=same} it is the same copy (A/A: PARITY,
 * and an interval containing 1). Run:
 * {@code java -jar benchmarks/target/benchmarks.jar GpuSample_08 -prof sns:rounds=4}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(2)
@Warmup(iterations = 2, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
public class GpuSample_08_CompareToBaseline {
    private static final long N = 64L << 20;

    /** What the baseline copies: twice the elements ("2x") or the same ("same"). */
    @Param({"2x", "same"})
    public String baseline;

    private DeviceBuffer in;
    private DeviceBuffer out;
    private Workload copyN;
    private Workload baselineCopy;

    @Setup
    public void setUp(GpuBlackhole gpu) throws Exception {
        CudaContext cuda = CudaContext.of(gpu.stream());
        in = cuda.allocate(2 * N * 4);
        out = cuda.allocate(2 * N * 4);
        in.copyFrom(new float[] {7f, 8f, 9f});
        Kernel kernel = SampleKernels.kernel(cuda, "copy_f32");
        int blocks = SampleKernels.blocks(cuda);
        Kernel.KernelArgs n = Kernel.KernelArgs.of().ptr(in).ptr(out).i64(N);
        Kernel.KernelArgs b = Kernel.KernelArgs.of().ptr(in).ptr(out).i64(baseline.equals("2x") ? 2 * N : N);
        copyN = stream -> kernel.launch(stream, blocks, 256, n);
        baselineCopy = stream -> kernel.launch(stream, blocks, 256, b);
        copyN.run(gpu.stream());
        cuda.synchronize();
        SampleKernels.check("copied element 1", 8.0, out.copyTo(new float[3])[1], 0.0);
    }

    @TearDown
    public void tearDown() {
        in.close();
        out.close();
    }

    @Benchmark
    @Baseline("copyBaseline")
    public void copy(GpuBlackhole gpu) {
        gpu.time(copyN);
    }

    @Benchmark
    public void copyBaseline(GpuBlackhole gpu) {
        gpu.time(baselineCopy);
    }
}
