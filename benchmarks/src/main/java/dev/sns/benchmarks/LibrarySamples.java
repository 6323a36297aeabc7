package dev.sns.benchmarks;

import dev.sns.Workload;
import dev.sns.gpu.cuda.CudaContext;
import dev.sns.jmh.GpuBlackhole;
import java.util.Optional;

/**
 * The two steps every library sample's setup shares (samples 10 to 13): the library is there (else
 * the benchmark fails with one line saying why, and the run goes on) and the benchmark's context is
 * current for the library's calls; and a GEMM is checked once on ones, then timed on pseudo-random
 * inputs with its work declared.
 */
final class LibrarySamples {
    private LibrarySamples() {}

    /**
     * The benchmark's CUDA context, made current on this thread, once {@code library} is known to be there.
     *
     * @param whyUnavailable the library's own answer (e.g. {@code Cublas.whyUnavailable()})
     * @throws IllegalStateException "no cuBLAS here: why" when the library is not there
     */
    static CudaContext current(GpuBlackhole gpu, String library, Optional<String> whyUnavailable) {
        whyUnavailable.ifPresent(why -> {
            throw new IllegalStateException("no " + library + " here: " + why);
        });
        CudaContext cuda = CudaContext.of(gpu.stream());
        cuda.makeCurrent();
        return cuda;
    }

    /**
     * Runs {@code call} once on ones and checks {@code C[0] = k} (naming {@code what} when it is not),
     * then fills the operands with pseudo-random values from {@code seed} and declares the GEMM's flops
     * and bytes.
     */
    static void checkOnOnesThenRandomize(GpuBlackhole gpu, LibraryOperands ops, Workload call, String what, int seed)
            throws Exception {
        ops.ones(gpu.stream());
        call.run(gpu.stream());
        ops.checkOnes(what + " " + ops.spec.label());
        ops.random(gpu.stream(), seed);
        gpu.declareWork(ops.spec.flops(), ops.spec.bytes());
    }
}
