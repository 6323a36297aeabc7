package dev.sns.jmh.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JMH's machine-wide lock held by another run: one message, exit 3, no report. */
class JmhLockTest {
    @TempDir
    Path tmp;

    @Test
    void theHolderIsFoundInProcLocksByTheLockFilesInode() throws Exception {
        Path lock = Files.createFile(tmp.resolve("jmh.lock"));
        long inode = ((Number) Files.getAttribute(lock, "unix:ino")).longValue();
        long pid = ProcessHandle.current().pid();
        Path table = tmp.resolve("locks");
        Files.writeString(table, "1: POSIX  ADVISORY  WRITE 999999 fd:01:" + (inode + 1) + " 0 EOF\n"
                + "2: POSIX  ADVISORY  WRITE " + pid + " fd:01:" + inode + " 0 EOF\n"
                + "2: -> POSIX  ADVISORY  WRITE 4242 fd:01:" + inode + " 0 EOF\n");
        String holder = JmhLock.holder(lock, table);
        assertTrue(holder.startsWith("pid " + pid + ": "), holder); // this JVM's command line follows
        assertTrue(holder.contains("java"), holder);
        assertTrue(holder.length() <= ("pid " + pid + ": ").length() + 120, holder);
        // not in the table, or no table: unknown, said as nothing
        Files.writeString(table, "1: POSIX  ADVISORY  WRITE 999999 fd:01:" + (inode + 1) + " 0 EOF\n");
        assertEquals("", JmhLock.holder(lock, table));
        assertEquals("", JmhLock.holder(lock, tmp.resolve("no-such-table")));
    }

    @Test
    void theMessageNamesTheLockTheHolderAndEveryRemedy() {
        String m = JmhLock.heldMessage(new File("/tmp/jmh.lock"), "pid 42: java -jar benchmarks.jar");
        assertTrue(m.startsWith("sns: JMH's lock /tmp/jmh.lock is held by another JMH run (pid 42: java -jar "
                + "benchmarks.jar), so nothing was run and no report was written (exit 3)."), m);
        assertTrue(m.contains("Wait for it to finish"), m);
        assertTrue(m.contains("-Djava.io.tmpdir=DIR"), m);
        assertTrue(m.contains("-Djmh.ignoreLock=true") && m.contains("disturbs what the other measures"), m);
        assertFalse(m.contains("\n"), "one line: " + m);
        assertFalse(JmhLock.heldMessage(new File("/tmp/jmh.lock"), "").contains("()"));
    }

    @Test
    void aRunWhileAnotherProcessHoldsTheLockStopsWithOneMessageExitThreeAndNoReport() throws Exception {
        assumeTrue(Files.isReadable(Paths.get("/proc/locks")), "Linux: the holder is read from /proc/locks");
        Path lockDir = Files.createDirectories(tmp.resolve("lockdir"));
        Path lockFile = lockDir.resolve("jmh.lock");
        Process holder = new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), JmhLockHolder.class.getName(), lockFile.toString())
                .redirectErrorStream(true).start();
        String tmpdir = System.getProperty("java.io.tmpdir");
        String ignore = System.getProperty(JmhLock.IGNORE);
        try (BufferedReader r = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8))) {
            assertEquals("locked", r.readLine());
            System.setProperty("java.io.tmpdir", lockDir.toString());
            System.clearProperty(JmhLock.IGNORE); // the build runs tests with JMH's lock off
            assertTrue(JmhLock.heldMessage() != null, "the lock is held by the other process");

            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            Path reports = tmp.resolve("out");
            int rc = SnsMain.run(new String[] {"B_CpuBench|F_NeedsGpuBench", "-prof", "sns:out=" + reports},
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
            String e = err.toString(StandardCharsets.UTF_8);
            String o = out.toString(StandardCharsets.UTF_8);
            assertEquals(ExitCode.FAILED.code(), rc, o + e);
            assertEquals(1, e.lines().count(), "one message: " + e);
            assertTrue(e.startsWith("sns: JMH's lock " + lockFile + " is held by another JMH run (pid " + holder.pid()
                    + ": "), e);
            assertTrue(e.contains(JmhLockHolder.class.getName()), "the holder's command line: " + e);
            assertEquals("", o, "nothing else is said: no skip line, no NOT COMPARED, no summary");
            assertFalse(Files.exists(reports.resolve("results.json")), "no report of a run that did not happen");
            assertFalse(Files.exists(reports.resolve("report.html")));
        } finally {
            System.setProperty("java.io.tmpdir", tmpdir);
            if (ignore != null) {
                System.setProperty(JmhLock.IGNORE, ignore);
            }
            holder.getOutputStream().close();
            holder.waitFor();
        }
        // Released: the lock is free again, and the look at it leaves it free.
        System.setProperty("java.io.tmpdir", lockDir.toString());
        try {
            assertNull(JmhLock.heldMessage());
            assertNull(JmhLock.heldMessage());
        } finally {
            System.setProperty("java.io.tmpdir", tmpdir);
        }
    }
}
