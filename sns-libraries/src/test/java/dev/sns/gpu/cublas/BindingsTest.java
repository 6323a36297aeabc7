package dev.sns.gpu.cublas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sns.gpu.cufft.Cufft;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Known answers for the bindings that need no GPU: the enums' values (cublas_api.h, cublasLt.h and
 * library_types.h of CUDA 13.0, as read on the H200 host), a GEMM's shape, and a host without the
 * libraries: one line saying why, and no handle.
 */
class BindingsTest {
    @Test
    void enumValuesAreCuda13s() {
        assertEquals(Map.of("FP32", 0, "FP64", 1, "FP16", 2, "INT8", 3, "INT32", 10, "BF16", 14, "FP8_E4M3", 28,
                "FP8_E5M2", 29), codes(CudaDataType.values()));
        assertEquals(Map.of("F32", 68, "F32_PEDANTIC", 69, "F32_FAST_16F", 74, "F32_FAST_16BF", 75, "F32_FAST_TF32", 77,
                "F64", 70), codes(ComputeType.values()));
        assertEquals(Map.of("N", 0, "T", 1), codes(Transpose.values()));
        assertEquals(Map.of("DEFAULT", 0, "PEDANTIC", 2, "TF32_TENSOR_OP", 3), codes(MathMode.values()));
        assertEquals(96, CublasLtNative.HeuristicResult.SIZE);
        assertEquals(List.of(0, 64, 72, 76), List.of(CublasLtNative.HeuristicResult.ALGO,
                CublasLtNative.HeuristicResult.WORKSPACE_SIZE, CublasLtNative.HeuristicResult.STATE,
                CublasLtNative.HeuristicResult.WAVES_COUNT));
    }

    @Test
    void aSpecKnowsItsWorkAndHowItsMatricesAreStored() {
        MatmulSpec bf16 = MatmulSpec.of(8192, 8192, 8192, CudaDataType.BF16, ComputeType.F32);
        assertEquals(2.0 * 8192 * 8192 * 8192, bf16.flops());
        assertEquals(8192.0 * 8192 * 2 * 4, bf16.bytes());
        assertEquals("bf16 8192x8192x8192 NN", bf16.label());
        MatmulSpec fp8 = MatmulSpec.fp8(4096, 128, 8192);
        assertEquals("fp8_e4m3->bf16 4096x128x8192 TN", fp8.label());
        assertEquals(8192, fp8.aRows());
        assertEquals(4096, fp8.aCols());
        assertEquals(8192, fp8.bRows());
        assertEquals(128, fp8.bCols());
        assertEquals(4096.0 * 8192 + 8192.0 * 128 + 4096.0 * 128 * 4, fp8.bytes());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MatmulSpec.of(0, 1, 1, CudaDataType.FP32, ComputeType.F32));
        assertEquals("a GEMM needs positive m, n and k, got m=0, n=1, k=1", e.getMessage());
    }

    @Test
    void withoutTheLibrariesEachSaysWhyInOneLineAndMakesNoHandle() {
        Optional<String> why = Cublas.whyUnavailable();
        assumeTrue(why.isPresent(), "this machine has libcublas (" + Cublas.loadedFrom() + ")");
        String reason = why.get();
        assertFalse(reason.contains("\n"), reason);
        assertTrue(reason.startsWith("no libcublas (") && reason.contains("comes with the CUDA toolkit")
                && reason.contains("-Dsns.cublas="), reason);
        IllegalStateException e = assertThrows(IllegalStateException.class, Cublas::create);
        assertEquals(reason, e.getMessage());
        assertTrue(CublasLt.whyUnavailable().orElseThrow().startsWith("no libcublasLt ("));
        assertTrue(Cufft.whyUnavailable().orElseThrow().startsWith("no libcufft ("));
        assertThrows(IllegalStateException.class, () -> Cufft.plan1d(1024, 1));
        assertEquals("", Cublas.loadedFrom());
    }

    private static Map<String, Integer> codes(Enum<?>[] values) {
        java.util.Map<String, Integer> m = new java.util.HashMap<>();
        for (Enum<?> v : values) {
            try {
                m.put(v.name(), (Integer) v.getClass().getMethod("code").invoke(v));
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
        return m;
    }
}
