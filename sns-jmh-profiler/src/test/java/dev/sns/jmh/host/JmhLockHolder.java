package dev.sns.jmh.host;

import java.io.RandomAccessFile;
import java.nio.channels.FileLock;

/**
 * A second process holding a file lock the way JMH takes {@code jmh.lock} ({@code FileChannel.lock}, a
 * POSIX record lock on Linux: {@code flock(1)} takes a BSD lock, which JMH's does not see): it prints
 * "locked", then holds the lock until its standard input closes.
 */
public final class JmhLockHolder {
    private JmhLockHolder() {}

    public static void main(String[] args) throws Exception {
        try (RandomAccessFile f = new RandomAccessFile(args[0], "rw"); FileLock l = f.getChannel().lock()) {
            System.out.println("locked");
            System.out.flush();
            while (System.in.read() >= 0) {
                // hold it until the test closes our input
            }
        }
    }
}
