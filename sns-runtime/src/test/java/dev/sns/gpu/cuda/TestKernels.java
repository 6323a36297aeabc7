package dev.sns.gpu.cuda;

import dev.sns.Workload;

/** The test kernels (test_kernels.ptx) and sns's spin kernel, as workloads. */
final class TestKernels {
    final CudaContext context;
    final Kernel spin;
    final Kernel readSum;
    final Kernel copy;
    final Kernel tiny;

    TestKernels(int device) {
        context = CudaContext.primary(device);
        spin = CudaEventTimer.snsKernels(context).kernel("sns_spin_ns");
        PtxModule m = PtxModule.load(context, TestKernels.class, "test_kernels.ptx");
        readSum = m.kernel("read_sum");
        copy = m.kernel("copy_f32");
        tiny = m.kernel("tiny");
    }

    /** One thread spinning for {@code nanos} of the GPU's own clock. */
    Workload spin(long nanos) {
        Kernel.KernelArgs args = Kernel.KernelArgs.of().i64(nanos);
        return s -> spin.launch(s, 1, 1, args);
    }

    /** Reads n floats once (grid of 4 blocks per SM). */
    Workload readSum(DeviceBuffer in, DeviceBuffer partials, long n, int blocks) {
        Kernel.KernelArgs args = Kernel.KernelArgs.of().ptr(in).ptr(partials).i64(n);
        return s -> readSum.launch(s, blocks, 256, args);
    }

    Workload copy(DeviceBuffer in, DeviceBuffer out, long n, int blocks) {
        Kernel.KernelArgs args = Kernel.KernelArgs.of().ptr(in).ptr(out).i64(n);
        return s -> copy.launch(s, blocks, 256, args);
    }

    Workload tiny(DeviceBuffer out) {
        Kernel.KernelArgs args = Kernel.KernelArgs.of().ptr(out).i32(7);
        return s -> tiny.launch(s, 1, 32, args);
    }
}
