package dev.sns.gpu.cublas;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import dev.sns.timing.GpuStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A cuBLASLt handle and the matmuls it plans: {@link #heuristics} asks cuBLASLt's heuristic for
 * algorithms of a {@link MatmulSpec}, {@link #plan} keeps one (with its descriptors) as a
 * {@link Matmul} that runs on the stream it is given at each call:
 * <pre>{@code
 * CublasLt lt = CublasLt.create();
 * CublasLt.Matmul mm = lt.plan(MatmulSpec.fp8(8192, 8192, 8192), 32L << 20, 0);
 * Workload w = stream -> mm.run(stream, a.address(), b.address(), d.address(), d.address(), ws.address());
 * }</pre>
 */
public final class CublasLt implements AutoCloseable {
    private final CublasLtNative lib;
    private Pointer handle;

    private CublasLt(CublasLtNative lib, Pointer handle) {
        this.lib = lib;
        this.handle = handle;
    }

    /**
     * Why cuBLASLt cannot be used here, with the fix.
     *
     * @return the reason, or empty when libcublasLt loaded
     */
    public static Optional<String> whyUnavailable() {
        return Optional.ofNullable(Libraries.CUBLAS_LT.failure());
    }

    /**
     * A new handle (cuBLASLt's handles hold no stream and no context).
     *
     * @return the handle; close it when done
     * @throws IllegalStateException when cuBLASLt is unavailable (the reason says why)
     */
    public static CublasLt create() {
        CublasLtNative lib = Libraries.CUBLAS_LT.get();
        PointerByReference h = new PointerByReference();
        Libraries.check(lib.cublasLtCreate(h), "cublasLtCreate", "");
        return new CublasLt(lib, h.getValue());
    }

    /**
     * An algorithm cuBLASLt's heuristic offered, in its order (the first is its pick).
     *
     * @param index its place in the heuristic's answer (0: the first)
     * @param id the algorithm's id ({@code CUBLASLT_ALGO_CONFIG_ID})
     * @param workspaceBytes the workspace it needs
     * @param waves its waves count (1.0: one full wave over the GPU)
     */
    public record Algo(int index, int id, long workspaceBytes, float waves) {}

    /**
     * The algorithms the heuristic offers for {@code spec} within {@code maxWorkspaceBytes}, best first.
     *
     * @param spec the GEMM
     * @param maxWorkspaceBytes the largest workspace the caller will give
     * @param count how many to ask for
     * @return the offers (empty when none fits)
     */
    public List<Algo> heuristics(MatmulSpec spec, long maxWorkspaceBytes, int count) {
        try (Descriptors d = new Descriptors(spec)) {
            Memory results = d.heuristic(maxWorkspaceBytes, count);
            List<Algo> out = new ArrayList<>();
            for (int i = 0; i < d.offered; i++) {
                long base = (long) i * CublasLtNative.HeuristicResult.SIZE;
                out.add(new Algo(i, algoId(results.share(base)),
                        results.getLong(base + CublasLtNative.HeuristicResult.WORKSPACE_SIZE),
                        results.getFloat(base + CublasLtNative.HeuristicResult.WAVES_COUNT)));
            }
            return out;
        }
    }

    /**
     * The matmul of {@code spec} with the heuristic's {@code algoIndex}-th algorithm, ready to run.
     *
     * @param spec the GEMM
     * @param maxWorkspaceBytes the largest workspace the caller will give
     * @param algoIndex which of the heuristic's offers (0: its pick)
     * @return the planned matmul; close it when done
     * @throws IllegalArgumentException when the heuristic offers fewer algorithms
     */
    public Matmul plan(MatmulSpec spec, long maxWorkspaceBytes, int algoIndex) {
        Descriptors d = new Descriptors(spec);
        try {
            Memory results = d.heuristic(maxWorkspaceBytes, algoIndex + 1);
            if (d.offered <= algoIndex) {
                throw new IllegalArgumentException("cuBLASLt's heuristic offers " + d.offered + " algorithm(s) for "
                        + spec.label() + " within " + maxWorkspaceBytes + " bytes of workspace; algoIndex " + algoIndex
                        + " does not exist" + (d.offered == 0 ? ": this GPU or library may not support these types" : ""));
            }
            long base = (long) algoIndex * CublasLtNative.HeuristicResult.SIZE;
            Memory algo = new Memory(64);
            algo.write(0, results.getByteArray(base, 64), 0, 64);
            Algo chosen = new Algo(algoIndex, algoId(algo),
                    results.getLong(base + CublasLtNative.HeuristicResult.WORKSPACE_SIZE),
                    results.getFloat(base + CublasLtNative.HeuristicResult.WAVES_COUNT));
            return new Matmul(spec, d, algo, chosen);
        } catch (RuntimeException e) {
            d.close();
            throw e;
        }
    }

    private int algoId(Pointer algo) {
        Memory id = new Memory(4);
        Libraries.check(lib.cublasLtMatmulAlgoConfigGetAttribute(algo, CublasLtNative.ALGO_CONFIG_ID, id, 4, null),
                "cublasLtMatmulAlgoConfigGetAttribute", "CUBLASLT_ALGO_CONFIG_ID");
        return id.getInt(0);
    }

    private Pointer open() {
        if (handle == null) {
            throw new IllegalStateException("this cuBLASLt handle is closed");
        }
        return handle;
    }

    /** The descriptors of one GEMM: operation, four layouts, and the preference the heuristic read. */
    private final class Descriptors implements AutoCloseable {
        final MatmulSpec spec;
        final List<Pointer> owned = new ArrayList<>();
        final Pointer desc;
        final Pointer a;
        final Pointer b;
        final Pointer c;
        final Pointer d;
        int offered;

        Descriptors(MatmulSpec spec) {
            this.spec = Objects.requireNonNull(spec, "spec");
            try {
                PointerByReference p = new PointerByReference();
                Libraries.check(lib.cublasLtMatmulDescCreate(p, spec.compute().code(),
                        (spec.compute().doubleScale() ? CudaDataType.FP64 : CudaDataType.FP32).code()),
                        "cublasLtMatmulDescCreate", spec.label());
                desc = keep(p.getValue());
                setInt(desc, CublasLtNative.DESC_TRANSA, spec.ta().code());
                setInt(desc, CublasLtNative.DESC_TRANSB, spec.tb().code());
                a = layout(spec.a(), spec.aRows(), spec.aCols());
                b = layout(spec.b(), spec.bRows(), spec.bCols());
                c = layout(spec.c(), spec.m(), spec.n());
                d = layout(spec.d(), spec.m(), spec.n());
            } catch (RuntimeException e) {
                close();
                throw e;
            }
        }

        private Pointer keep(Pointer p) {
            owned.add(p);
            return p;
        }

        private void setInt(Pointer target, int attr, int value) {
            Memory m = new Memory(4);
            m.setInt(0, value);
            Libraries.check(lib.cublasLtMatmulDescSetAttribute(target, attr, m, 4), "cublasLtMatmulDescSetAttribute",
                    "attr=" + attr + ", value=" + value);
        }

        private Pointer layout(CudaDataType type, long rows, long cols) {
            PointerByReference p = new PointerByReference();
            Libraries.check(lib.cublasLtMatrixLayoutCreate(p, type.code(), rows, cols, rows), "cublasLtMatrixLayoutCreate",
                    String.format(Locale.ROOT, "%s, %d x %d", type, rows, cols));
            return keep(p.getValue());
        }

        Memory heuristic(long maxWorkspaceBytes, int count) {
            PointerByReference p = new PointerByReference();
            Libraries.check(lib.cublasLtMatmulPreferenceCreate(p), "cublasLtMatmulPreferenceCreate", "");
            Pointer pref = p.getValue();
            try {
                Memory ws = new Memory(8);
                ws.setLong(0, maxWorkspaceBytes);
                Libraries.check(lib.cublasLtMatmulPreferenceSetAttribute(pref, CublasLtNative.PREF_MAX_WORKSPACE_BYTES, ws, 8),
                        "cublasLtMatmulPreferenceSetAttribute", "MAX_WORKSPACE_BYTES=" + maxWorkspaceBytes);
                Memory results = new Memory((long) CublasLtNative.HeuristicResult.SIZE * count);
                results.clear();
                IntByReference returned = new IntByReference();
                int rc = lib.cublasLtMatmulAlgoGetHeuristic(open(), desc, a, b, c, d, pref, count, results, returned);
                if (rc == 15 /* CUBLAS_STATUS_NOT_SUPPORTED: no algorithm for these types here */) {
                    offered = 0;
                    return results;
                }
                Libraries.check(rc, "cublasLtMatmulAlgoGetHeuristic", spec.label());
                offered = returned.getValue();
                return results;
            } finally {
                lib.cublasLtMatmulPreferenceDestroy(pref);
            }
        }

        @Override
        public void close() {
            for (int i = owned.size() - 1; i >= 0; i--) {
                Pointer p = owned.get(i);
                if (i == 0) {
                    lib.cublasLtMatmulDescDestroy(p);
                } else {
                    lib.cublasLtMatrixLayoutDestroy(p);
                }
            }
            owned.clear();
        }
    }

    /** A planned matmul: its spec, the algorithm chosen, and its descriptors. */
    public final class Matmul implements AutoCloseable {
        private final MatmulSpec spec;
        private final Descriptors descriptors;
        private final Memory algo;
        private final Algo chosen;
        private final Memory alpha = new Memory(8);
        private final Memory beta = new Memory(8);

        private Matmul(MatmulSpec spec, Descriptors descriptors, Memory algo, Algo chosen) {
            this.spec = spec;
            this.descriptors = descriptors;
            this.algo = algo;
            this.chosen = chosen;
            setScale(1.0, 0.0);
        }

        /**
         * The GEMM this runs.
         *
         * @return its spec
         */
        public MatmulSpec spec() {
            return spec;
        }

        /**
         * The algorithm the heuristic offered and this runs.
         *
         * @return its index, id, workspace and waves
         */
        public Algo algo() {
            return chosen;
        }

        /**
         * Sets alpha and beta (1 and 0 until set).
         *
         * @param alphaValue alpha
         * @param betaValue beta
         */
        public void setScale(double alphaValue, double betaValue) {
            if (spec.compute().doubleScale()) {
                alpha.setDouble(0, alphaValue);
                beta.setDouble(0, betaValue);
            } else {
                alpha.setFloat(0, (float) alphaValue);
                beta.setFloat(0, (float) betaValue);
            }
        }

        /**
         * One GEMM on {@code stream}: {@code D = alpha op(A) op(B) + beta C}.
         *
         * @param stream the stream sns gives the workload
         * @param a A's device address
         * @param b B's device address
         * @param c C's device address
         * @param d D's device address (may be C's)
         * @param workspace a device buffer of at least {@code algo().workspaceBytes()} (0 when it needs none)
         */
        public void run(GpuStream stream, long a, long b, long c, long d, long workspace) {
            int rc = lib.cublasLtMatmul(open(), descriptors.desc, alpha, new Pointer(a), descriptors.a, new Pointer(b),
                    descriptors.b, beta, new Pointer(c), descriptors.c, new Pointer(d), descriptors.d, algo,
                    workspace == 0 ? null : new Pointer(workspace), chosen.workspaceBytes(), new Pointer(stream.handle()));
            if (rc != 0) {
                Libraries.check(rc, "cublasLtMatmul", spec.label() + ", algo " + chosen.id());
            }
        }

        /** Destroys the descriptors (idempotent). */
        @Override
        public void close() {
            descriptors.close();
        }
    }

    /** Destroys the handle (idempotent; its matmuls must be closed first). */
    @Override
    public void close() {
        if (handle != null) {
            Pointer h = handle;
            handle = null;
            Libraries.check(lib.cublasLtDestroy(h), "cublasLtDestroy", "");
        }
    }
}
