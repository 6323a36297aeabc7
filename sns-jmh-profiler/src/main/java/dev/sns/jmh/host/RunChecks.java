package dev.sns.jmh.host;

import dev.sns.clocks.ClockLockError;
import dev.sns.clocks.NvidiaSmi;
import dev.sns.jmh.link.ProfilerOptions;
import dev.sns.options.Secrets;
import dev.sns.reports.history.HistoryException;
import dev.sns.reports.history.HistoryStores;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * What the sns Main checks before the first fork, so that an option that cannot work stops the run at
 * once (exit 1, one message naming the value and the fix) instead of failing after the whole suite
 * ran or in every fork: a {@code history=} that cannot be written ({@link HistoryStores#check}: the
 * scheme, the JDBC driver on the class path, a path under a regular file, a PostgreSQL server that does
 * not answer within {@link HistoryStores#REACH_TIMEOUT}), and an {@code smi=} a clock policy would run
 * that is not there or does not start.
 */
public final class RunChecks {
    /** The option lines whose checks passed in this JVM: each line is checked once. */
    private static final java.util.Set<String> PASSED = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private RunChecks() {}

    /**
     * The checks of {@link #beforeFirstFork} for a line not yet checked in this JVM. Under JMH's own Main
     * the profiler's constructor calls this in the host, where JMH makes the profiler before the first
     * fork (and again for each benchmark, and in {@code -f 0} runs): a line that passed is not checked
     * again, and under the sns Main, which checks first, not at all.
     *
     * @throws IllegalArgumentException one message naming the bad value (password masked) and the fix
     */
    public static void once(ProfilerOptions sns) {
        if (!PASSED.contains(sns.initLine())) {
            beforeFirstFork(sns);
        }
    }

    /**
     * Checks the options' history and nvidia-smi.
     *
     * @throws IllegalArgumentException one message naming the bad value (password masked) and the fix
     */
    static void beforeFirstFork(ProfilerOptions sns) {
        String history = sns.history();
        if (history != null) {
            try {
                HistoryStores.check(history, HistoryStores.REACH_TIMEOUT);
            } catch (HistoryException e) {
                throw new IllegalArgumentException("sns: " + e.getMessage() + "; nothing was run");
            }
        }
        String smi = sns.timing().smi();
        if (!smi.isEmpty() && !sns.timing().clocksSpec().equals("unlocked")) {
            smiRuns(smi, sns.timing().clocksSpec());
        }
        PASSED.add(sns.initLine());
    }

    /** {@code smi} exists, may be executed, and starts and ends ({@code --version}, within nvidia-smi's time limit). */
    static void smiRuns(String smi, String clocks) {
        String fix = "; fix smi=PATH (the nvidia-smi of the NVIDIA driver), or leave smi out to use the first nvidia-smi "
                + "on PATH; nothing was run";
        NvidiaSmi tool;
        try {
            tool = NvidiaSmi.at(Path.of(smi));
        } catch (InvalidPathException | ClockLockError e) {
            throw new IllegalArgumentException("sns: clocks=" + clocks + " runs smi=" + Secrets.mask(smi)
                    + ", which is not an executable file" + fix);
        }
        try {
            tool.run("--version"); // its own time limit; its exit status is the policy's business, said per fork
        } catch (ClockLockError e) {
            throw new IllegalArgumentException("sns: clocks=" + clocks + " runs smi=" + Secrets.mask(smi)
                    + ", which does not start (" + e.getMessage() + ")" + fix);
        }
    }
}
