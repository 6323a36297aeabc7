package dev.sns.benchmarks;

import dev.sns.jmh.annotations.GpuTiming;
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
 * Sample 07: a launch-bound kernel (one thread writes one int) timed 100 calls per sample, with
 * the calls launched one by one ({@code plain}) and replayed from a CUDA graph captured once
 * ({@code graph}). The graph removes most of the per-launch cost the plain launches pay: compare
 * the two medians (plain launches have no launch-overhead reading, since an empty kernel launched
 * plainly times the host's launch rate). Keep the Workload in a field: the
 * graph is captured once per Workload object. Run:
 * {@code java -jar benchmarks/target/benchmarks.jar GpuSample_07 -prof sns}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(2)
@Warmup(iterations = 2, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
public class GpuSample_07_GraphReplay {
    private DeviceBuffer out;
    private Workload tiny;

    @Setup
    public void setUp(GpuBlackhole gpu) throws Exception {
        CudaContext cuda = CudaContext.of(gpu.stream());
        out = cuda.allocate(4);
        Kernel kernel = SampleKernels.kernel(cuda, "tiny");
        Kernel.KernelArgs args = Kernel.KernelArgs.of().ptr(out).i32(42);
        tiny = stream -> kernel.launch(stream, 1, 32, args);
        tiny.run(gpu.stream());
        cuda.synchronize();
        SampleKernels.check("tiny wrote", 42, out.copyTo(new int[1])[0], 0.0);
    }

    @TearDown
    public void tearDown() {
        out.close();
    }

    @Benchmark
    @GpuTiming("innerReps=100;launch=plain")
    public void plain(GpuBlackhole gpu) {
        gpu.time(tiny);
    }

    @Benchmark
    @GpuTiming("innerReps=100;launch=graph")
    public void graph(GpuBlackhole gpu) {
        gpu.time(tiny);
    }
}
