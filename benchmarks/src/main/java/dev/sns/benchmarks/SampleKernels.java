package dev.sns.benchmarks;

import dev.sns.Workload;
import dev.sns.gpu.cuda.CudaContext;
import dev.sns.gpu.cuda.DeviceBuffer;
import dev.sns.gpu.cuda.Kernel;
import dev.sns.gpu.cuda.PtxModule;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The samples' kernels (samples.cu, compiled to samples.ptx), loaded once per device; the validation
 * tools (module validation) time the same kernels.
 */
public final class SampleKernels {
    private static final Map<Integer, PtxModule> MODULES = new ConcurrentHashMap<>();

    private SampleKernels() {}

    public static Kernel kernel(CudaContext context, String name) {
        return MODULES.computeIfAbsent(context.index(), i -> PtxModule.load(context, SampleKernels.class, "samples.ptx"))
                .kernel(name);
    }

    /** {@code spin_ns}: one thread spinning {@code nanos} on the GPU's own clock. */
    public static Workload spin(CudaContext context, long nanos) {
        Kernel kernel = kernel(context, "spin_ns");
        Kernel.KernelArgs args = Kernel.KernelArgs.of().i64(nanos);
        return s -> kernel.launch(s, 1, 1, args);
    }

    /** {@code copy_f32}: {@code floats} floats copied between two buffers of its own, over every SM. */
    public static Workload copy(CudaContext context, long floats) {
        DeviceBuffer in = context.allocate(floats * 4);
        DeviceBuffer out = context.allocate(floats * 4);
        Kernel kernel = kernel(context, "copy_f32");
        Kernel.KernelArgs args = Kernel.KernelArgs.of().ptr(in).ptr(out).i64(floats);
        int blocks = blocks(context);
        return s -> kernel.launch(s, blocks, 256, args);
    }

    /** {@code fma_loop}: {@code iters} fused multiply-adds in every thread of every SM (compute-bound). */
    public static Workload fma(CudaContext context, int iters) {
        int blocks = blocks(context);
        DeviceBuffer out = context.allocate((long) blocks * 256 * 4);
        Kernel kernel = kernel(context, "fma_loop");
        Kernel.KernelArgs args = Kernel.KernelArgs.of().ptr(out).i32(iters);
        return s -> kernel.launch(s, blocks, 256, args);
    }

    /** Blocks for a grid-stride kernel: enough to fill every SM several times over. */
    public static int blocks(CudaContext context) {
        return context.describe().smCount() * 8;
    }

    /** Fails the trial, naming what was computed and expected, if a kernel's check is off. */
    public static void check(String what, double expected, double actual, double tolerance) {
        if (!(Math.abs(expected - actual) <= tolerance)) {
            throw new IllegalStateException(what + ": expected " + expected + ", the GPU computed " + actual
                    + ": the kernel is wrong, so its timing would mean nothing");
        }
    }
}
