package dev.sns.gpu.nvml;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import dev.sns.model.BoardIdentity;
import java.util.Locale;

/**
 * Reads a device's {@link BoardIdentity} through NVML, one call per field: a call that fails leaves
 * its field absent with NVML's name for the code ({@code NOT_SUPPORTED}, {@code NO_PERMISSION}, ...),
 * and a call this driver lacks with {@code FUNCTION_NOT_FOUND} (JNA resolves each symbol on first use).
 * Watts are NVML's milliwatts / 1000.
 */
final class NvmlBoard {
    /** NVML_DEVICE_UUID_V2_BUFFER_SIZE and NVML_DEVICE_SERIAL_BUFFER_SIZE are 96 and 30; 96 holds every text. */
    private static final int TEXT_BYTES = 96;

    private NvmlBoard() {}

    /** One NVML call that writes text into a buffer. */
    private interface TextCall {
        int call(Pointer d, byte[] b, int len);
    }

    /** One NVML call that writes an unsigned int. */
    private interface IntCall {
        int call(Pointer d, IntByReference v);
    }

    /** One NVML call that writes a current and a pending mode. */
    private interface ModeCall {
        int call(Pointer d, IntByReference current, IntByReference pending);
    }

    /**
     * The board of the device behind {@code d}.
     *
     * @param lib NVML, initialised
     * @param d the device's handle
     * @return its board; never throws for a failed call
     */
    static BoardIdentity read(NvmlLibrary lib, Pointer d) {
        BoardIdentity.Builder b = BoardIdentity.builder();
        text(lib, b, "uuid", d, lib::nvmlDeviceGetUUID);
        text(lib, b, "serial", d, lib::nvmlDeviceGetSerial);
        text(lib, b, "vbiosVersion", d, lib::nvmlDeviceGetVbiosVersion);
        text(lib, b, "boardPartNumber", d, lib::nvmlDeviceGetBoardPartNumber);
        watts(lib, b, "powerLimitWatts", d, lib::nvmlDeviceGetPowerManagementLimit);
        watts(lib, b, "defaultPowerLimitWatts", d, lib::nvmlDeviceGetPowerManagementDefaultLimit);
        mode(lib, b, "eccEnabled", d, lib::nvmlDeviceGetEccMode);
        count(lib, b, "pcieLinkGeneration", d, lib::nvmlDeviceGetCurrPcieLinkGeneration);
        count(lib, b, "pcieLinkWidth", d, lib::nvmlDeviceGetCurrPcieLinkWidth);
        count(lib, b, "pcieMaxLinkGeneration", d, lib::nvmlDeviceGetMaxPcieLinkGeneration);
        count(lib, b, "pcieMaxLinkWidth", d, lib::nvmlDeviceGetMaxPcieLinkWidth);
        flag(lib, b, "persistenceMode", d, lib::nvmlDeviceGetPersistenceMode);
        mode(lib, b, "migMode", d, lib::nvmlDeviceGetMigMode);
        count(lib, b, "moduleId", d, lib::nvmlDeviceGetModuleId);
        return b.build("not read");
    }

    private static void text(NvmlLibrary lib, BoardIdentity.Builder b, String field, Pointer d, TextCall call) {
        byte[] buf = new byte[TEXT_BYTES];
        int rc = guarded(() -> call.call(d, buf, buf.length));
        String s = rc == NvmlLibrary.NVML_SUCCESS ? Nvml.cString(buf).trim() : "";
        if (rc != NvmlLibrary.NVML_SUCCESS) {
            b.absent(field, reason(lib, rc));
        } else if (s.isEmpty()) {
            b.absent(field, "NVML answered an empty text");
        } else {
            b.set(field, s);
        }
    }

    private static void watts(NvmlLibrary lib, BoardIdentity.Builder b, String field, Pointer d, IntCall call) {
        IntByReference v = new IntByReference();
        int rc = guarded(() -> call.call(d, v));
        long mw = Integer.toUnsignedLong(v.getValue());
        if (rc != NvmlLibrary.NVML_SUCCESS) {
            b.absent(field, reason(lib, rc));
        } else if (mw == 0) {
            b.absent(field, "NVML answered 0 mW");
        } else {
            b.set(field, mw / 1000.0);
        }
    }

    private static void count(NvmlLibrary lib, BoardIdentity.Builder b, String field, Pointer d, IntCall call) {
        IntByReference v = new IntByReference();
        int rc = guarded(() -> call.call(d, v));
        if (rc != NvmlLibrary.NVML_SUCCESS) {
            b.absent(field, reason(lib, rc));
        } else if (v.getValue() < 0) {
            b.absent(field, "NVML answered " + Integer.toUnsignedString(v.getValue()));
        } else {
            b.set(field, v.getValue());
        }
    }

    private static void flag(NvmlLibrary lib, BoardIdentity.Builder b, String field, Pointer d, IntCall call) {
        IntByReference v = new IntByReference();
        int rc = guarded(() -> call.call(d, v));
        enabled(lib, b, field, rc, v.getValue());
    }

    private static void mode(NvmlLibrary lib, BoardIdentity.Builder b, String field, Pointer d, ModeCall call) {
        IntByReference current = new IntByReference();
        IntByReference pending = new IntByReference();
        int rc = guarded(() -> call.call(d, current, pending));
        enabled(lib, b, field, rc, current.getValue());
    }

    private static void enabled(NvmlLibrary lib, BoardIdentity.Builder b, String field, int rc, int value) {
        if (rc != NvmlLibrary.NVML_SUCCESS) {
            b.absent(field, reason(lib, rc));
        } else if (value != 0 && value != 1) {
            b.absent(field, "NVML answered the state " + value);
        } else {
            b.set(field, value == 1);
        }
    }

    /** FUNCTION_NOT_FOUND's code: what a driver without the symbol amounts to. */
    static final int FUNCTION_NOT_FOUND = 13;

    private interface RawCall {
        int call();
    }

    private static int guarded(RawCall c) {
        try {
            return c.call();
        } catch (UnsatisfiedLinkError e) {
            return FUNCTION_NOT_FOUND;
        }
    }

    /**
     * NVML's name for a return code, as nvml.h spells it after {@code NVML_ERROR_}; an unknown code
     * as "error N" with NVML's text.
     *
     * @param lib NVML, for the text of a code not in the table
     * @param rc an nvmlReturn_t other than success
     * @return e.g. "NOT_SUPPORTED"
     */
    static String reason(NvmlLibrary lib, int rc) {
        String name = switch (rc) {
            case 1 -> "UNINITIALIZED";
            case 2 -> "INVALID_ARGUMENT";
            case 3 -> "NOT_SUPPORTED";
            case 4 -> "NO_PERMISSION";
            case 6 -> "NOT_FOUND";
            case 7 -> "INSUFFICIENT_SIZE";
            case 9 -> "DRIVER_NOT_LOADED";
            case 10 -> "TIMEOUT";
            case 13 -> "FUNCTION_NOT_FOUND";
            case 14 -> "CORRUPTED_INFOROM";
            case 15 -> "GPU_IS_LOST";
            case 17 -> "OPERATING_SYSTEM";
            case 21 -> "NO_DATA";
            case 26 -> "DEPRECATED";
            case 999 -> "UNKNOWN";
            default -> null;
        };
        if (name != null) {
            return name;
        }
        String text;
        try {
            text = lib.nvmlErrorString(rc);
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            text = "";
        }
        return String.format(Locale.ROOT, "error %d%s", rc, text == null || text.isEmpty() ? "" : " (" + text + ")");
    }
}
