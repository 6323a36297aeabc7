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

/**
 * What the sns Main prints at the end of a run, the one place it states results (nothing of a result is
 * printed as a benchmark finishes): the summary table, the reasons of results not tier A, the results
 * not measurable net and where precision rounds stopped ({@link SummaryNotes}), kernel tables, device
 * health, the comparisons; and the exit code the verdicts give.
 */
final class RunSummary {
    private RunSummary() {}

    /**
     * The table of finished benchmarks, the notes below it (tier reasons, net, precision stops), each kernel
     * table, device health, and where the reports are.
     */
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
        SummaryNotes.tierReasons(results).forEach(out::println);
        SummaryNotes.notNetMeasurable(results).forEach(out::println);
        SummaryNotes.precision(run.finishedBenchmarks()).forEach(out::println);
        for (TimingResult r : results) {
            out.print(Sns.formatKernels(r));
        }
        deviceHealth(run, out);
        Path dir = run.reportDir();
        if (dir != null) {
            out.println("sns: reports in " + dir);
        }
    }

    /**
     * The device-health table of a run on several GPUs: each benchmark on each GPU against the first,
     * then each GPU the table names as slower than a sibling, with its clock and throttle evidence.
     */
    static void deviceHealth(HostRun run, PrintStream out) {
        List<DeviceHealth.Made> health = run.deviceHealth();
        if (health.isEmpty()) {
            return;
        }
        List<dev.sns.gpu.GpuDevice> devices = run.devices();
        double slower = health.get(0).result().thresholds().slowerUpperBound();
        out.println();
        out.println(String.format(Locale.ROOT, "sns device health (speedup = GPU %d's median / the GPU's median; below 1 "
                + "the GPU is slower; a GPU is named when the interval lies beyond %s or 1/%s):",
                health.get(0).reference().device(), slower, slower));
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"benchmark", "GPU", "speedup", "interval", "tier", "finding"});
        java.util.Map<Integer, List<DeviceHealth.Made>> named = new java.util.LinkedHashMap<>();
        for (DeviceHealth.Made h : health) {
            String id = h.device().id();
            int at = id.lastIndexOf("device=");
            String finding = switch (h.finding()) {
                case OK -> "ok";
                case SLOWER -> "GPU " + h.device().device() + " slower";
                case REFERENCE_SLOWER -> "GPU " + h.reference().device() + " slower";
                case NO_VERDICT -> "no verdict (tier C)";
            };
            rows.add(new String[] {at > 0 ? id.substring(0, at - 1) : id, Integer.toString(h.device().device()),
                    String.format(Locale.ROOT, "%.4f", h.result().speedup()),
                    String.format(Locale.ROOT, "[%.4f, %.4f]", h.result().speedupInterval().lower(),
                            h.result().speedupInterval().upper()), h.result().tier().toString(), finding});
            Integer suspect = switch (h.finding()) {
                case OK -> null;
                case SLOWER -> h.device().device();
                case REFERENCE_SLOWER -> h.reference().device();
                case NO_VERDICT -> h.result().candidate().tier().isPerformanceValid() ? h.reference().device()
                        : h.device().device();
            };
            if (suspect != null) {
                named.computeIfAbsent(suspect, k -> new ArrayList<>()).add(h);
            }
        }
        out.print(table(rows));
        if (named.isEmpty()) {
            out.println("sns: no GPU is slower than its sibling beyond the threshold");
        }
        named.forEach((gpu, list) -> {
            DeviceHealth.Made first = list.get(0);
            boolean isRef = first.reference().device().equals(gpu);
            dev.sns.model.TimingResult mine = isRef ? first.result().baseline() : first.result().candidate();
            dev.sns.model.TimingResult sibling = isRef ? first.result().candidate() : first.result().baseline();
            int other = isRef ? first.device().device() : first.reference().device();
            out.println("sns: " + (list.stream().allMatch(h -> h.finding() == dev.sns.model.DeviceFinding.NO_VERDICT)
                    ? "THROTTLED OR UNSTABLE GPU: " : "SLOWER GPU: ") + ConsoleLines.label(gpu, devices) + " in "
                    + list.size() + " of " + health.size() + " comparison(s); " + ConsoleLines.evidence("GPU " + gpu, mine)
                    + "; " + ConsoleLines.evidence("GPU " + other, sibling));
        });
    }

    private static String table(List<String[]> rows) {
        int[] w = new int[rows.get(0).length];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                w[i] = Math.max(w[i], r[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < r.length; i++) {
                line.append(i == 0 ? "" : "  ").append(String.format(Locale.ROOT, "%-" + w[i] + "s", r[i]));
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        return sb.toString();
    }

    /** The comparison table, and below it each pair's energy ratio (with {@code energy=true}). */
    static void comparisons(HostRun run, PrintStream out) {
        Map<String, ComparisonResult> cmp = run.comparisons();
        if (cmp.isEmpty()) {
            return;
        }
        out.println();
        out.println("sns comparisons (speedup = baseline median / candidate median; above 1 the candidate is faster):");
        out.print(Sns.formatComparisons(new ArrayList<>(cmp.values())));
        for (ComparisonResult c : cmp.values()) {
            c.energy().ifPresent(e -> out.println("sns: " + SummaryNotes.shortId(c.candidate().name()) + " vs "
                    + SummaryNotes.shortId(c.baseline().name()) + ": " + ConsoleLines.energyRatio(e)));
        }
    }

    /**
     * The exit code of the verdicts: with failOnSlower, any SLOWER verdict makes it 2 (a declared pair that
     * could not be compared is a problem of the run, exit 3, whatever failOnSlower says).
     */
    static int verdicts(HostRun run, ProfilerOptions sns, PrintStream err) {
        Map<String, ComparisonResult> cmp = run.comparisons();
        List<String> slower = new ArrayList<>();
        cmp.forEach((k, c) -> {
            if (c.verdict() == Verdict.SLOWER) {
                slower.add(k);
            }
        });
        if (!slower.isEmpty() && sns.failOnSlower()) {
            err.println("sns: SLOWER: " + String.join(", ", slower) + "; exiting with " + SnsMain.SLOWER
                    + " (failOnSlower=true)");
            return SnsMain.SLOWER;
        }
        return SnsMain.OK;
    }
}
