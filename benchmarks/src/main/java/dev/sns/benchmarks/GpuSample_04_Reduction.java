package dev.sns.benchmarks;

import dev.sns.Workload;
import dev.sns.gpu.cuda.CudaContext;
import dev.sns.gpu.cuda.DeviceBuffer;
import dev.sns.gpu.cuda.Kernel;
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
 * Sample 04: a reduction (sum of 1 GiB of floats): a grid-stride loop, a shared-memory tree per
 * block and one atomic per block. Its check runs on a small input whose sum is known exactly.
 * Run: {@code java -jar benchmarks/target/benchmarks.jar GpuSample_04 -prof sns}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(2)
@Warmup(iterations = 2, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
public class GpuSample_04_Reduction {
    @Param({"268435456"})
    public long n;

    private DeviceBuffer in;
    private DeviceBuffer sum;
    private Workload reduce;

    @Setup
    public void setUp(GpuBlackhole gpu) throws Exception {
        CudaContext cuda = CudaContext.of(gpu.stream());
        in = cuda.allocate(n * 4);
        sum = cuda.allocate(4);
        in.fill32(0x3F800000, gpu.stream()); // all 1.0f
        sum.fill32(0, gpu.stream());
        Kernel kernel = SampleKernels.kernel(cuda, "reduce_sum");
        int blocks = SampleKernels.blocks(cuda);
        long check = 1L << 20; // 2^20 ones: the sum is exact in float
        kernel.launch(gpu.stream(), blocks, 256, Kernel.KernelArgs.of().ptr(in).ptr(sum).i64(check));
        cuda.synchronize();
        SampleKernels.check("sum of 2^20 ones", check, sum.copyTo(new float[1])[0], 0.0);
        Kernel.KernelArgs args = Kernel.KernelArgs.of().ptr(in).ptr(sum).i64(n);
        reduce = stream -> kernel.launch(stream, blocks, 256, args);
        gpu.declareWork(n, 4.0 * n);
    }

    @TearDown
    public void tearDown() {
        in.close();
        sum.close();
    }

    @Benchmark
    public void reduce(GpuBlackhole gpu) {
        gpu.time(reduce);
    }
}
