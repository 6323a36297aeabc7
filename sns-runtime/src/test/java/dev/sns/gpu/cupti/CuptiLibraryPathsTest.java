package dev.sns.gpu.cupti;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where libcupti is looked for, on a fake file tree laid out like an H200 host's CUDA install. */
class CuptiLibraryPathsTest {
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
        List<File> none = CuptiLibraryPaths.candidates(CuptiLibraryPaths.folders(Map.of(), null, usrLocal.toFile()));
        assertEquals(List.of(h200.toFile(), older.toFile()), none, "newest toolkit first");
        List<File> all = CuptiLibraryPaths.candidates(CuptiLibraryPaths.folders(
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
                CuptiLibraryPaths.candidates(List.of(root.resolve("cuda/lib64").toFile())));
    }
}
