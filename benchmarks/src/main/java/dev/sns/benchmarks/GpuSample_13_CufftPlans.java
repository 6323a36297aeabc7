package dev.sns.benchmarks;

import dev.sns.Workload;
import dev.sns.gpu.cuda.CudaContext;
import dev.sns.gpu.cuda.DeviceBuffer;
import dev.sns.gpu.cufft.Cufft;
import dev.sns.jmh.GpuBlackhole;
import dev.sns.jmh.annotations.GpuTiming;
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
 * Sample 13: a second library family, and what a library launches. A cuFFT plan of single-precision
 * complex transforms, bound to sns's stream at each call, with the kernel table on
 * ({@code kernels=true}): one call of a 3-D transform launches several kernels whose names cuFFT
 * chose (demangled in the table), each with its grid, launches per call and share of the call. The
 * work declared is the usual FFT count, 5 N log2 N flops, and one read and one write of the data.
 * Run: {@code java -jar benchmarks/target/benchmarks.jar GpuSample_13 -prof sns}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
public class GpuSample_13_CufftPlans {
    /** "NXxNYxNZ" for one 3-D transform, or "N*BATCH" for a batch of 1-D ones. */
    @Param({"256x256x256", "4096*4096"})
    public String size;

    private Cufft fft;
    private DeviceBuffer data;
    private DeviceBuffer out;
    private Workload forward;

    @Setup
    public void setUp(GpuBlackhole gpu) throws Exception {
        CudaContext cuda = LibrarySamples.current(gpu, "cuFFT", Cufft.whyUnavailable());
        if (size.contains("*")) {
            String[] p = size.split("\\*");
            fft = Cufft.plan1d(Integer.parseInt(p[0]), Integer.parseInt(p[1]));
        } else {
            int[] xyz = LibraryOperands.shape(size);
            fft = Cufft.plan3d(xyz[0], xyz[1], xyz[2]);
        }
        long n = fft.elements();
        data = cuda.allocate(8 * n);
        out = cuda.allocate(8 * n);
        // The transform of a unit impulse is 1 at every frequency (out of place: the input stays).
        data.fill32(Float.floatToIntBits(0f), gpu.stream());
        cuda.synchronize();
        data.copyFrom(new float[] {1f, 0f});
        fft.setStream(gpu.stream());
        fft.forward(data.address(), out.address());
        cuda.synchronize();
        float[] x = out.copyTo(new float[4]);
        SampleKernels.check("FFT of a unit impulse: X[1] real part", 1.0, x[2], 0.0);
        forward = stream -> {
            fft.setStream(stream);
            fft.forward(data.address(), out.address());
        };
        double points = size.contains("*") ? Integer.parseInt(size.split("\\*")[0]) : n;
        gpu.declareWork(5.0 * n * (Math.log(points) / Math.log(2)), 16.0 * n);
    }

    @TearDown
    public void tearDown() {
        fft.close();
        data.close();
        out.close();
    }

    @Benchmark
    @GpuTiming("kernels=true")
    public void forward(GpuBlackhole gpu) {
        gpu.time(forward);
    }
}
