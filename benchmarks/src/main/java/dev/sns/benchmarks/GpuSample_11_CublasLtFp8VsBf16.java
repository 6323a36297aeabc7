package dev.sns.benchmarks;

import dev.sns.Workload;
import dev.sns.gpu.cublas.ComputeType;
import dev.sns.gpu.cublas.CublasLt;
import dev.sns.gpu.cublas.CudaDataType;
import dev.sns.gpu.cublas.MatmulSpec;
import dev.sns.gpu.cuda.CudaContext;
import dev.sns.gpu.cuda.DeviceBuffer;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Sample 11: a pair of library calls with a verdict. The same GEMM through cuBLASLt, planned by its
 * heuristic, in fp8 (E4M3 inputs, A transposed as Hopper's tensor cores take them, bfloat16 out)
 * against bf16: {@code @Baseline} makes the sns Main run them in ABBA rounds and report the speedup
 * with its interval and verdict (on an H200, fp8 has twice bf16's tensor-core peak). cuBLASLt takes
 * the stream in each call, and the matmul keeps its descriptors and the algorithm the heuristic chose
 * (its id and workspace are in the setup's line). Run:
 * {@code java -jar benchmarks/target/benchmarks.jar GpuSample_11 -prof sns}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(2)
@Warmup(iterations = 2, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 300, timeUnit = TimeUnit.MILLISECONDS)
public class GpuSample_11_CublasLtFp8VsBf16 {
    private static final long WORKSPACE = 32L << 20;

    /**
     * m x n x k (each a multiple of 16, as fp8 needs). 2048^3 by default: at 4096^3 and above, an H200 at
     * unlocked clocks lowers its SM clock under sustained tensor work (its clock's CV read 5-10% in both
     * sides' windows, 2026-12-02), which makes both results tier C and the pair NO_VERDICT, as it should.
     */
    @Param({"2048x2048x2048"})
    public String shape;

    /** One cuBLASLt matmul, its matrices, its workspace and its workload. */
    abstract static class Lt {
        CublasLt lt;
        CublasLt.Matmul mm;
        LibraryOperands ops;
        DeviceBuffer workspace;
        Workload call;

        void setUp(GpuBlackhole gpu, MatmulSpec spec) throws Exception {
            CudaContext cuda = LibrarySamples.current(gpu, "cuBLASLt", CublasLt.whyUnavailable());
            ops = new LibraryOperands(cuda, spec);
            workspace = cuda.allocate(WORKSPACE);
            lt = CublasLt.create();
            mm = lt.plan(spec, WORKSPACE, 0);
            System.out.println("cuBLASLt " + spec.label() + ": algorithm " + mm.algo().id() + ", workspace "
                    + mm.algo().workspaceBytes() + " bytes, waves " + mm.algo().waves());
            call = stream -> mm.run(stream, ops.a.address(), ops.b.address(), ops.c.address(), ops.c.address(),
                    workspace.address());
            LibrarySamples.checkOnOnesThenRandomize(gpu, ops, call, "cublasLtMatmul", 7);
        }

        @TearDown
        public void tearDown() {
            mm.close();
            lt.close();
            workspace.close();
            ops.close();
        }
    }

    /** fp8 E4M3 in (A transposed), bf16 out. */
    @State(Scope.Thread)
    public static class Fp8 extends Lt {
        @Setup
        public void setUp(GpuBlackhole gpu, GpuSample_11_CublasLtFp8VsBf16 s) throws Exception {
            int[] mnk = LibraryOperands.shape(s.shape);
            setUp(gpu, MatmulSpec.fp8(mnk[0], mnk[1], mnk[2]));
        }
    }

    /** bf16 in and out. */
    @State(Scope.Thread)
    public static class Bf16 extends Lt {
        @Setup
        public void setUp(GpuBlackhole gpu, GpuSample_11_CublasLtFp8VsBf16 s) throws Exception {
            int[] mnk = LibraryOperands.shape(s.shape);
            setUp(gpu, MatmulSpec.of(mnk[0], mnk[1], mnk[2], CudaDataType.BF16, ComputeType.F32));
        }
    }

    @Benchmark
    @Baseline("bf16")
    @GpuTiming("precision=fp8-tensor")
    public void fp8(GpuBlackhole gpu, Fp8 g) {
        gpu.time(g.call);
    }

    @Benchmark
    @GpuTiming("precision=bf16-tensor")
    public void bf16(GpuBlackhole gpu, Bf16 g) {
        gpu.time(g.call);
    }
}
