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
 * Sample 01: the simplest GPU work there is, a device memset, and the GB/s metric.
 *
 * <p>The benchmark takes a {@link GpuBlackhole} and hands it the work as a {@link Workload} (one call,
 * launched on the stream sns gives it). sns times each invocation with CUDA events and reports
 * the median per call with its interval; {@code declareWork} turns it into GB/s (an H200 writes
 * about 4.5 TB/s). Run:
 * {@code java -jar benchmarks/target/benchmarks.jar GpuSample_01 -prof sns}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(2)
@Warmup(iterations = 2, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
public class GpuSample_01_Memset {
    @Param({"1073741824"})
    public long bytes;

    private DeviceBuffer buffer;
    private Workload memset;

    @Setup
    public void setUp(GpuBlackhole gpu) {
        CudaContext cuda = CudaContext.of(gpu.stream());
        buffer = cuda.allocate(bytes);
        memset = stream -> buffer.fill32(0x3F800000, stream); // 1.0f in every word
        try {
            memset.run(gpu.stream());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        cuda.synchronize();
        float[] head = buffer.copyTo(new float[4]);
        SampleKernels.check("memset word 3", 1.0, head[3], 0.0);
        gpu.declareWork(Double.NaN, bytes);
    }

    @TearDown
    public void tearDown() {
        buffer.close();
    }

    @Benchmark
    public void memset(GpuBlackhole gpu) {
        gpu.time(memset);
    }
}
