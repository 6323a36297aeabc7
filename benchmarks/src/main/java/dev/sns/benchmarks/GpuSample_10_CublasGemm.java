package dev.sns.benchmarks;

import dev.sns.Workload;
import dev.sns.gpu.cublas.ComputeType;
import dev.sns.gpu.cublas.Cublas;
import dev.sns.gpu.cublas.CudaDataType;
import dev.sns.gpu.cublas.MatmulSpec;
import dev.sns.gpu.cublas.MathMode;
import dev.sns.gpu.cublas.Transpose;
import dev.sns.gpu.cuda.CudaContext;
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
 * Sample 10: a library's GEMM, timed like any kernel. cuBLAS's {@code cublasGemmEx} through the
 * {@code dev.sns.gpu.cublas} binding (module sns-libraries), in four precisions, each benchmark
 * declaring its flops and its {@code precision} so that a row reads TFLOP/s and its share of the
 * tensor-core (or SIMT) peak. The handle is bound to the stream sns gives at each call, so its
 * kernels run on the timed stream; cuBLAS picks its own kernels (the kernel table, with
 * {@code kernels=true}, names them). A shape is {@code MxNxK}: square ones, and the skinny and tall
 * ones of a language model's decode (n = 16) and MLP (n = 128). Every GEMM is checked once on ones
 * ({@code C[0] = k}), then timed on pseudo-random inputs. Run (a host without cuBLAS says why in one
 * line per benchmark, and the run goes on):
 * {@code java -jar benchmarks/target/benchmarks.jar GpuSample_10 -prof sns}, and the whole sweep with
 * {@code -p shape=1024x1024x1024,2048x2048x2048,4096x4096x4096,8192x8192x8192,16384x16384x16384,4096x16x4096,14336x128x4096,4096x128x14336}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 300, timeUnit = TimeUnit.MILLISECONDS)
public class GpuSample_10_CublasGemm {
    /** m x n x k. */
    @Param({"8192x8192x8192", "4096x128x14336"})
    public String shape;

    /**
     * One GEMM in one precision (its data types, compute type and math mode, as each subclass names them):
     * its handle, matrices and the workload that binds the stream and calls it.
     */
    @State(Scope.Thread)
    public abstract static class Gemm {
        private final CudaDataType in;
        private final CudaDataType out;
        private final ComputeType compute;
        private final MathMode math;
        Cublas blas;
        LibraryOperands ops;
        Workload call;

        Gemm(CudaDataType in, CudaDataType out, ComputeType compute, MathMode math) {
            this.in = in;
            this.out = out;
            this.compute = compute;
            this.math = math;
        }

        @Setup
        public void setUp(GpuBlackhole gpu, GpuSample_10_CublasGemm s) throws Exception {
            CudaContext cuda = LibrarySamples.current(gpu, "cuBLAS", Cublas.whyUnavailable());
            int[] mnk = LibraryOperands.shape(s.shape);
            MatmulSpec spec = new MatmulSpec(Transpose.N, Transpose.N, mnk[0], mnk[1], mnk[2], in, in, out, out, compute);
            ops = new LibraryOperands(cuda, spec);
            blas = Cublas.create();
            blas.setMathMode(math);
            call = stream -> {
                blas.setStream(stream);                  // at each call: the stream sns times
                blas.gemm(Transpose.N, Transpose.N, spec.m(), spec.n(), spec.k(), 1.0, ops.a.address(), in, spec.m(),
                        ops.b.address(), in, spec.k(), 0.0, ops.c.address(), out, spec.m(), compute);
            };
            LibrarySamples.checkOnOnesThenRandomize(gpu, ops, call, "cublasGemmEx", 42);
        }

        @TearDown
        public void tearDown() {
            blas.close();
            ops.close();
        }
    }

    /** bf16 in and out, fp32 accumulation on tensor cores. */
    public static class Bf16 extends Gemm {
        public Bf16() {
            super(CudaDataType.BF16, CudaDataType.BF16, ComputeType.F32, MathMode.DEFAULT);
        }
    }

    /** fp16 in and out, fp32 accumulation on tensor cores. */
    public static class Fp16 extends Gemm {
        public Fp16() {
            super(CudaDataType.FP16, CudaDataType.FP16, ComputeType.F32, MathMode.DEFAULT);
        }
    }

    /** fp32 data read as TF32 by the tensor cores. */
    public static class Tf32 extends Gemm {
        public Tf32() {
            super(CudaDataType.FP32, CudaDataType.FP32, ComputeType.F32_FAST_TF32, MathMode.DEFAULT);
        }
    }

    /** fp32 as prescribed: no tensor cores (the SIMT peak). */
    public static class Fp32 extends Gemm {
        public Fp32() {
            super(CudaDataType.FP32, CudaDataType.FP32, ComputeType.F32_PEDANTIC, MathMode.PEDANTIC);
        }
    }

    @Benchmark
    @GpuTiming("precision=bf16-tensor")
    public void bf16(GpuBlackhole gpu, Bf16 g) {
        gpu.time(g.call);
    }

    @Benchmark
    @GpuTiming("precision=fp16-tensor")
    public void fp16(GpuBlackhole gpu, Fp16 g) {
        gpu.time(g.call);
    }

    @Benchmark
    @GpuTiming("precision=tf32-tensor")
    public void tf32(GpuBlackhole gpu, Tf32 g) {
        gpu.time(g.call);
    }

    @Benchmark
    @GpuTiming("precision=fp32")
    public void fp32(GpuBlackhole gpu, Fp32 g) {
        gpu.time(g.call);
    }
}
