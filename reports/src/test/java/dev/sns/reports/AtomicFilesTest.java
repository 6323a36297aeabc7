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

    /**
     * Issue 10: reports respect the umask. A new report gets exactly what a plain create gives in this
     * process (rw-r--r-- under the usual umask 022, rw------- under 077); the child-process test below
     * pins 077. A rewrite keeps the file's own permissions.
     */
    @Test
    void aNewFileGetsWhatAPlainCreateGivesAndARewriteKeepsThePermissions() throws Exception {
        Assumptions.assumeTrue(Files.getFileAttributeView(dir, PosixFileAttributeView.class) != null,
                "POSIX permissions only");
        Path f = dir.resolve("results.json");
        AtomicFiles.write(f, new byte[] {1});
        Path plain = Files.createFile(dir.resolve("plain"));
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(f));
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-rw----"));
        AtomicFiles.write(f, new byte[] {2});
        assertEquals("rw-rw----", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
    }

    /** Under umask 077 (a shell sets it for a child JVM) a new report is private; under 022 readable by all. */
    @Test
    void theUmaskOfTheProcessDecidesANewFilesPermissions() throws Exception {
        Assumptions.assumeTrue(Files.getFileAttributeView(dir, PosixFileAttributeView.class) != null,
                "POSIX permissions only");
        for (String[] umask : new String[][] {{"077", "rw-------"}, {"022", "rw-r--r--"}}) {
            Path f = dir.resolve("umask" + umask[0] + "/report.html");
            Process p = new ProcessBuilder("sh", "-c", "umask " + umask[0] + " && exec \"$0\" -cp \"$1\" \"$2\" \"$3\"",
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    System.getProperty("java.class.path"), WriteMain.class.getName(), f.toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor(), out);
            assertEquals(umask[1], PosixFilePermissions.toString(Files.getPosixFilePermissions(f)), "umask " + umask[0]);
        }
    }

    /** The child of {@link #theUmaskOfTheProcessDecidesANewFilesPermissions}: writes one file. */
    public static final class WriteMain {
        public static void main(String[] args) throws Exception {
            AtomicFiles.write(Path.of(args[0]), "x".getBytes(StandardCharsets.UTF_8));
        }
    }
}
