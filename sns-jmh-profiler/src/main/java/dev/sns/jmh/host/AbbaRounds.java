package dev.sns.jmh.host;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs the pairs' benchmarks in ABBA rounds: each round runs one fork of every member of a pair group,
 * in an order that reverses every round (candidate, baseline, baseline, candidate, ...), so that drift
 * over the run lands on both sides alike. Everything else runs first, as JMH would run it.
 */
final class AbbaRounds {
    private AbbaRounds() {}

    static void run(ChainedOptionsBuilder options, List<Pairs.Pair> pairs, List<String> selected, int rounds,
                    OutputFormat format, RunOutput progress, List<RunResult> results, PrintStream out)
            throws RunnerException {
        List<List<String>> groups = Pairs.groups(pairs);
        List<String> paired = new ArrayList<>();
        groups.forEach(paired::addAll);
        ChainedOptionsBuilder rest = new OptionsBuilder().parent(options.build());
        for (String m : paired) {
            rest.exclude("^" + Pattern.quote(m) + "$");
        }
        long unpaired = selected.stream().filter(n -> !paired.contains(n)).count();
        if (unpaired > 0) {
            results.addAll(new Runner(rest.build(), format).run());
        }
        HostRun run = HostRun.current();
        progress.rounds();
        int total = rounds * paired.size();
        int done = 0;
        long start = System.currentTimeMillis();
        for (List<String> group : groups) {
            run.interleave(group, rounds);
            out.println("sns: interleaving " + String.join(" and ", group) + ": " + rounds
                    + " rounds of one fork each, order reversed every round (ABBA)");
            for (int r = 0; r < rounds; r++) {
                run.round(r);
                List<String> order = new ArrayList<>(group);
                if (r % 2 == 1) {
                    Collections.reverse(order);
                }
                for (String m : order) {
                    progress.nextFork(m, r + 1, rounds, done++, total, System.currentTimeMillis() - start);
                    ChainedOptionsBuilder one = new OptionsBuilder().parent(options.build())
                            .include("^" + Pattern.quote(m) + "$")
                            .exclude("^(?!" + Pattern.quote(m) + "$)")
                            .forks(1).warmupForks(0);
                    results.addAll(new Runner(one.build(), format).run());
                }
            }
        }
    }
}
