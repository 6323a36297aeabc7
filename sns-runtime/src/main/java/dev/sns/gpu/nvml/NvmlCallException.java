package dev.sns.gpu.nvml;

/** An NVML call failed: the call, its nvmlReturn_t code and NVML's text for it. */
public final class NvmlCallException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int code;

    NvmlCallException(String call, int code, String text) {
        super(call + ": NVML error " + code + " (" + text + ")");
        this.code = code;
    }

    public int code() {
        return code;
    }
}
