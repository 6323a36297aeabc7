package ${package};

import dev.sns.Workload;
import dev.sns.gpu.cuda.CudaContext;
import dev.sns.gpu.cuda.DeviceBuffer;
import dev.sns.gpu.cuda.Kernel;
import dev.sns.gpu.cuda.PtxModule;
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
 * A GPU benchmark: saxpy (y = a x + y) from src/main/cuda/kernels.cu, loaded from the checked-in
 * kernels.ptx beside this class. The benchmark method hands its work to the {@link GpuBlackhole},
 * which times each call on the GPU with CUDA events; {@code -prof sns} adds the interval, the tier,
 * the clocks and GB/s. On a machine without a GPU the sns Main skips it with one line saying why.
 * Run: {@code java -jar target/benchmarks.jar GpuSaxpyBenchmark -prof sns}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(2)
@Warmup(iterations = 2, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
public class GpuSaxpyBenchmark {
    /** Elements of x and y (4 bytes each). */
    @Param({"16777216"})
    public long n;

    private PtxModule kernels;
    private DeviceBuffer x;
    private DeviceBuffer y;
    private Workload saxpy;

    @Setup
    public void setUp(GpuBlackhole gpu) throws Exception {
        CudaContext cuda = CudaContext.of(gpu.stream());        // the context of the device sns times on
        kernels = PtxModule.load(cuda, GpuSaxpyBenchmark.class, "kernels.ptx");
        Kernel kernel = kernels.kernel("saxpy");
        x = cuda.allocate(4 * n);
        y = cuda.allocate(4 * n);
        x.copyFrom(new float[] {1f, 2f, 3f, 4f});
        y.copyFrom(new float[] {10f, 20f, 30f, 40f});
        Kernel.KernelArgs args = Kernel.KernelArgs.of().i64(n).f32(2f).ptr(x).ptr(y);
        int blocks = cuda.describe().smCount() * 8;             // a grid-stride loop: fill every SM
        saxpy = stream -> kernel.launch(stream, blocks, 256, args);

        // Check the kernel once: a wrong kernel's timing would mean nothing.
        saxpy.run(gpu.stream());
        cuda.synchronize();
        float y3 = y.copyTo(new float[4])[3];
        if (y3 != 2f * 4f + 40f) {
            throw new IllegalStateException("saxpy: y[3] should be 48.0, the GPU computed " + y3);
        }
        gpu.declareWork(2.0 * n, 12.0 * n);                     // flops and bytes per call: TFLOP/s and GB/s
    }

    @TearDown
    public void tearDown() {
        x.close();
        y.close();
        kernels.close();
    }

    @Benchmark
    public void saxpy(GpuBlackhole gpu) {
        gpu.time(saxpy);                                        // one call, launched on sns's stream
    }
}
