package dev.sns.benchmarks;

import dev.sns.gpu.cublas.CudaDataType;
import dev.sns.gpu.cublas.MatmulSpec;
import dev.sns.gpu.cuda.CudaContext;
import dev.sns.gpu.cuda.DeviceBuffer;
import dev.sns.gpu.cuda.Kernel;
import dev.sns.gpu.cuda.PtxModule;
import dev.sns.timing.GpuStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The matrices of a library GEMM sample (libraries.cu's fill kernels): A, B and C (C is D too),
 * allocated on the device, filled with ones for the check ({@code C[0]} must read {@code k}), then
 * with pseudo-random values in [-1, 1) for the timing (tensor cores run faster on zeros, and a
 * benchmark of constants would flatter them).
 */
public final class LibraryOperands implements AutoCloseable {
    private static final Map<Integer, PtxModule> MODULES = new ConcurrentHashMap<>();

    /** The GEMM these are the matrices of. */
    public final MatmulSpec spec;
    /** A, m x k as stored. */
    public final DeviceBuffer a;
    /** B, k x n as stored. */
    public final DeviceBuffer b;
    /** C, which the samples also use as D. */
    public final DeviceBuffer c;
    private final CudaContext cuda;

    /** Allocates A, B and C for {@code spec} on {@code cuda}'s device (uninitialized). */
    public LibraryOperands(CudaContext cuda, MatmulSpec spec) {
        this.cuda = cuda;
        this.spec = spec;
        a = cuda.allocate(align((long) spec.m() * spec.k() * spec.a().bytes()));
        b = cuda.allocate(align((long) spec.k() * spec.n() * spec.b().bytes()));
        c = cuda.allocate(align((long) spec.m() * spec.n() * spec.c().bytes()));
    }

    /** The shape of a sample's {@code @Param}, "MxNxK". */
    public static int[] shape(String mxnxk) {
        String[] p = mxnxk.split("x");
        if (p.length != 3) {
            throw new IllegalArgumentException("a GEMM shape is MxNxK, e.g. 8192x8192x8192; got '" + mxnxk + "'");
        }
        return new int[] {Integer.parseInt(p[0]), Integer.parseInt(p[1]), Integer.parseInt(p[2])};
    }

    /** A and B all ones, C zero (queued on {@code stream}). */
    public void ones(GpuStream stream) {
        a.fill32(one32(spec.a()), stream);
        b.fill32(one32(spec.b()), stream);
        c.fill32(0, stream);
    }

    /** A and B pseudo-random in [-1, 1), C zero (queued on {@code stream}). */
    public void random(GpuStream stream, int seed) {
        fill(a, spec.a(), (long) spec.m() * spec.k(), seed, stream);
        fill(b, spec.b(), (long) spec.k() * spec.n(), seed + 1, stream);
        c.fill32(0, stream);
    }

    /** Fails the trial unless {@code C[0]}, after a GEMM of ones, is {@code k}. */
    public void checkOnes(String what) {
        cuda.synchronize();
        int bits = c.copyTo(new int[1])[0];
        float c0 = switch (spec.c()) {
            case FP32 -> Float.intBitsToFloat(bits);
            case BF16 -> Float.intBitsToFloat((bits & 0xFFFF) << 16);
            case FP16 -> half(bits & 0xFFFF);
            default -> throw new IllegalArgumentException("no check for a C of " + spec.c());
        };
        SampleKernels.check(what + " of ones: C[0]", spec.k(), c0, 0.0);
    }

    private void fill(DeviceBuffer buffer, CudaDataType type, long n, int seed, GpuStream stream) {
        String name = switch (type) {
            case FP32 -> "fill_f32";
            case BF16 -> "fill_bf16";
            case FP16 -> "fill_f16";
            case FP8_E4M3 -> "fill_e4m3";
            default -> throw new IllegalArgumentException("no fill kernel for " + type);
        };
        Kernel k = MODULES.computeIfAbsent(cuda.index(), i -> PtxModule.load(cuda, LibraryOperands.class, "libraries.ptx"))
                .kernel(name);
        k.launch(stream, SampleKernels.blocks(cuda), 256, Kernel.KernelArgs.of().ptr(buffer).i64(n).i32(seed));
    }

    /** 1.0 of {@code type}, repeated to fill 32 bits. */
    private static int one32(CudaDataType type) {
        return switch (type) {
            case FP32 -> Float.floatToIntBits(1f);
            case BF16 -> 0x3F803F80;
            case FP16 -> 0x3C003C00;
            case FP8_E4M3 -> 0x38383838;
            default -> throw new IllegalArgumentException("no 1.0 pattern for " + type);
        };
    }

    /** IEEE half to float (Java 17 has no Float.float16ToFloat). */
    static float half(int h) {
        int sign = (h >> 15) & 1;
        int exp = (h >> 10) & 0x1F;
        int mant = h & 0x3FF;
        float v = exp == 0 ? mant * 0x1p-24f : exp == 31 ? (mant == 0 ? Float.POSITIVE_INFINITY : Float.NaN)
                : (1f + mant / 1024f) * (float) Math.pow(2, exp - 15);
        return sign == 1 ? -v : v;
    }

    /** Rounded up to 4 bytes: the fills write 32-bit words. */
    private static long align(long bytes) {
        return (bytes + 3) & ~3L;
    }

    @Override
    public void close() {
        a.close();
        b.close();
        c.close();
    }
}
