package dev.sns.gpu;

import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * Where a CUDA toolkit library ({@code libcupti}, {@code libcublas}, {@code libcublasLt},
 * {@code libcufft}, ...) is looked for, in order: a system property naming the file, then the
 * folders of {@code jna.library.path}, {@code LD_LIBRARY_PATH}, {@code CUDA_HOME} and
 * {@code CUDA_PATH} (each with {@code targets/*}{@code /lib}, {@code extras/CUPTI/lib64},
 * {@code lib64} and {@code lib}), and the same under {@code /usr/local/cuda} and every
 * {@code /usr/local/cuda-*}, newest first; last the system loader by name. These libraries ship with
 * the toolkit, not with the driver, and the toolkit's folder is often not on the loader's path (the
 * H200 host's CUDA 13.0 libraries sit in {@code /usr/local/cuda-13.0/targets/x86_64-linux/lib}).
 *
 * <p>File-system logic only: the native leaves load what it finds, each with its own binding
 * ({@link #loadFirst}), and the tests run it on a fake tree.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public final class CudaLibraryPaths {
    private static final Pattern CUDA_DIR = Pattern.compile("cuda-(\\d+)\\.(\\d+)");

    private final String base;
    private final Pattern file;

    /** Paths of {@code lib<base>.so} (and its versioned names), e.g. {@code new CudaLibraryPaths("cupti")}. */
    public CudaLibraryPaths(String base) {
        this.base = base;
        this.file = Pattern.compile("lib" + Pattern.quote(base) + "\\.so(\\.(\\d+)(\\.\\d+)*)?");
    }

    /**
     * A library loaded on first use, once, or the reason it could not be, with the fix: what a leaf
     * binding keeps for each library it binds.
     *
     * @param <T> the binding
     */
    public static final class OnFirstUse<T> {
        private final String base;
        private final String property;
        private final Function<String, T> bind;
        private T library;
        private String from = "";
        private String failure;

        /**
         * @param base the library's name without {@code lib} and {@code .so}, e.g. "cublas"
         * @param property the system property that may name its file, e.g. "sns.cublas"
         * @param bind loads one file (JNA's {@code Native.load}), throwing {@link UnsatisfiedLinkError}
         */
        public OnFirstUse(String base, String property, Function<String, T> bind) {
            this.base = base;
            this.property = property;
            this.bind = bind;
        }

        private synchronized void load() {
            if (library != null || failure != null) {
                return;
            }
            try {
                Loaded<T> l = new CudaLibraryPaths(base).loadFirst(property, bind);
                library = l.library();
                from = l.from();
            } catch (NotFound e) {
                failure = e.getMessage() + ". lib" + base + " comes with the CUDA toolkit: install it, or point CUDA_HOME or "
                        + "-D" + property + "=/path/lib" + base + ".so at it";
            } catch (RuntimeException | LinkageError e) {
                failure = "lib" + base + " did not load: " + e;
            }
        }

        /** The reason there is no library, or null when it loaded. */
        public synchronized String failure() {
            load();
            return failure;
        }

        /** The library, or an {@link IllegalStateException} saying why there is none. */
        public synchronized T get() {
            load();
            if (library == null) {
                throw new IllegalStateException(failure);
            }
            return library;
        }

        /** Where it was loaded from ("" when it did not load). */
        public synchronized String from() {
            load();
            return from;
        }
    }

    /** A library loaded, and where from. */
    public record Loaded<T>(T library, String from) {}

    /** Why no file would load: each one tried, and the last resort's error. */
    public static final class NotFound extends Exception {
        private static final long serialVersionUID = 1L;

        NotFound(String message) {
            super(message);
        }
    }

    /**
     * Loads the first candidate {@code load} accepts (it throws {@link UnsatisfiedLinkError} for a file
     * it cannot load): the file {@code property} names, the candidates of this machine's folders, then
     * the bare name through the system loader.
     *
     * @throws NotFound naming every file tried and why it did not load
     */
    public <T> Loaded<T> loadFirst(String property, Function<String, T> load) throws NotFound {
        List<File> files = new ArrayList<>();
        String explicit = System.getProperty(property, "");
        if (!explicit.isBlank()) {
            files.add(new File(explicit));
        }
        files.addAll(candidates(folders(System.getenv(), System.getProperty("jna.library.path"), new File("/usr/local"))));
        List<String> tried = new ArrayList<>();
        for (File f : files) {
            try {
                return new Loaded<>(load.apply(f.getAbsolutePath()), f.getAbsolutePath());
            } catch (UnsatisfiedLinkError e) {
                tried.add(f + ": " + firstLine(e));
            }
        }
        try {
            return new Loaded<>(load.apply(base), "lib" + base + " (found by the system loader)");
        } catch (UnsatisfiedLinkError e) {
            tried.add("lib" + base + " by name: " + firstLine(e));
        }
        throw new NotFound("no lib" + base + " (" + (files.isEmpty() ? "none in -D" + property + ", CUDA_HOME, "
                + "/usr/local/cuda*/targets/*/lib, LD_LIBRARY_PATH or jna.library.path; " : "") + String.join("; ", tried)
                + ")");
    }

    /** The folders searched, in order (existing or not). */
    public List<File> folders(Map<String, String> env, String jnaLibraryPath, File usrLocal) {
        Set<File> out = new LinkedHashSet<>();
        for (String p : split(jnaLibraryPath)) {
            out.add(new File(p));
        }
        for (String p : split(env.get("LD_LIBRARY_PATH"))) {
            out.add(new File(p));
        }
        for (String home : new String[] {env.get("CUDA_HOME"), env.get("CUDA_PATH")}) {
            if (home != null && !home.isBlank()) {
                out.addAll(cudaFolders(new File(home)));
            }
        }
        out.addAll(cudaFolders(new File(usrLocal, "cuda")));
        File[] versions = usrLocal.listFiles((d, n) -> CUDA_DIR.matcher(n).matches());
        if (versions != null) {
            Arrays.sort(versions, Comparator.comparing(CudaLibraryPaths::version).reversed());
            for (File v : versions) {
                out.addAll(cudaFolders(v));
            }
        }
        return new ArrayList<>(out);
    }

    /** The library files found, in search order; in one folder the plain name first, then newest version first. */
    public List<File> candidates(List<File> folders) {
        List<File> out = new ArrayList<>();
        for (File f : folders) {
            File[] libs = f.listFiles((d, n) -> file.matcher(n).matches());
            if (libs == null) {
                continue;
            }
            Arrays.sort(libs, Comparator.comparing(this::libraryVersion).reversed());
            out.addAll(Arrays.asList(libs));
        }
        return out;
    }

    private static List<File> cudaFolders(File home) {
        List<File> out = new ArrayList<>();
        File targets = new File(home, "targets");
        File[] ts = targets.listFiles(File::isDirectory);
        if (ts != null) {
            Arrays.sort(ts);
            for (File t : ts) {
                out.add(new File(t, "lib"));
            }
        }
        out.add(new File(home, "extras/CUPTI/lib64"));
        out.add(new File(home, "lib64"));
        out.add(new File(home, "lib"));
        return out;
    }

    private static List<String> split(String path) {
        if (path == null || path.isBlank()) {
            return List.of();
        }
        return Arrays.stream(path.split(File.pathSeparator)).filter(s -> !s.isBlank()).toList();
    }

    /** A sortable key for cuda-MAJOR.MINOR folders. */
    private static long version(File f) {
        Matcher m = CUDA_DIR.matcher(f.getName());
        return m.matches() ? Long.parseLong(m.group(1)) * 1000 + Long.parseLong(m.group(2)) : -1;
    }

    /** {@code lib<base>.so} sorts first (it points at the toolkit's own), then higher major versions. */
    private long libraryVersion(File f) {
        Matcher m = file.matcher(f.getName());
        if (!m.matches() || m.group(2) == null) {
            return Long.MAX_VALUE;
        }
        return Long.parseLong(m.group(2));
    }

    private static String firstLine(Throwable e) {
        String m = String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
