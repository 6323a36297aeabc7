package dev.sns.jmh.host;

import dev.sns.jmh.link.WindowSamples;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Which forks of which benchmarks have come in: each benchmark's windows until all its forks (or its
 * ABBA rounds) are done or failed. Knows the run's ABBA schedule, because an interleaved benchmark's
 * forks arrive one per round, each round a separate JMH run that numbers its forks from 0.
 */
final class ForkLedger {
    /** A benchmark whose forks are still arriving. */
    static final class Pending {
        final BenchmarkParams params;
        final List<WindowSamples> windows = new ArrayList<>();
        final List<String> failures = new ArrayList<>();
        /** The benchmark's own exception (message and top of its stack), when one was seen. */
        String exception;
        /** Restores of the clocks that failed after its forks. */
        final List<String> restoreFailures = new ArrayList<>();
        int forksDone;
        int forksFailed;

        Pending(BenchmarkParams params) {
            this.params = params;
        }
    }

    private final Map<String, Pending> pending = new LinkedHashMap<>();
    private final Map<String, Integer> interleavedRounds = new LinkedHashMap<>();
    private int currentRound;
    /** Windows of earlier forks that a benchmark's next forks join (precision rounds), by id. */
    private final Map<String, List<WindowSamples>> carried = new LinkedHashMap<>();
    /** The number of a benchmark's first fork in the next JMH run (precision rounds), by name; else 0. */
    private final Map<String, Integer> firstFork = new LinkedHashMap<>();

    /** These benchmarks (by name) run interleaved: one fork per round, {@code rounds} rounds. */
    void interleave(List<String> benchmarks, int rounds) {
        for (String b : benchmarks) {
            interleavedRounds.put(b, rounds);
        }
    }

    /** The round the next forks belong to. */
    void round(int round) {
        this.currentRound = round;
    }

    boolean interleaved(String benchmark) {
        return interleavedRounds.containsKey(benchmark);
    }

    /** ABBA rounds of an interleaved benchmark (0 when it is not interleaved). */
    int rounds(String benchmark) {
        return interleavedRounds.getOrDefault(benchmark, 0);
    }

    /**
     * The number a fork is filed under: its round for an interleaved benchmark, else JMH's own count
     * (after the forks of earlier runs, for more forks of a finished benchmark).
     */
    int forkNumber(String benchmark, int localFork) {
        return interleaved(benchmark) ? currentRound : firstFork.getOrDefault(benchmark, 0) + localFork;
    }

    /**
     * The next JMH run adds forks to a finished benchmark: its forks are numbered from {@code from}, and
     * {@code windows} (its earlier forks') join theirs.
     */
    void carry(String id, List<WindowSamples> windows, String benchmark, int from) {
        carried.put(id, windows);
        firstFork.put(benchmark, from);
    }

    /**
     * A fork of {@code params} starts. Returns the other benchmarks still pending that are not
     * interleaved: JMH moved on from them, so their last forks failed.
     */
    List<String> forkStarting(String id, BenchmarkParams params) {
        List<String> abandoned = new ArrayList<>();
        for (Map.Entry<String, Pending> e : pending.entrySet()) {
            if (!e.getKey().equals(id) && !interleaved(e.getValue().params.getBenchmark())) {
                abandoned.add(e.getKey());
            }
        }
        pending(id, params);
        return abandoned;
    }

    /** The benchmark's pending record, made if it has none yet (with the windows carried over to it). */
    Pending pending(String id, BenchmarkParams params) {
        return pending.computeIfAbsent(id, k -> {
            Pending p = new Pending(params);
            p.windows.addAll(carried.getOrDefault(id, List.of()));
            carried.remove(id);
            return p;
        });
    }

    /** A fork's windows arrived (warm-up forks' are dropped); true when the benchmark is complete. */
    boolean forkFinished(String id, BenchmarkParams params, int fork, List<WindowSamples> windows) {
        Pending p = pending(id, params);
        p.forksDone++;
        if (interleaved(params.getBenchmark()) || fork >= params.getWarmupForks()) {
            p.windows.addAll(windows);
        }
        return complete(p);
    }

    /** A round of an interleaved benchmark failed; true when the benchmark is complete. */
    boolean roundFailed(String id, BenchmarkParams params, String message) {
        Pending p = pending(id, params);
        p.forksFailed++;
        p.failures.add(message);
        return complete(p);
    }

    private boolean complete(Pending p) {
        return p.forksDone + p.forksFailed >= expectedForks(p.params);
    }

    private int expectedForks(BenchmarkParams params) {
        return interleaved(params.getBenchmark()) ? rounds(params.getBenchmark())
                : params.getWarmupForks() + Math.max(1, params.getForks()); // -f 0: the run itself is one
    }

    /** Forks that did not finish and so are missing from the result. */
    int missingForks(Pending p) {
        return interleaved(p.params.getBenchmark()) ? rounds(p.params.getBenchmark()) - p.forksDone
                : Math.max(0, Math.max(1, p.params.getForks()) - (p.forksDone - p.params.getWarmupForks()));
    }

    /** Removes and returns a pending benchmark (null when there is none). */
    Pending take(String id) {
        return pending.remove(id);
    }

    /** Puts a benchmark back (to be finalized with the forks it has). */
    void keep(String id, Pending p) {
        pending.put(id, p);
    }

    List<String> pendingIds() {
        return new ArrayList<>(pending.keySet());
    }
}
