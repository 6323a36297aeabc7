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
 * Sample 03: saxpy, y = a x + y, declaring both flops (2 per element) and bytes (12 per element:
 * x and y read, y written), so that sns reports TFLOP/s beside GB/s. Memory-bound: the GB/s is the
 * number to watch. Run: {@code java -jar benchmarks/target/benchmarks.jar GpuSample_03 -prof sns}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(2)
@Warmup(iterations = 2, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
public class GpuSample_03_Saxpy {
    @Param({"67108864"})
    public long n;

    private DeviceBuffer x;
    private DeviceBuffer y;
    private Workload saxpy;

    @Setup
    public void setUp(GpuBlackhole gpu) throws Exception {
        CudaContext cuda = CudaContext.of(gpu.stream());
        x = cuda.allocate(n * 4);
        y = cuda.allocate(n * 4);
        x.copyFrom(new float[] {1f, 2f, 3f, 4f});
        y.copyFrom(new float[] {10f, 20f, 30f, 40f});
        Kernel kernel = SampleKernels.kernel(cuda, "saxpy");
        Kernel.KernelArgs args = Kernel.KernelArgs.of().i64(n).f32(2f).ptr(x).ptr(y);
        int blocks = SampleKernels.blocks(cuda);
        saxpy = stream -> kernel.launch(stream, blocks, 256, args);
        saxpy.run(gpu.stream());
        cuda.synchronize();
        SampleKernels.check("y[3] = 2 * 4 + 40", 48.0, y.copyTo(new float[4])[3], 0.0);
        gpu.declareWork(2.0 * n, 12.0 * n);
    }

    @TearDown
    public void tearDown() {
        x.close();
        y.close();
    }

    @Benchmark
    public void saxpy(GpuBlackhole gpu) {
        gpu.time(saxpy);
    }
}
