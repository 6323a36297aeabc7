package dev.sns.gpu.cupti;

import com.sun.jna.Native;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import dev.sns.gpu.CudaLibraryPaths;

/**
 * Loads CUPTI once (see {@link CudaLibraryPaths} for where it is looked for) and names its errors.
 * A missing library is a reason with the fix, never an exception at class loading.
 */
final class Cupti {
    private static final CudaLibraryPaths CUPTI_PATHS = new CudaLibraryPaths("cupti");
    private static final Object LOCK = new Object();
    private static CuptiLibrary library;
    private static String loadFailure;
    private static String loadedFrom = "";

    private Cupti() {}

    /** The library, or the reason it is unavailable. */
    static CuptiLibrary library() throws CuptiUnavailableException {
        synchronized (LOCK) {
            if (library == null && loadFailure == null) {
                load();
            }
            if (library == null) {
                throw new CuptiUnavailableException(loadFailure);
            }
            return library;
        }
    }

    /** The file CUPTI was loaded from ("" before it is loaded, or when the system found it by name). */
    static String loadedFrom() {
        synchronized (LOCK) {
            return loadedFrom;
        }
    }

    private static void load() {
        try {
            CudaLibraryPaths.Loaded<CuptiLibrary> l = CUPTI_PATHS.loadFirst("sns.cupti",
                    f -> Native.load(f, CuptiLibrary.class));
            IntByReference v = new IntByReference();
            l.library().cuptiGetVersion(v);
            library = l.library();
            loadedFrom = l.from() + " (CUPTI API version " + v.getValue() + ")";
        } catch (CudaLibraryPaths.NotFound e) {
            loadFailure = e.getMessage() + ". CUPTI comes with the CUDA toolkit: install it, point CUDA_HOME or "
                    + "-Dsns.cupti=/path/libcupti.so at it, or set kernels=false";
        }
    }

    /** "cuptiActivityEnable(CONCURRENT_KERNEL): CUPTI_ERROR_... (text)" with the next step for known codes. */
    static String describe(CuptiLibrary lib, String call, int rc) {
        PointerByReference text = new PointerByReference();
        String s = "";
        try {
            if (lib.cuptiGetResultString(rc, text) == CuptiLibrary.CUPTI_SUCCESS && text.getValue() != null) {
                s = text.getValue().getString(0);
            }
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            s = "";
        }
        String msg = call + ": error " + rc + (s.isEmpty() ? "" : " " + s);
        if (rc == CuptiLibrary.CUPTI_ERROR_INSUFFICIENT_PRIVILEGES) {
            msg += ". Profiling is not permitted for this user (ERR_NVGPUCTRPERM, "
                    + "https://developer.nvidia.com/ERR_NVGPUCTRPERM): allow it, run as an administrator, or set kernels=false";
        }
        return msg;
    }
}
