package dev.sns.benchmarks;

import dev.sns.Workload;
import dev.sns.gpu.cuda.CudaContext;
import dev.sns.gpu.cuda.Kernel;
import dev.sns.jmh.GpuBlackhole;
import dev.sns.jmh.annotations.Baseline;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Sample 09: the speedup of short kernels, raw and net of the launch overhead, and the kernel table.
 * Two kernels that spin 10 and 11.5 us (a true ratio of 1.15) read about 1.13 raw, because each
 * call's fixed launch cost (about 1.5 us back to back) is in both medians; net of each side's own
 * empty kernel, timed in the same forks, they read close to 1.15, with an interval from the same ABBA
 * rounds. {@code verdictOn=net} makes the verdict read the net interval; {@code kernels=true} adds
 * CUPTI's table of what one call launches (here one kernel, and the share of the call it takes). Run:
 * {@code java -jar benchmarks/target/benchmarks.jar GpuSample_09 -prof "sns:verdictOn=net;kernels=true"}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(2)
@Warmup(iterations = 2, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
public class GpuSample_09_NetSpeedup {
    /** The shorter kernel's spin, nanoseconds; the longer one spins 1.15 times as long. */
    @Param({"10000"})
    public long nanos;

    private Workload shorter;
    private Workload longer;

    @Setup
    public void setUp(GpuBlackhole gpu) {
        Kernel spin = SampleKernels.kernel(CudaContext.of(gpu.stream()), "spin_ns");
        Kernel.KernelArgs s = Kernel.KernelArgs.of().i64(nanos);
        Kernel.KernelArgs l = Kernel.KernelArgs.of().i64(Math.round(nanos * 1.15));
        shorter = stream -> spin.launch(stream, 1, 1, s);
        longer = stream -> spin.launch(stream, 1, 1, l);
    }

    @Benchmark
    @Baseline("spinLonger")
    @GpuTiming("kernels=true")
    public void spinShorter(GpuBlackhole gpu) {
        gpu.time(shorter);
    }

    @Benchmark
    @GpuTiming("kernels=true")
    public void spinLonger(GpuBlackhole gpu) {
        gpu.time(longer);
    }
}
