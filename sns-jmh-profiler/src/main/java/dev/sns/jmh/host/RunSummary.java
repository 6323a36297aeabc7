package dev.sns.jmh.host;

import dev.sns.Sns;
import dev.sns.jmh.link.ProfilerOptions;
import dev.sns.model.ComparisonResult;
import dev.sns.model.TimingResult;
import dev.sns.model.Verdict;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** What the sns Main prints at the end of a run, and the exit code the verdicts give. */
final class RunSummary {
    private RunSummary() {}

    /** The table of finished benchmarks and where the reports are. */
    static void results(HostRun run, PrintStream out) {
        List<TimingResult> results = run.results();
        if (results.isEmpty()) {
            return;
        }
        out.println();
        out.println("sns summary (median per call, " + String.format(Locale.ROOT, "%.0f%%",
                100 * results.get(0).intervalMillis().confidence()) + " interval, tier):");
        out.print(Sns.formatTable(results));
        if (results.stream().anyMatch(r -> !r.timer().startsWith("JMH"))) {
            out.println("(sns: GPU time per call, from CUDA events. JMH's own Score for a GpuBlackhole benchmark is the "
                    + "host's wall time per invocation: sns.callsPerOp calls, their launches and a synchronisation.)");
        }
        Path dir = run.reportDir();
        if (dir != null) {
            out.println("sns: reports in " + dir);
        }
    }

    /**
     * Prints the comparison table; with failOnSlower, any SLOWER verdict, and any declared pair that
     * could not be compared (a CI gate must not pass on nothing), makes the exit code 2.
     */
    static int verdicts(HostRun run, ProfilerOptions sns, PrintStream out, PrintStream err) {
        Map<String, ComparisonResult> cmp = run.comparisons();
        Map<String, String> uncompared = run.uncompared();
        if (!cmp.isEmpty()) {
            out.println();
            out.println("sns comparisons (speedup = baseline median / candidate median; above 1 the candidate is faster):");
            out.print(Sns.formatComparisons(new ArrayList<>(cmp.values())));
        }
        if (!uncompared.isEmpty() && sns.failOnSlower()) {
            err.println("sns: " + uncompared.size() + " declared pair(s) could not be compared; exiting with 2 "
                    + "(failOnSlower=true): " + String.join(", ", uncompared.keySet()));
            return SnsMain.SLOWER;
        }
        List<String> slower = new ArrayList<>();
        cmp.forEach((k, c) -> {
            if (c.verdict() == Verdict.SLOWER) {
                slower.add(k);
            }
        });
        if (!slower.isEmpty() && sns.failOnSlower()) {
            err.println("sns: SLOWER: " + String.join(", ", slower) + "; exiting with 2 (failOnSlower=true)");
            return SnsMain.SLOWER;
        }
        return SnsMain.OK;
    }
}
