package dev.sns.benchmarks;

import dev.sns.Workload;
import dev.sns.gpu.cublas.ComputeType;
import dev.sns.gpu.cublas.Cublas;
import dev.sns.gpu.cublas.CudaDataType;
import dev.sns.gpu.cublas.MatmulSpec;
import dev.sns.gpu.cublas.Transpose;
import dev.sns.gpu.cuda.CudaContext;
import dev.sns.gpu.cuda.CudaStream;
import dev.sns.jmh.GpuBlackhole;
import dev.sns.jmh.annotations.GpuTiming;
import dev.sns.timing.GpuStream;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Sample 12: a library's stream, wrong and right. A library handle keeps the stream it was last
 * given. {@code ownStream} binds its cuBLAS handle once, at setup, to a stream of its own, as code
 * written without sns often does: its GEMMs then run outside the stream sns times, the events around
 * each sample bracket nothing, and sns's stream check makes the result tier C, its first reason
 * naming the windows that saw no work and the fix. {@code perCall} is the fix: the workload binds the
 * handle to the stream it is handed, at each call ({@code blas.setStream(stream)}), and reads the
 * GEMM's time (tier A or B). The check needs the empty kernel, timed like the work: blocking or graph
 * launches with {@code launchOverhead=true}, the defaults. Run:
 * {@code java -jar benchmarks/target/benchmarks.jar GpuSample_12 -prof sns}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
public class GpuSample_12_LibraryStreams {
    private static final MatmulSpec SPEC = MatmulSpec.of(4096, 4096, 4096, CudaDataType.BF16, ComputeType.F32);

    private Cublas blas;
    private LibraryOperands ops;
    private CudaStream own;
    private CudaContext cuda;

    @Setup
    public void setUp(GpuBlackhole gpu) throws Exception {
        cuda = LibrarySamples.current(gpu, "cuBLAS", Cublas.whyUnavailable());
        ops = new LibraryOperands(cuda, SPEC);
        blas = Cublas.create();
        own = cuda.createStream();
        LibrarySamples.checkOnOnesThenRandomize(gpu, ops, this::bound, "cublasGemmEx", 3);
        cuda.synchronize();
    }

    /** The GEMM with the handle bound to {@code stream} first: what {@link #perCall} times. */
    private void bound(GpuStream stream) {
        blas.setStream(stream);
        gemm();
    }

    private void gemm() {
        blas.gemm(Transpose.N, Transpose.N, SPEC.m(), SPEC.n(), SPEC.k(), 1.0, ops.a.address(), SPEC.a(), SPEC.m(),
                ops.b.address(), SPEC.b(), SPEC.k(), 0.0, ops.c.address(), SPEC.c(), SPEC.m(), SPEC.compute());
    }

    @TearDown
    public void tearDown() {
        cuda.synchronize();
        blas.close();
        own.close();
        ops.close();
    }

    /** Wrong: the handle was bound once, to a stream of its own; sns times an empty stream (tier C). */
    @Benchmark
    @GpuTiming("precision=bf16-tensor")
    public void ownStream(GpuBlackhole gpu) {
        blas.setStream(own);
        Workload unbound = stream -> gemm();
        gpu.time(unbound);
    }

    /** Right: the handle is bound to the stream sns gives, at each call. */
    @Benchmark
    @GpuTiming("precision=bf16-tensor")
    public void perCall(GpuBlackhole gpu) {
        gpu.time(this::bound);
    }
}
