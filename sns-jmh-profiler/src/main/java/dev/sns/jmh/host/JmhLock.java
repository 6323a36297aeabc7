package dev.sns.jmh.host;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;

/**
 * JMH's machine-wide lock ({@code java.io.tmpdir/jmh.lock}), held by the sns Main itself for a run
 * whose devices run at the same time: JMH 1.37's {@code Runner.run} takes the lock around each run
 * (a {@code FileLock}, which two runs of one JVM cannot both hold: the second fails with "Another
 * JMH instance might be running") unless {@code jmh.ignoreLock} is true, which {@code Runner} reads
 * once, when its class initializes. So the sns Main sets {@code jmh.ignoreLock} before JMH's first
 * run (for a parallel run only), takes the same lock for the whole run here, and other JMH instances
 * on the machine are still kept out. When the user set {@code -Djmh.ignoreLock=true} nothing is
 * taken: they said no other JMH runs.
 */
final class JmhLock implements AutoCloseable {
    static final String IGNORE = "jmh.ignoreLock";
    private static volatile boolean held;

    private final RandomAccessFile file;
    private final FileLock lock;

    private JmhLock(RandomAccessFile file, FileLock lock) {
        this.file = file;
        this.lock = lock;
    }

    /** Whether the sns Main holds JMH's lock for its runs (their "lock is ignored" warning is then wrong). */
    static boolean heldBySns() {
        return held;
    }

    /**
     * Before JMH's Runner class loads: for a parallel run, JMH's own per-run lock is switched off
     * ({@code jmh.ignoreLock}); true when it was switched off here (then {@link #take} must hold the
     * lock for the run), false for a sequential run or when the user switched it off.
     */
    static boolean switchOffPerRunLock(boolean parallel) {
        if (!parallel || Boolean.getBoolean(IGNORE)) {
            return false;
        }
        System.setProperty(IGNORE, "true");
        return true;
    }

    /** Takes JMH's lock for the whole run; throws, in JMH's words, when another JMH instance holds it. */
    static JmhLock take() throws IOException {
        File f = new File(System.getProperty("java.io.tmpdir"), "jmh.lock");
        RandomAccessFile raf = new RandomAccessFile(f, "rw");
        f.setWritable(true, false);
        try {
            FileLock l = raf.getChannel().tryLock();
            if (l == null) {
                throw new OverlappingFileLockException();
            }
            held = true;
            return new JmhLock(raf, l);
        } catch (OverlappingFileLockException e) {
            raf.close();
            throw new IOException("Another JMH instance might be running: the JMH lock (" + f + ") is held; "
                    + "parallelDevices takes it for the whole run");
        }
    }

    /**
     * Whether JMH's {@code Runner} skips its lock: it reads {@code jmh.ignoreLock} once, when its class
     * initializes, so a runner started in this JVM before the property was set still takes the lock,
     * and runs at the same time would fail. Unknown (another JMH): true, and JMH's own error speaks.
     */
    static boolean runnerIgnoresLock() {
        try {
            java.lang.reflect.Field f = org.openjdk.jmh.runner.Runner.class.getDeclaredField("JMH_LOCK_IGNORE");
            f.setAccessible(true);
            return Boolean.TRUE.equals(f.get(null));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return true;
        }
    }

    @Override
    public void close() throws IOException {
        held = false;
        try {
            lock.release();
        } finally {
            file.close();
        }
    }
}
