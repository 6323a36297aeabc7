package dev.sns.benchmarks;

import dev.sns.gpu.cuda.CudaContext;
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
