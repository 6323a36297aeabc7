package dev.sns.jmh.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The watch's cheap list of this JVM's children is the JDK's list: known answers with two children of ours. */
class ForkWatchChildrenTest {
    @Test
    void theChildrenReadFromProcAreTheJdksChildren() throws Exception {
        Process a = new ProcessBuilder("sleep", "60").start(); // alive until destroyed below
        Process b = new ProcessBuilder("sleep", "60").start();
        try {
            Set<Long> ours = ForkWatch.children().map(ProcessHandle::pid).collect(Collectors.toSet());
            Set<Long> jdk = ProcessHandle.current().children().map(ProcessHandle::pid).collect(Collectors.toSet());
            assertTrue(ours.contains(a.pid()), "the first child, " + a.pid() + ", in " + ours);
            assertTrue(ours.contains(b.pid()), "the second child, " + b.pid() + ", in " + ours);
            jdk.retainAll(Set.of(a.pid(), b.pid()));
            ours.retainAll(Set.of(a.pid(), b.pid()));
            assertEquals(jdk, ours);
        } finally {
            a.destroyForcibly();
            b.destroyForcibly();
            a.waitFor();
            b.waitFor();
        }
    }

    /**
     * The starting thread's own children file lists the child this thread started and not one another
     * thread started (the watch reads it alone, and all threads' every tenth look).
     */
    @Test
    void theStartingThreadsChildrenAreTheOnesItStarted() throws Exception {
        java.nio.file.Path self = ForkWatch.starterTask();
        org.junit.jupiter.api.Assumptions.assumeTrue(self != null, "no /proc/thread-self children file here (not Linux)");
        Process mine = new ProcessBuilder("sleep", "60").start();
        Process[] other = new Process[1];
        // the other thread stays alive while the files are read: once it ends, the kernel moves its child to
        // another thread of this JVM, and a read in between sees the child in no thread's file
        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        Thread t = new Thread(() -> {
            try {
                other[0] = new ProcessBuilder("sleep", "60").start();
                started.countDown();
                done.await();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        t.start();
        assertTrue(started.await(30, java.util.concurrent.TimeUnit.SECONDS), "the other thread started its child");
        try {
            Set<Long> ours = ForkWatch.childrenOf(self).map(ProcessHandle::pid).collect(Collectors.toSet());
            assertTrue(ours.contains(mine.pid()), "this thread's child, " + mine.pid() + ", in " + ours);
            assertTrue(!ours.contains(other[0].pid()), "the other thread's child, " + other[0].pid() + ", not in " + ours);
            assertTrue(ForkWatch.children().anyMatch(p -> p.pid() == other[0].pid()), "all threads' children hold the other");
        } finally {
            done.countDown();
            t.join();
            mine.destroyForcibly();
            other[0].destroyForcibly();
            mine.waitFor();
            other[0].waitFor();
        }
    }
}
