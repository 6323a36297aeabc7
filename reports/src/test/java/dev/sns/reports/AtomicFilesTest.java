package dev.sns.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
    @TempDir
    Path dir;

    @Test
    void replacesTheFileAndLeavesNoTemporaryFileBehind() throws Exception {
        Path f = dir.resolve("sub/report.html");
        AtomicFiles.write(f, "one".getBytes(StandardCharsets.UTF_8));
        AtomicFiles.write(f, "two".getBytes(StandardCharsets.UTF_8));
        assertEquals("two", Files.readString(f));
        try (Stream<Path> files = Files.list(f.getParent())) {
            assertEquals(List.of(f), files.toList());
        }
    }

    @Test
    void aNewFileIsReadableByAllAndARewriteKeepsThePermissions() throws Exception {
        Assumptions.assumeTrue(Files.getFileAttributeView(dir, PosixFileAttributeView.class) != null,
                "POSIX permissions only");
        Path f = dir.resolve("results.json");
        AtomicFiles.write(f, new byte[] {1});
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-rw----"));
        AtomicFiles.write(f, new byte[] {2});
        assertEquals("rw-rw----", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
    }
}
