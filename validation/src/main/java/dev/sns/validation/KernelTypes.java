package dev.sns.validation;

import dev.sns.Workload;
import dev.sns.benchmarks.SampleKernels;
import dev.sns.gpu.cublas.Cublas;
import dev.sns.gpu.cuda.CudaContext;
import dev.sns.gpu.cuda.DeviceBuffer;
import dev.sns.gpu.cuda.Kernel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The kernel types of the CUPTI-against-ncu table (issue 26.5), each a workload of one operation,
 * built the same way in the checking JVM and in the one ncu profiles: {@code spin} (spin_ns of 2 us,
 * 100 us and 1 ms: one thread on the GPU's clock), {@code read} (reduce_sum over 4 MiB), {@code copy}
 * (copy_f32 of 64 MiB), {@code memset} (cuMemsetD32Async of 64 MiB; ncu profiles no memset, so its row
 * says so), {@code gemm} (a cuBLAS bf16 4096^3 GEMM through sns-libraries).
 */
final class KernelTypes implements AutoCloseable {
    /** Every type, in the table's order. */
    static final List<String> ALL = List.of("spin", "read", "copy", "memset", "gemm");
    private static final long READ_FLOATS = 1L << 20;
    private static final long COPY_FLOATS = 16L << 20;
    private static final long MEMSET_BYTES = 64L << 20;
    private static final String GEMM = "bf16:4096x4096x4096";

    private final List<AutoCloseable> held = new ArrayList<>();
    /** Label -> workload, in the order of the types asked for. */
    final Map<String, Workload> workloads = new LinkedHashMap<>();
    /** Label -> its type. */
    final Map<String, String> typeOf = new LinkedHashMap<>();
    /** Types that could not be built here, with why. */
    final Map<String, String> unavailable = new LinkedHashMap<>();

    KernelTypes(CudaContext ctx, List<String> types) throws Exception {
        for (String t : types) {
            switch (t) {
                case "spin" -> {
                    for (long ns : new long[] {2_000, 100_000, 1_000_000}) {
                        add(t, "spin " + (ns >= 1_000_000 ? ns / 1_000_000 + " ms" : ns / 1000 + " us"),
                                SampleKernels.spin(ctx, ns));
                    }
                }
                case "read" -> {
                    DeviceBuffer in = hold(ctx.allocate(READ_FLOATS * 4));
                    DeviceBuffer partial = hold(ctx.allocate(4));
                    Kernel k = SampleKernels.kernel(ctx, "reduce_sum");
                    Kernel.KernelArgs a = Kernel.KernelArgs.of().ptr(in).ptr(partial).i64(READ_FLOATS);
                    int blocks = SampleKernels.blocks(ctx);
                    add(t, "read 4 MiB (reduce_sum)", s -> k.launch(s, blocks, 256, a));
                }
                case "copy" -> add(t, "copy 64 MiB (copy_f32)", SampleKernels.copy(ctx, COPY_FLOATS));
                case "memset" -> {
                    DeviceBuffer b = hold(ctx.allocate(MEMSET_BYTES));
                    add(t, "memset 64 MiB", s -> b.fill32(0, s));
                }
                case "gemm" -> {
                    String why = Cublas.whyUnavailable().orElse(null);
                    if (why != null) {
                        unavailable.put(t, why);
                    } else {
                        LibraryCheckMain.Gemm g = hold(new LibraryCheckMain.Gemm(ctx, GEMM));
                        add(t, "cuBLAS " + GEMM, g.call);
                    }
                }
                default -> throw new IllegalArgumentException("unknown kernel type '" + t + "': the types are "
                        + String.join(",", ALL));
            }
        }
    }

    private void add(String type, String label, Workload w) {
        workloads.put(label, w);
        typeOf.put(label, type);
    }

    private <T extends AutoCloseable> T hold(T t) {
        held.add(t);
        return t;
    }

    @Override
    public void close() throws Exception {
        for (int i = held.size() - 1; i >= 0; i--) {
            held.get(i).close();
        }
    }
}
