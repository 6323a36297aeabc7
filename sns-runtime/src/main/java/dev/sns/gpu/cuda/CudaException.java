package dev.sns.gpu.cuda;

import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;

/**
 * A failed CUDA driver call, in NVBench's format:
 * {@code cuModuleGetFunction(kernel="saxpy", module=kernels/saxpy.ptx): CUDA_ERROR_NOT_FOUND (named symbol not found)}.
 */
public final class CudaException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    /** The CUresult code of the failed call. */
    private final int code;

    CudaException(String call, String context, int code, String hint) {
        super(call + "(" + context + "): " + CUresult.stringFor(code) + " (" + describe(code) + ")"
                + (hint == null || hint.isEmpty() ? "" : ". " + hint));
        this.code = code;
    }

    /** {@return the CUresult code of the failed call} For example {@code CUresult.CUDA_ERROR_OUT_OF_MEMORY}. */
    public int code() {
        return code;
    }

    private static String describe(int code) {
        try {
            String[] s = new String[1];
            if (JCudaDriver.cuGetErrorString(code, s) == CUresult.CUDA_SUCCESS && s[0] != null) {
                return s[0];
            }
        } catch (RuntimeException | LinkageError ignored) {
            // the text is a nicety; the code and its name are already in the message
        }
        return "no description";
    }

    /** Throws for any code but CUDA_SUCCESS. */
    static void check(int code, String call, String context) {
        if (code != CUresult.CUDA_SUCCESS) {
            throw new CudaException(call, context, code, hint(code));
        }
    }

    private static String hint(int code) {
        return switch (code) {
            case CUresult.CUDA_ERROR_NO_DEVICE -> "No CUDA device is visible: run on a GPU host, or use timer=wall";
            case CUresult.CUDA_ERROR_INVALID_DEVICE -> "Check the device index against nvidia-smi -L";
            case CUresult.CUDA_ERROR_OUT_OF_MEMORY -> "Free device memory or shrink the buffers (flushBytes too)";
            case CUresult.CUDA_ERROR_INVALID_CONTEXT -> "The calling thread has no current context: call CudaContext.makeCurrent() first";
            case CUresult.CUDA_ERROR_STREAM_CAPTURE_IMPLICIT, CUresult.CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED ->
                    "launch=graph captures the work: launch it on the stream sns passes in, without syncs or allocations";
            case CUresult.CUDA_ERROR_INVALID_PTX, CUresult.CUDA_ERROR_UNSUPPORTED_PTX_VERSION ->
                    "Regenerate the PTX for this GPU and driver (scripts/build-ptx.sh)";
            default -> "";
        };
    }
}
