package com.example.outside;

import com.example.FixtureSettings;
import dev.sns.Workload;
import dev.sns.gpu.cuda.CudaContext;
import dev.sns.gpu.cuda.DeviceBuffer;
import dev.sns.gpu.cuda.Kernel;
import dev.sns.gpu.cuda.PtxModule;
import dev.sns.jmh.GpuBlackhole;
import dev.sns.jmh.annotations.Baseline;
import dev.sns.jmh.annotations.GpuTiming;
import dev.sns.jmh.annotations.RequiresGpu;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * GPU benchmarks through {@link GpuBlackhole}: a kernel of the fixture's PTX, a memset through a
 * device buffer, a pair, per-benchmark options and rotating inputs.
 */
@RequiresGpu
public class GpuScaleBenchmark extends FixtureSettings {
    @Param({"1048576"})
    public long n;

    private PtxModule module;
    private DeviceBuffer x;
    private Workload scale;
    private Workload scaleTwice;
    private dev.sns.Rotating<DeviceBuffer> ring;

    @Setup
    public void setUp(GpuBlackhole gpu) throws Exception {
        CudaContext cuda = CudaContext.of(gpu.stream());
        module = PtxModule.load(cuda, GpuScaleBenchmark.class, "fixture.ptx");
        Kernel once = module.kernel("scale");
        Kernel twice = module.kernel("scaleTwice");
        x = cuda.allocate(4 * n);
        x.copyFrom(new float[] {1f, 2f, 3f, 4f});
        Kernel.KernelArgs args = Kernel.KernelArgs.of().i64(n).f32(1f).ptr(x);
        int blocks = cuda.describe().smCount() * 4;
        scale = stream -> once.launch(stream, blocks, 256, args);
        scaleTwice = stream -> twice.launch(stream, blocks, 1, 1, 256, 1, 1, 0, args);
        scale.run(gpu.stream());
        cuda.synchronize();
        float[] back = x.copyTo(new float[4]);
        if (back[3] != 4f) {
            throw new IllegalStateException("scale by 1 changed x[3] to " + back[3]);
        }
        ring = gpu.rotating(4L * n, i -> cuda.allocate(4 * n));
        gpu.declareWork(n, 8.0 * n);
    }

    @TearDown
    public void tearDown() {
        for (DeviceBuffer b : ring.items()) {
            b.close();
        }
        x.close();
        module.close();
    }

    @Benchmark
    @Baseline("scaleTwice")
    public void scale(GpuBlackhole gpu) {
        gpu.time(scale);
    }

    @Benchmark
    public void scaleTwice(GpuBlackhole gpu) {
        gpu.time(scaleTwice, 2.0 * n, 8.0 * n);
    }

    @Benchmark
    @GpuTiming("innerReps=1;flushL2=true")
    public void memsetCold(GpuBlackhole gpu) {
        DeviceBuffer b = ring.next();
        gpu.time(stream -> b.fill32(7, stream));
        gpu.consume(gpu.innerReps());
        gpu.consume(gpu.device().name());
    }
}
