package dev.sns.gpu.nvml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import dev.sns.model.BoardIdentity;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The board read through NVML's calls, answered by a scripted library (a proxy of {@link NvmlLibrary},
 * with the H200's answers seen on the GPU host: VBIOS 96.00.A5.00.1A, 700 W): every field from its
 * call, milliwatts as watts, and each failed call as its field's reason, NVML's name for the code.
 */
class NvmlBoardTest {
    /** A library whose calls answer from {@code answers} (method name to value, or an Integer code as a failure). */
    private static NvmlLibrary scripted(Map<String, Object> answers, Map<String, Integer> failures) {
        return (NvmlLibrary) Proxy.newProxyInstance(NvmlLibrary.class.getClassLoader(), new Class<?>[] {NvmlLibrary.class},
                (proxy, m, args) -> {
                    String name = m.getName();
                    if (name.equals("nvmlErrorString")) {
                        return "scripted error";
                    }
                    if (failures.containsKey(name)) {
                        return failures.get(name);
                    }
                    if (name.equals("nvmlDeviceGetModuleId") && !answers.containsKey(name)) {
                        throw new UnsatisfiedLinkError("Error looking up function 'nvmlDeviceGetModuleId'");
                    }
                    Object v = answers.get(name);
                    if (v instanceof String s) {
                        byte[] b = s.getBytes(StandardCharsets.UTF_8);
                        System.arraycopy(b, 0, (byte[]) args[1], 0, b.length);
                    } else if (v instanceof Integer n) {
                        ((IntByReference) args[1]).setValue(n);
                    }
                    return NvmlLibrary.NVML_SUCCESS;
                });
    }

    private static final Map<String, Object> H200 = Map.ofEntries(
            Map.entry("nvmlDeviceGetUUID", "GPU-2450be55-70f5-d6a1-2f1e-0b0c0d0e0f10"),
            Map.entry("nvmlDeviceGetSerial", "1654123456789"),
            Map.entry("nvmlDeviceGetVbiosVersion", "96.00.A5.00.1A"),
            Map.entry("nvmlDeviceGetBoardPartNumber", "692-2G520-0200-000"),
            Map.entry("nvmlDeviceGetPowerManagementLimit", 700_000),
            Map.entry("nvmlDeviceGetPowerManagementDefaultLimit", 700_000),
            Map.entry("nvmlDeviceGetEccMode", 1),
            Map.entry("nvmlDeviceGetCurrPcieLinkGeneration", 5),
            Map.entry("nvmlDeviceGetCurrPcieLinkWidth", 16),
            Map.entry("nvmlDeviceGetMaxPcieLinkGeneration", 5),
            Map.entry("nvmlDeviceGetMaxPcieLinkWidth", 16),
            Map.entry("nvmlDeviceGetPersistenceMode", 1),
            Map.entry("nvmlDeviceGetMigMode", 0),
            Map.entry("nvmlDeviceGetModuleId", 3));

    @Test
    void everyFieldComesFromItsCall() {
        BoardIdentity b = NvmlBoard.read(scripted(H200, Map.of()), Pointer.NULL);
        assertEquals(Map.of(), b.missing());
        assertEquals(Optional.of("GPU-2450be55-70f5-d6a1-2f1e-0b0c0d0e0f10"), b.uuid());
        assertEquals(Optional.of("96.00.A5.00.1A"), b.vbiosVersion());
        assertEquals(Optional.of(700.0), b.powerLimitWatts(), "700000 mW");
        assertEquals(Optional.of(true), b.eccEnabled());
        assertEquals(Optional.of(false), b.migMode());
        assertEquals(Optional.of(16), b.pcieMaxLinkWidth());
        assertEquals(Optional.of(3), b.moduleId());
    }

    @Test
    void aFailedCallIsItsFieldsReason() {
        Map<String, Object> noModule = new java.util.HashMap<>(H200);
        noModule.remove("nvmlDeviceGetModuleId");
        BoardIdentity b = NvmlBoard.read(scripted(noModule, Map.of("nvmlDeviceGetSerial", 3,
                "nvmlDeviceGetPowerManagementLimit", 4, "nvmlDeviceGetMigMode", 3, "nvmlDeviceGetEccMode", 77)),
                Pointer.NULL);
        assertEquals(Map.of("serial", "NOT_SUPPORTED", "powerLimitWatts", "NO_PERMISSION", "migMode", "NOT_SUPPORTED",
                "eccEnabled", "error 77 (scripted error)", "moduleId", "FUNCTION_NOT_FOUND"), b.missing());
        assertEquals(Optional.empty(), b.serial());
        assertEquals(Optional.of(700.0), b.defaultPowerLimitWatts(), "the other calls still answer");
        assertTrue(b.known());
    }

    @Test
    void zeroWattsAndEmptyTextAreAbsentNotMadeUp() {
        Map<String, Object> odd = new java.util.HashMap<>(H200);
        odd.put("nvmlDeviceGetPowerManagementDefaultLimit", 0);
        odd.put("nvmlDeviceGetBoardPartNumber", "");
        BoardIdentity b = NvmlBoard.read(scripted(odd, Map.of()), Pointer.NULL);
        assertEquals("NVML answered 0 mW", b.missing().get("defaultPowerLimitWatts"));
        assertEquals("NVML answered an empty text", b.missing().get("boardPartNumber"));
    }
}
