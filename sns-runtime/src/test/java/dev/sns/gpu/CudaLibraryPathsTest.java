package dev.sns.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a CUDA toolkit library is looked for, on a fake file tree laid out like an H200 host's CUDA install. */
class CudaLibraryPathsTest {
    private static final CudaLibraryPaths CUPTI = new CudaLibraryPaths("cupti");

    @TempDir
    Path root;

    private Path lib(String dir, String name) throws IOException {
        Path d = root.resolve(dir);
        Files.createDirectories(d);
        return Files.createFile(d.resolve(name));
    }

    @Test
    void theToolkitsTargetFolderIsFoundAndTheExplicitPathsComeFirst() throws IOException {
        Path usrLocal = root.resolve("usr/local");
        Path h200 = lib("usr/local/cuda-13.0/targets/x86_64-linux/lib", "libcupti.so.13");
        Path older = lib("usr/local/cuda-12.4/extras/CUPTI/lib64", "libcupti.so.12");
        lib("usr/local/cuda-13.0/targets/x86_64-linux/lib", "libcudart.so.13");
        Path ld = lib("opt/ld", "libcupti.so.2025.3.1");
        Path jna = lib("opt/jna", "libcupti.so");
        List<File> none = CUPTI.candidates(CUPTI.folders(Map.of(), null, usrLocal.toFile()));
        assertEquals(List.of(h200.toFile(), older.toFile()), none, "newest toolkit first");
        List<File> all = CUPTI.candidates(CUPTI.folders(
                Map.of("LD_LIBRARY_PATH", root.resolve("opt/ld").toString(),
                        "CUDA_HOME", root.resolve("usr/local/cuda-12.4").toString()),
                root.resolve("opt/jna").toString(), usrLocal.toFile()));
        assertEquals(List.of(jna.toFile(), ld.toFile(), older.toFile(), h200.toFile()), all,
                "jna.library.path, LD_LIBRARY_PATH, CUDA_HOME, then /usr/local/cuda*");
    }

    @Test
    void inOneFolderThePlainNameComesFirstThenTheNewestVersion() throws IOException {
        Path plain = lib("cuda/lib64", "libcupti.so");
        Path v12 = lib("cuda/lib64", "libcupti.so.12");
        Path v13 = lib("cuda/lib64", "libcupti.so.13.0.48");
        assertEquals(List.of(plain.toFile(), v13.toFile(), v12.toFile()),
                CUPTI.candidates(List.of(root.resolve("cuda/lib64").toFile())));
    }

    @Test
    void anotherLibraryIsFoundBesideCuptiAndLtIsNotTakenForCublas() throws IOException {
        Path cublas = lib("usr/local/cuda-13.0/targets/x86_64-linux/lib", "libcublas.so.13");
        Path lt = lib("usr/local/cuda-13.0/targets/x86_64-linux/lib", "libcublasLt.so.13");
        lib("usr/local/cuda-13.0/targets/x86_64-linux/lib", "libcupti.so.13");
        List<File> folders = new CudaLibraryPaths("cublas").folders(Map.of(), null, root.resolve("usr/local").toFile());
        assertEquals(List.of(cublas.toFile()), new CudaLibraryPaths("cublas").candidates(folders));
        assertEquals(List.of(lt.toFile()), new CudaLibraryPaths("cublasLt").candidates(folders));
    }

    @Test
    void loadFirstTakesTheFirstFileTheBindingAcceptsAndNamesEveryFailure() {
        CudaLibraryPaths nothing = new CudaLibraryPaths("sns-no-such-library");
        CudaLibraryPaths.NotFound e = org.junit.jupiter.api.Assertions.assertThrows(CudaLibraryPaths.NotFound.class,
                () -> nothing.loadFirst("sns.test.none", f -> {
                    throw new UnsatisfiedLinkError("cannot open " + f);
                }));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().startsWith("no libsns-no-such-library (")
                && e.getMessage().contains("libsns-no-such-library by name: cannot open sns-no-such-library"), e.getMessage());
        System.setProperty("sns.test.explicit", "/opt/x/libsns-no-such-library.so");
        try {
            CudaLibraryPaths.Loaded<String> l = assertDoesNotThrowLoad(nothing);
            assertEquals("/opt/x/libsns-no-such-library.so", l.from());
            assertEquals("loaded /opt/x/libsns-no-such-library.so", l.library());
        } finally {
            System.clearProperty("sns.test.explicit");
        }
    }

    private static CudaLibraryPaths.Loaded<String> assertDoesNotThrowLoad(CudaLibraryPaths paths) {
        return org.junit.jupiter.api.Assertions.assertDoesNotThrow(() -> paths.loadFirst("sns.test.explicit", f -> "loaded " + f));
    }
}
