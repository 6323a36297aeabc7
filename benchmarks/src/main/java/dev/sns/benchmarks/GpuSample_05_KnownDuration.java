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
 * Sample 05: ground truth. The kernel spins for a known time on the GPU's own clock, so the
 * reading can be checked: the time net of launch overhead (the {@code sns.net} metric) must
 * contain the known duration, and the raw median shows what each launch adds on top (about
 * 1.5 us back to back on an H200). Run:
 * {@code java -jar benchmarks/target/benchmarks.jar GpuSample_05 -prof sns}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(2)
@Warmup(iterations = 2, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
public class GpuSample_05_KnownDuration {
    @Param({"10000", "100000"})
    public long nanos;

    private Workload spin;

    @Setup
    public void setUp(GpuBlackhole gpu) {
        CudaContext cuda = CudaContext.of(gpu.stream());
        Kernel kernel = SampleKernels.kernel(cuda, "spin_ns");
        Kernel.KernelArgs args = Kernel.KernelArgs.of().i64(nanos);
        spin = stream -> kernel.launch(stream, 1, 1, args);
    }

    @Benchmark
    public void spin(GpuBlackhole gpu) {
        gpu.time(spin);
    }
}
