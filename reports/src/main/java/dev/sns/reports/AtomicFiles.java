package dev.sns.reports;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/** Write-then-rename: readers see the old file or the new one, never a half-written one. */
public final class AtomicFiles {
    /**
     * Permissions of a new report on POSIX file systems: the temporary file is created owner-only
     * (0600), but reports are shared (CI artifacts, a web server), so they get the usual 0644.
     */
    private static final Set<PosixFilePermission> NEW_FILE = PosixFilePermissions.fromString("rw-r--r--");

    private AtomicFiles() {}

    /** Writes {@code bytes} to a temporary file beside {@code target}, forces it to disk, then renames it. */
    public static void write(Path target, byte[] bytes) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(bytes);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
            keepOrSetPermissions(tmp, target);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** The target's permissions when it exists (a rewrite keeps them), else {@link #NEW_FILE}; no-op off POSIX. */
    private static void keepOrSetPermissions(Path tmp, Path target) throws IOException {
        if (Files.getFileAttributeView(tmp, PosixFileAttributeView.class) == null) {
            return;
        }
        Set<PosixFilePermission> perms = NEW_FILE;
        try {
            perms = Files.getPosixFilePermissions(target);
        } catch (java.nio.file.NoSuchFileException e) {
            // a new file
        }
        Files.setPosixFilePermissions(tmp, perms);
    }
}
