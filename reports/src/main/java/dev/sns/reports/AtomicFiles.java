package dev.sns.reports;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.apiguardian.api.API;

/**
 * Write-then-rename: readers see the old file or the new one, never a half-written one.
 *
 * <p>Permissions: a new file gets what a plain create gives under the process's umask (the
 * temporary file is created with the default mode, never forced to 0600 or 0644: a team that runs
 * with umask 077 keeps its reports private); a file that already exists keeps its own permissions
 * across the rewrite.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public final class AtomicFiles {
    private static final int TRIES = 100;

    private AtomicFiles() {}

    /**
     * Writes {@code bytes} to a temporary file beside {@code target}, forces it to disk, then renames it.
     *
     * @param target the file to write (its directory is created if missing)
     * @param bytes its whole content
     * @throws IOException when the file cannot be written (the temporary file is removed)
     */
    public static void write(Path target, byte[] bytes) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = null;
        try {
            FileChannel ch = null;
            for (int i = 0; ch == null; i++) {
                tmp = dir.resolve("." + target.getFileName() + Long.toHexString(ThreadLocalRandom.current().nextLong())
                        + ".tmp");
                try {
                    // No permission attribute: the OS applies the umask, exactly as for a plain create.
                    ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                } catch (FileAlreadyExistsException e) {
                    if (i >= TRIES) {
                        throw e;
                    }
                }
            }
            try (FileChannel c = ch) {
                ByteBuffer buf = ByteBuffer.wrap(bytes);
                while (buf.hasRemaining()) {
                    c.write(buf);
                }
                c.force(true);
            }
            keepPermissions(tmp, target);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            if (tmp != null) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    /** An existing target's permissions onto the temporary file (a rewrite keeps them); no-op off POSIX or for a new file. */
    private static void keepPermissions(Path tmp, Path target) throws IOException {
        if (Files.getFileAttributeView(tmp, PosixFileAttributeView.class) == null) {
            return;
        }
        Set<PosixFilePermission> perms;
        try {
            perms = Files.getPosixFilePermissions(target);
        } catch (NoSuchFileException e) {
            return; // a new file: the umask decided, as for a plain create
        }
        Files.setPosixFilePermissions(tmp, perms);
    }
}
