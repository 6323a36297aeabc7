package dev.sns.jmh.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.clocks.ClockPolicy;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Watches one after the other share the watchers' thread (a new thread per fork took a fresh allocation
 * buffer of the host's heap each time), and a cancelled watch is done when {@code cancel} returns.
 */
class ForkWatchThreadsTest {
    /** Records the thread each restore ran on; locked, so that a fork that ends is restored. */
    private static final class Recording implements ClockPolicy {
        final Set<String> threads = java.util.concurrent.ConcurrentHashMap.newKeySet();
        volatile int restores;

        @Override
        public void apply() {}

        @Override
        public void restore() {
            threads.add(Thread.currentThread().getName() + "#" + Thread.currentThread().getId());
            restores++;
        }

        @Override
        public boolean locked() {
            return true;
        }

        @Override
        public String describe() {
            return "recording";
        }
    }

    private static final ForkWatch.Faults NONE = new ForkWatch.Faults() {
        @Override
        public void ended(String why) {}

        @Override
        public void restoreFailed(String why) {}
    };

    @Test
    void forksOneAfterTheOtherAreWatchedOnOneThread() throws Exception {
        Recording policy = new Recording();
        Set<Long> watchers = new HashSet<>();
        for (int fork = 0; fork < 3; fork++) {
            ForkWatch w = ForkWatch.start(policy, 60_000, NONE);
            Process p = new ProcessBuilder("sleep", "0.3").start(); // the "fork": a child that ends soon
            long until = System.currentTimeMillis() + 10_000;
            while (policy.restores <= fork && System.currentTimeMillis() < until) {
                Thread.sleep(5); // the watch finds the child, sees it end and restores
            }
            p.waitFor();
            w.cancel(); // returns once the watcher is done
            assertEquals(fork + 1, policy.restores, "each ended fork restored once, fork " + fork);
        }
        for (String t : policy.threads) {
            assertTrue(t.startsWith("sns-fork-watch#"), t);
            watchers.add(Long.parseLong(t.substring(t.indexOf('#') + 1)));
        }
        assertEquals(1, watchers.size(), "one watcher thread for three forks in turn: " + policy.threads);
    }

    @Test
    void aCancelledWatchIsDoneWhenCancelReturns() {
        Recording policy = new Recording();
        ForkWatch w = ForkWatch.start(policy, 60_000, NONE); // no fork ever starts: it looks until called off
        long t0 = System.nanoTime();
        w.cancel();
        assertTrue(System.nanoTime() - t0 < 5_000_000_000L, "cancel waits for the watcher, which stops at once");
        assertEquals(0, policy.restores, "nothing to restore: no fork was found");
    }
}
