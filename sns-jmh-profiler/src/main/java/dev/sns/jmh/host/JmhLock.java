package dev.sns.jmh.host;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.util.ArrayList;
import java.util.List;

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

    /** JMH's lock file: {@code jmh.lock} in {@code java.io.tmpdir}, where JMH 1.37 keeps it. */
    static File file() {
        return new File(System.getProperty("java.io.tmpdir"), "jmh.lock");
    }

    /**
     * Whether the sns Main should look at JMH's lock before the run: unless the user switched it off
     * ({@code -Djmh.ignoreLock=true}); {@code switchedOffHere} is true when the sns Main set the property itself.
     */
    static boolean checked(boolean switchedOffHere) {
        return switchedOffHere || !Boolean.getBoolean(IGNORE);
    }

    /**
     * Null when JMH's lock is free (taken and released at once); else the one message that says it is
     * held, by whom where this system says (Linux's {@code /proc/locks}), and what to do.
     */
    static String heldMessage() {
        File f = file();
        try (RandomAccessFile raf = new RandomAccessFile(f, "rw")) {
            FileLock l;
            try {
                l = raf.getChannel().tryLock();
            } catch (OverlappingFileLockException e) {
                l = null; // this JVM holds it
            }
            if (l != null) {
                l.release();
                return null;
            }
        } catch (IOException e) {
            return null; // JMH cannot take it either, and says so in its own words
        }
        return heldMessage(f, holder(f.toPath(), java.nio.file.Paths.get("/proc/locks")));
    }

    /** The message for a held lock; {@code holder} is "pid 123: its command line", or "" when unknown. */
    static String heldMessage(File lock, String holder) {
        return "sns: JMH's lock " + lock + " is held by another JMH run" + (holder.isEmpty() ? "" : " (" + holder + ")")
                + ", so nothing was run and no report was written (exit " + ExitCode.FAILED.code() + "). Wait for it to "
                + "finish and run again; or give this run a lock of its own with -Djava.io.tmpdir=DIR (JMH keeps its lock "
                + "there); or run anyway with -Djmh.ignoreLock=true, knowing that two runs at once share the cores, the "
                + "memory bandwidth and the GPU, so each disturbs what the other measures.";
    }

    /**
     * Who holds a lock on {@code lock}, from a {@code /proc/locks} table ("1: POSIX ADVISORY WRITE PID
     * MAJ:MIN:INODE START END"): "pid N: COMMAND LINE" (without its class path, cut to 120 characters), "pid N",
     * or "" when the table is not there or names no holder of that file.
     */
    static String holder(java.nio.file.Path lock, java.nio.file.Path procLocks) {
        try {
            long inode = ((Number) java.nio.file.Files.getAttribute(lock, "unix:ino")).longValue();
            for (String line : java.nio.file.Files.readAllLines(procLocks)) {
                String[] t = line.trim().split("\\s+");
                if (t.length < 6 || t[1].equals("->")) {
                    continue; // a waiter, not a holder
                }
                String[] dev = t[5].split(":");
                if (dev.length == 3 && dev[2].equals(Long.toString(inode))) {
                    return describe(t[4]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable: the holder is not known
        }
        return "";
    }

    private static String describe(String pid) {
        try {
            byte[] raw = java.nio.file.Files.readAllBytes(java.nio.file.Paths.get("/proc", pid, "cmdline"));
            List<String> args = new ArrayList<>();
            String[] all = new String(raw, java.nio.charset.StandardCharsets.UTF_8).split("\0");
            for (int i = 0; i < all.length; i++) {
                if (List.of("-cp", "-classpath", "--class-path").contains(all[i])) {
                    i++; // the class path says little and takes the room
                } else if (i == 0) {
                    args.add(java.nio.file.Paths.get(all[0]).getFileName().toString());
                } else {
                    args.add(all[i]);
                }
            }
            String cmd = String.join(" ", args).strip();
            if (cmd.length() > 120) {
                cmd = cmd.substring(0, 117) + "...";
            }
            return cmd.isEmpty() ? "pid " + pid : "pid " + pid + ": " + cmd;
        } catch (IOException | RuntimeException e) {
            return "pid " + pid;
        }
    }

    /** Whether JMH's own error says its lock was held (a run that took it between sns's look and JMH's). */
    static boolean isLockError(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getMessage() != null && t.getMessage().contains("JMH lock")) {
                return true;
            }
        }
        return false;
    }

    /** Takes JMH's lock for the whole run; throws, in JMH's words, when another JMH instance holds it. */
    static JmhLock take() throws IOException {
        File f = file();
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
