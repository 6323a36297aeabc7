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
 * Sample 06: the same read of 16 MiB (it fits the H200's 60 MiB L2), hot and cold. Hot
 * ({@code cold=false}) finds its data in the L2 left by the previous sample; cold ({@code cold=true})
 * calls {@code flushL2()} first, which overwrites a buffer twice the L2's size before the sample's
 * start event (never timed), so the read comes from HBM. One launch per sample ({@code @GpuTiming("innerReps=1")}), else only
 * the first call of a sample would be cold. Run:
 * {@code java -jar benchmarks/target/benchmarks.jar GpuSample_06 -prof sns}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(2)
@Warmup(iterations = 2, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
public class GpuSample_06_ColdVsHotL2 {
    @Param({"4194304"})
    public long floats;

    /** Whether each sample starts with an L2 overwrite (cold) or finds the last sample's data (hot). */
    @Param({"false", "true"})
    public boolean cold;

    private DeviceBuffer in;
    private DeviceBuffer partials;
    private Workload read;

    @Setup
    public void setUp(GpuBlackhole gpu) throws Exception {
        CudaContext cuda = CudaContext.of(gpu.stream());
        in = cuda.allocate(floats * 4);
        partials = cuda.allocate(4);
        in.fill32(0x3F800000, gpu.stream());
        partials.fill32(0, gpu.stream());
        Kernel kernel = SampleKernels.kernel(cuda, "reduce_sum");
        int blocks = SampleKernels.blocks(cuda);
        Kernel.KernelArgs args = Kernel.KernelArgs.of().ptr(in).ptr(partials).i64(floats);
        read = stream -> kernel.launch(stream, blocks, 256, args);
        read.run(gpu.stream());
        cuda.synchronize();
        SampleKernels.check("sum of 4 Mi ones", floats, partials.copyTo(new float[1])[0], 0.0);
        gpu.declareWork(Double.NaN, floats * 4.0);
    }

    @TearDown
    public void tearDown() {
        in.close();
        partials.close();
    }

    @Benchmark
    @GpuTiming("innerReps=1")
    public void read(GpuBlackhole gpu) {
        if (cold) {
            gpu.flushL2(); // queued before the sample's start event: never timed
        }
        gpu.time(read);
    }
}
