package dev.sns.jmh.host;

import dev.sns.clocks.ClockPolicy;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Watches one forked JVM from the host, from before JMH starts it until it ends:
 * <ul>
 *   <li>a fork that outlives its time budget is ended (with every process it started), its clocks
 *       restored, and the fault reported: JMH's wait for a hung benchmark ignores {@code -to};</li>
 *   <li>a fork that dies (JMH then skips {@code afterTrial}) gets its clocks restored at once, not
 *       at the next fork or the end of the run;</li>
 *   <li>a host that is stopped (Ctrl-C, SIGTERM) ends the forks it is watching, so none is left
 *       running orphaned.</li>
 * </ul>
 * A restore that fails is reported too.
 */
final class ForkWatch {
    private static final long FIND_FORK_MILLIS = 60_000;
    /** Longest wait for a watcher to finish a restore (nvidia-smi itself times out after 30 s). */
    private static final long JOIN_MILLIS = 60_000;
    /** Watchers still running, across benchmarks (each benchmark has its own host profiler). */
    private static final Set<ForkWatch> ACTIVE = ConcurrentHashMap.newKeySet();
    /**
     * The watchers' threads, reused from fork to fork (one at a time, one per GPU with forks at once),
     * never a new thread per fork: each new thread takes a fresh allocation buffer of the host's heap, and
     * a suite of short forks made the host's young generation fill faster, grow sooner and touch more
     * memory (docs/jmh.md, the host's peak RSS). Daemons: a JVM that exits is not held up by an idle one.
     */
    private static final java.util.concurrent.ExecutorService WATCHERS =
            java.util.concurrent.Executors.newCachedThreadPool(r -> {
                Thread t = new Thread(r, "sns-fork-watch");
                t.setDaemon(true);
                return t;
            });

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ForkWatch::endAll, "sns-fork-watch-exit"));
    }

    /** Completed when the watcher is done (fork ended and clocks restored, or the watch called off). */
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private final Set<Long> before;
    private final long budgetMillis;
    private final ClockPolicy policy;
    /** The GPU whose clocks the policy holds ("" for none): restores wait only for watches of the same GPU. */
    private final String device;
    /** The token on the fork's command line ("" for none): the watch's own fork among forks running at once. */
    private final String token;
    private final long deadlineMillis;
    private final Faults faults;
    private volatile boolean cancelled;
    /** Completed by {@link #cancel()}: a watcher waiting for its fork wakes at once, not at its next look. */
    private final CompletableFuture<Object> cancelSignal = new CompletableFuture<>();
    private volatile ProcessHandle fork;

    /** Where a watch reports, in words. */
    interface Faults {
        /** The fork was ended: it ran past its time budget. */
        void ended(String why);

        /** The clocks could not be restored after the fork. */
        void restoreFailed(String why);
    }

    /**
     * The thread that starts the fork (JMH's, which calls {@code beforeTrial} and then starts the process) as
     * its {@code /proc} directory, whose {@code children} file lists the fork alone; null where there is none
     * (not Linux) or without a token (then every child counts).
     */
    private final java.nio.file.Path starter;

    private ForkWatch(ClockPolicy policy, long budgetMillis, Faults faults, String device, String token) {
        this.starter = token.isEmpty() ? null : starterTask();
        Set<Long> before = new HashSet<>();
        (starter != null ? childrenOf(starter) : children()).forEach(p -> before.add(p.pid()));
        this.policy = policy;
        this.device = device;
        this.token = token;
        this.deadlineMillis = System.currentTimeMillis() + budgetMillis;
        this.faults = faults;
        this.before = before;
        this.budgetMillis = budgetMillis;
    }

    /**
     * Starts watching the fork JMH is about to start.
     *
     * @param budgetMillis how long the fork may live
     * @param faults told when the fork was ended for its time or a restore failed
     */
    static ForkWatch start(ClockPolicy policy, long budgetMillis, Faults faults) {
        return start(policy, budgetMillis, faults, "", "");
    }

    /**
     * Starts watching the fork JMH is about to start on {@code device}, whose command line holds
     * {@code token} (several forks may start at once, one per GPU: each watch finds its own).
     */
    static ForkWatch start(ClockPolicy policy, long budgetMillis, Faults faults, String device, String token) {
        ForkWatch w = new ForkWatch(policy, budgetMillis, faults, device, token);
        ACTIVE.add(w);
        WATCHERS.execute(w::watch);
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

    /**
     * Waits for the watchers of {@code device} still running (one may be restoring its clocks after a
     * fork that died), leaving those of other GPUs, whose forks may be running at the same time.
     */
    static void awaitAll(String device) {
        for (ForkWatch w : ACTIVE) {
            if (w.device.equals(device)) {
                w.cancel();
            }
        }
    }

    /** The host is going away: end the forks still running (their clocks are restored by the policies' hooks). */
    private static void endAll() {
        for (ForkWatch w : ACTIVE) {
            ProcessHandle f = w.fork;
            if (f != null && f.isAlive()) {
                end(f);
            }
        }
    }

    private void watch() {
        try {
            ProcessHandle f = find(before);
            if (f == null) {
                return;
            }
            fork = f;
            if (waitForExit(f)) {
                if (!cancelled && policy.locked()) {
                    restore();
                }
                return;
            }
            // past its time: end it, then restore
            end(f);
            faults.ended("ran past its time budget of " + budgetMillis / 1000 + " s (iterations x (time + -to) "
                    + "+ a minute, or forkTimeout) and was ended (pid " + f.pid() + ")");
            restore();
        } finally {
            ACTIVE.remove(this);
            done.complete(null);
        }
    }

    private ProcessHandle find(Set<Long> before) {
        long giveUp = System.currentTimeMillis() + FIND_FORK_MILLIS;
        for (int look = 0; !cancelled && System.currentTimeMillis() < giveUp; look++) {
            // the starting thread's own children file (one small read a look); every tenth look all of this
            // JVM's children, should another thread have started the fork
            boolean all = starter == null || look % 10 == 9;
            ProcessHandle f = (all ? children() : childrenOf(starter)).filter(p -> !before.contains(p.pid()))
                    .filter(this::mine).findFirst().orElse(null);
            if (f != null) {
                return f;
            }
            sleep(20);
        }
        return null;
    }

    /** This thread's {@code /proc/self/task/<tid>} directory (through {@code /proc/thread-self}); null where there is none. */
    static java.nio.file.Path starterTask() {
        try {
            java.nio.file.Path t = java.nio.file.Path.of("/proc/thread-self").toRealPath();
            return java.nio.file.Files.isReadable(t.resolve("children")) ? t : null;
        } catch (java.io.IOException | RuntimeException e) {
            return null;
        }
    }

    /** The children of one thread of this JVM ({@code task}: its {@code /proc} directory); none when they cannot be read. */
    static java.util.stream.Stream<ProcessHandle> childrenOf(java.nio.file.Path task) {
        List<Long> pids = new java.util.ArrayList<>();
        try {
            readChildren(task, pids);
        } catch (java.io.IOException | RuntimeException e) {
            return java.util.stream.Stream.empty();
        }
        return pids.stream().map(ProcessHandle::of).flatMap(java.util.Optional::stream);
    }

    private static void readChildren(java.nio.file.Path task, List<Long> pids) throws java.io.IOException {
        String line = java.nio.file.Files.readString(task.resolve("children")).trim();
        for (String pid : line.isEmpty() ? new String[0] : line.split("\\s+")) {
            pids.add(Long.parseLong(pid));
        }
    }

    /**
     * This JVM's child processes. On Linux from {@code /proc/self/task/<tid>/children} (a few small
     * files: the threads' own children), since {@link ProcessHandle#children()} reads every process's
     * {@code /proc/<pid>/stat} to find them (about 2 ms of CPU with a hundred processes, more on a busy
     * host, two or three times a fork); elsewhere, or when those files cannot be read, through it.
     */
    static java.util.stream.Stream<ProcessHandle> children() {
        java.nio.file.Path tasks = java.nio.file.Path.of("/proc/self/task");
        if (java.nio.file.Files.isDirectory(tasks)) {
            java.util.List<Long> pids = new java.util.ArrayList<>();
            try (java.nio.file.DirectoryStream<java.nio.file.Path> threads = java.nio.file.Files.newDirectoryStream(tasks)) {
                for (java.nio.file.Path t : threads) {
                    String line;
                    try {
                        line = java.nio.file.Files.readString(t.resolve("children")).trim();
                    } catch (java.nio.file.NoSuchFileException gone) {
                        continue; // the thread ended while the list was read
                    }
                    for (String pid : line.isEmpty() ? new String[0] : line.split("\\s+")) {
                        pids.add(Long.parseLong(pid));
                    }
                }
                return pids.stream().map(ProcessHandle::of).flatMap(java.util.Optional::stream);
            } catch (java.io.IOException | RuntimeException e) {
                // no children files (a kernel without them): the portable way below
            }
        }
        return ProcessHandle.current().children();
    }

    /**
     * Whether a new child is this watch's fork: its command line holds the token, or cannot be read
     * (then, as with one fork at a time, the first new child is it).
     */
    private boolean mine(ProcessHandle p) {
        if (token.isEmpty()) {
            return true;
        }
        java.util.Optional<String[]> args = p.info().arguments();
        return args.isEmpty() || java.util.Arrays.stream(args.get()).anyMatch(a -> a.contains(token));
    }

    /** True when the fork ended (or the watch was cancelled) before its deadline. */
    private boolean waitForExit(ProcessHandle f) {
        CompletableFuture<Object> exitOrCancel = CompletableFuture.anyOf(f.onExit(), cancelSignal);
        long left = deadlineMillis - System.currentTimeMillis();
        if (left <= 0) {
            return false;
        }
        try {
            exitOrCancel.get(left, TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return cancelled; // past its time, unless the watch was called off at that moment
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        } catch (ExecutionException e) {
            return true;
        }
    }

    private void restore() {
        policy.restore();
        if (!policy.restoreFailure().isEmpty()) {
            faults.restoreFailed(policy.restoreFailure());
        }
    }

    /** Ends a process and everything it started, at once. */
    private static void end(ProcessHandle f) {
        f.descendants().forEach(ProcessHandle::destroyForcibly);
        f.destroyForcibly();
        try {
            f.onExit().get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // it was told to die; the watcher goes on
        }
    }

    /**
     * Stops watching and waits for the watcher, so that it cannot restore after the next apply. Never
     * interrupts it: a restore already under way runs to its end (an interrupted nvidia-smi would
     * leave its reset to land later, on top of the next lock); a watcher only waiting wakes at once.
     */
    void cancel() {
        cancelled = true;
        cancelSignal.complete(Boolean.TRUE);
        try {
            done.get(JOIN_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // as a join that timed out: the watcher goes on, the caller no longer waits for it
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
