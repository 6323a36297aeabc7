package dev.sns.gpu.cupti;

import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where libcupti is looked for, in order: the {@code sns.cupti} system property (a file), then the
 * folders of {@code jna.library.path}, {@code LD_LIBRARY_PATH}, {@code CUDA_HOME} and
 * {@code CUDA_PATH} (each with {@code targets/*}{@code /lib}, {@code extras/CUPTI/lib64},
 * {@code lib64} and {@code lib}), and the same under {@code /usr/local/cuda} and every
 * {@code /usr/local/cuda-*}, newest first. CUPTI ships with the CUDA toolkit (not with the driver),
 * so a host without the toolkit has none. Pure file-system logic: the tests run it on a fake tree.
 */
final class CuptiLibraryPaths {
    private static final Pattern FILE = Pattern.compile("libcupti\\.so(\\.(\\d+)(\\.\\d+)*)?");
    private static final Pattern CUDA_DIR = Pattern.compile("cuda-(\\d+)\\.(\\d+)");

    private CuptiLibraryPaths() {}

    /** The folders searched, in order (existing or not). */
    static List<File> folders(Map<String, String> env, String jnaLibraryPath, File usrLocal) {
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
            Arrays.sort(versions, Comparator.comparing(CuptiLibraryPaths::version).reversed());
            for (File v : versions) {
                out.addAll(cudaFolders(v));
            }
        }
        return new ArrayList<>(out);
    }

    /** The library files found, in search order; in one folder the plain name first, then newest version first. */
    static List<File> candidates(List<File> folders) {
        List<File> out = new ArrayList<>();
        for (File f : folders) {
            File[] libs = f.listFiles((d, n) -> FILE.matcher(n).matches());
            if (libs == null) {
                continue;
            }
            Arrays.sort(libs, Comparator.comparing(CuptiLibraryPaths::libraryVersion).reversed());
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

    /** libcupti.so sorts first (it points at the toolkit's own), then higher major versions. */
    private static long libraryVersion(File f) {
        Matcher m = FILE.matcher(f.getName());
        if (!m.matches() || m.group(2) == null) {
            return Long.MAX_VALUE;
        }
        return Long.parseLong(m.group(2));
    }
}
