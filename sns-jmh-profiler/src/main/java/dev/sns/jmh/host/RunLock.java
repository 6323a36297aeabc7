package dev.sns.jmh.host;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/**
 * One writer per report directory: an operating-system lock on {@value #FILE} in it, held for the
 * run and released by the system whatever way the process ends (kill -9 included). The file says who
 * holds it, so that a second run names the first. Taking the lock is also the check that the
 * directory can be made and written, done before the first fork.
 */
final class RunLock implements AutoCloseable {
    static final String FILE = ".sns-run.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private RunLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** The lock on {@code dir} (made if missing), or an error saying why not and what to do. */
    static RunLock acquire(Path dir) throws IOException {
        Path abs = dir.toAbsolutePath();
        try {
            Files.createDirectories(abs);
        } catch (FileSystemException e) {
            throw new IOException("out=" + dir + ": the report directory cannot be made (" + reason(e)
                    + "); choose another out=DIR", e);
        }
        if (!Files.isDirectory(abs)) {
            throw new IOException("out=" + dir + " is not a directory; choose another out=DIR");
        }
        Path file = abs.resolve(FILE);
        FileChannel ch;
        try {
            ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (FileSystemException e) {
            throw new IOException("out=" + dir + ": the reports cannot be written there (" + reason(e)
                    + "); choose another out=DIR", e);
        }
        FileLock l;
        try {
            l = ch.tryLock();
        } catch (OverlappingFileLockException e) {
            l = null; // held by this JVM: another run in progress here
        }
        if (l == null) {
            String owner = new String(Files.readAllBytes(file), StandardCharsets.UTF_8).strip();
            ch.close();
            throw new IOException("out=" + dir + " is being written by another sns run (" + (owner.isEmpty() ? "owner unknown"
                    : owner) + "): wait for it to finish, or choose another out=DIR");
        }
        ch.truncate(0);
        String me = "pid " + ProcessHandle.current().pid() + " on " + host() + ", started " + Instant.now();
        ch.write(ByteBuffer.wrap(me.getBytes(StandardCharsets.UTF_8)), 0);
        ch.force(false);
        return new RunLock(ch, l);
    }

    private static String reason(FileSystemException e) {
        return e.getReason() != null ? e.getFile() + ": " + e.getReason() : e.toString();
    }

    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown host";
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            // the lock goes with the process anyway
        }
    }
}
