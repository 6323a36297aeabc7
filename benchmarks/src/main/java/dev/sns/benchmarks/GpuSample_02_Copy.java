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
 * Sample 02: a copy kernel, launched through JCuda with a typed argument list, and bandwidth that
 * counts both directions: 256 MiB read plus 256 MiB written per call (counting one would halve
 * the GB/s). Run: {@code java -jar benchmarks/target/benchmarks.jar GpuSample_02 -prof sns}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(2)
@Warmup(iterations = 2, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
public class GpuSample_02_Copy {
    @Param({"67108864"})
    public long floats;

    private DeviceBuffer in;
    private DeviceBuffer out;
    private Workload copy;

    @Setup
    public void setUp(GpuBlackhole gpu) throws Exception {
        CudaContext cuda = CudaContext.of(gpu.stream());
        in = cuda.allocate(floats * 4);
        out = cuda.allocate(floats * 4);
        float[] head = {1.5f, 2.5f, 3.5f, 4.5f};
        in.copyFrom(head);
        Kernel kernel = SampleKernels.kernel(cuda, "copy_f32");
        Kernel.KernelArgs args = Kernel.KernelArgs.of().ptr(in).ptr(out).i64(floats);
        int blocks = SampleKernels.blocks(cuda);
        copy = stream -> kernel.launch(stream, blocks, 256, args);
        copy.run(gpu.stream());
        cuda.synchronize();
        SampleKernels.check("copied element 2", 3.5, out.copyTo(new float[4])[2], 0.0);
        gpu.declareWork(Double.NaN, 2.0 * floats * 4);
    }

    @TearDown
    public void tearDown() {
        in.close();
        out.close();
    }

    @Benchmark
    public void copy(GpuBlackhole gpu) {
        gpu.time(copy);
    }
}
