package dev.sns.gpu.nvml;

/** NVML cannot be used on this machine: the message says why and what to do. */
public final class NvmlUnavailableException extends Exception {
    private static final long serialVersionUID = 1L;

    NvmlUnavailableException(String message) {
        super(message);
    }
}
