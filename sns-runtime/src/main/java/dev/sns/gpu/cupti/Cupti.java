package dev.sns.gpu.cupti;

import com.sun.jna.Native;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import java.io.File;
import java.util.ArrayList;
import java.util.List;

/**
 * Loads CUPTI once (see {@link CuptiLibraryPaths} for where it is looked for) and names its errors.
 * A missing library is a reason with the fix, never an exception at class loading.
 */
final class Cupti {
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
        List<File> files = new ArrayList<>();
        String explicit = System.getProperty("sns.cupti", "");
        if (!explicit.isBlank()) {
            files.add(new File(explicit));
        }
        List<File> folders = CuptiLibraryPaths.folders(System.getenv(), System.getProperty("jna.library.path"),
                new File("/usr/local"));
        files.addAll(CuptiLibraryPaths.candidates(folders));
        List<String> tried = new ArrayList<>();
        for (File f : files) {
            try {
                CuptiLibrary lib = Native.load(f.getAbsolutePath(), CuptiLibrary.class);
                IntByReference v = new IntByReference();
                lib.cuptiGetVersion(v);
                library = lib;
                loadedFrom = f.getAbsolutePath() + " (CUPTI API version " + v.getValue() + ")";
                return;
            } catch (UnsatisfiedLinkError e) {
                tried.add(f + ": " + firstLine(e));
            }
        }
        try {
            library = Native.load("cupti", CuptiLibrary.class);
            loadedFrom = "libcupti (found by the system loader)";
            return;
        } catch (UnsatisfiedLinkError e) {
            tried.add("libcupti by name: " + firstLine(e));
        }
        loadFailure = "no CUPTI library (looked in " + (files.isEmpty() ? "CUDA_HOME, /usr/local/cuda*/targets/*/lib, "
                + "/usr/local/cuda*/extras/CUPTI/lib64, LD_LIBRARY_PATH and jna.library.path: none there" : String.join("; ", tried))
                + "). CUPTI comes with the CUDA toolkit: install it, point CUDA_HOME or -Dsns.cupti=/path/libcupti.so at it, "
                + "or set kernels=false";
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

    private static String firstLine(Throwable e) {
        String m = String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
