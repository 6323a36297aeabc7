package dev.sns.jmh.host;

import dev.sns.clocks.ClockPolicy;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Restores a clock policy as soon as the forked JVM's process ends, however it ends: JMH skips
 * {@code afterTrial} for a fork that crashed or was killed, and the clocks must not stay locked until
 * the next fork or the end of the run.
 *
 * <p>Started in {@code beforeTrial}, before JMH launches the fork: it watches for the new child
 * process of this JVM and restores when it exits.
 */
final class ForkWatch {
    private static final long FIND_FORK_MILLIS = 60_000;
    /** Longest wait for a watcher to finish a restore (nvidia-smi itself times out after 30 s). */
    private static final long JOIN_MILLIS = 60_000;
    /** Watchers still running, across benchmarks (each benchmark has its own host profiler). */
    private static final java.util.Set<ForkWatch> ACTIVE = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private final Thread thread;
    private volatile boolean cancelled;

    private ForkWatch(ClockPolicy policy) {
        Set<Long> before = new HashSet<>();
        ProcessHandle.current().children().forEach(p -> before.add(p.pid()));
        thread = new Thread(() -> watch(policy, before), "sns-fork-watch");
        thread.setDaemon(true);
    }

    static ForkWatch restoreWhenForkExits(ClockPolicy policy) {
        ForkWatch w = new ForkWatch(policy);
        ACTIVE.add(w);
        w.thread.start();
        return w;
    }

    /**
     * Waits for every watcher still running (one may be restoring after a fork that died): called
     * before a policy is applied, so that no late restore can undo the next lock.
     */
    static void awaitAll() {
        for (ForkWatch w : ACTIVE) {
            w.cancel();
        }
    }

    private void watch(ClockPolicy policy, Set<Long> before) {
        try {
            watchUntilExit(policy, before);
        } finally {
            ACTIVE.remove(this);
        }
    }

    private void watchUntilExit(ClockPolicy policy, Set<Long> before) {
        long deadline = System.currentTimeMillis() + FIND_FORK_MILLIS;
        ProcessHandle fork = null;
        while (fork == null && !cancelled && System.currentTimeMillis() < deadline) {
            fork = ProcessHandle.current().children().filter(p -> !before.contains(p.pid())).findFirst().orElse(null);
            if (fork == null) {
                sleep(20);
            }
        }
        if (fork == null || cancelled) {
            return;
        }
        CompletableFuture<ProcessHandle> exit = fork.onExit();
        while (!cancelled) {
            try {
                exit.get(200, java.util.concurrent.TimeUnit.MILLISECONDS);
                if (!cancelled) {
                    policy.restore();
                }
                return;
            } catch (java.util.concurrent.TimeoutException e) {
                // still running: look again
            } catch (InterruptedException e) {
                return;
            } catch (java.util.concurrent.ExecutionException e) {
                policy.restore();
                return;
            }
        }
    }

    /**
     * Stops watching and waits for the watcher, so that it cannot restore after the next apply. Never
     * interrupts it: a restore already under way runs to its end (an interrupted nvidia-smi would
     * leave its reset to land later, on top of the next lock); the watcher looks at the flag every
     * 200 ms otherwise.
     */
    void cancel() {
        cancelled = true;
        try {
            thread.join(JOIN_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
