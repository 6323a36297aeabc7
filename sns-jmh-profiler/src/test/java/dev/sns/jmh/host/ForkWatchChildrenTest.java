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
}
