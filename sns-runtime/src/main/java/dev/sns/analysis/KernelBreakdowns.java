package dev.sns.analysis;

import dev.sns.model.KernelBreakdown;
import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.Interval;
import dev.sns.stats.MedianBootstrap;
import dev.sns.stats.Percentiles;
import dev.sns.stats.WindowedBootstrap;
import dev.sns.timing.KernelNames;
import dev.sns.timing.KernelRecord;
import dev.sns.timing.KernelTrace;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The kernel table of a measurement's kernel passes: kernels keyed by name, grid and block, in the
 * order a call first launches them; per kernel the launches per call, the median duration with an
 * interval that resamples calls (forks, then calls, where several forks took a pass) and then the
 * launches within them, and the share of the event time per call; the call's kernel time (the sum of
 * its kernels) with an interval over calls. A kernel's duration is the profiler's metric (ncu's
 * {@code gpu__time_duration.sum}) from the calls the pass profiled, where it profiled any; memsets and
 * copies, which the profiler does not time, and every kernel of a pass without it keep the records'
 * own span; each row says which it has.
 */
final class KernelBreakdowns {
    private KernelBreakdowns() {}

    /** The table, or null when no pass was taken. */
    static KernelBreakdown of(List<Measurement.Kernels> passes, double eventMillis, double netEventMillis,
                              BootstrapSettings bootstrap) {
        if (passes.isEmpty()) {
            return null;
        }
        List<Measurement.Kernels> usable = passes.stream().filter(k -> k.trace().available()).toList();
        if (usable.isEmpty()) {
            return KernelBreakdown.unavailable(passes.get(0).trace().unavailable());
        }
        // With a profiler's durations (ncu's gpu__time_duration.sum), kernels take theirs from the profiled
        // calls; memsets and copies, which it does not time, and every row without it, the records' own.
        boolean profiled = usable.stream().anyMatch(k -> !k.trace().profiled().isEmpty());
        String note = usable.stream().map(k -> k.trace().profilerNote()).filter(n -> !n.isEmpty()).findFirst().orElse("");
        Map<String, Integer> launches = new LinkedHashMap<>();
        Map<String, List<double[]>> byKey = new LinkedHashMap<>(); // key -> {nanos, fork, call, from profiler}
        Map<String, KernelRecord> firstOf = new LinkedHashMap<>();
        List<double[]> perCall = new ArrayList<>(); // {kernel nanos, fork}
        int unattributed = 0;
        long dropped = 0;
        int call = 0;
        for (Measurement.Kernels k : usable) {
            unattributed += k.trace().unattributed();
            dropped += k.trace().dropped();
            List<List<KernelRecord>> calls = k.trace().calls();
            for (int c = 0; c < calls.size(); c++) {
                List<KernelRecord> records = calls.get(c);
                double[] prof = k.trace().profiled().isEmpty() ? new double[0] : k.trace().profiled().get(c);
                boolean callProfiled = prof.length == records.size() && prof.length > 0;
                double sum = 0;
                for (int j = 0; j < records.size(); j++) {
                    KernelRecord r = records.get(j);
                    String key = r.name() + " <<<" + r.gridText() + ", " + r.blockText() + ">>>";
                    firstOf.putIfAbsent(key, r);
                    launches.merge(key, 1, Integer::sum);
                    boolean fromProfiler = callProfiled && !Double.isNaN(prof[j]);
                    double nanos = fromProfiler ? prof[j] : r.durationNanos();
                    if (!profiled || callProfiled || !KernelTrace.isKernel(r)) {
                        byKey.computeIfAbsent(key, x -> new ArrayList<>())
                                .add(new double[] {nanos, k.fork(), call, fromProfiler ? 1 : 0});
                    }
                    sum += nanos;
                }
                if (!profiled || callProfiled) {
                    perCall.add(new double[] {sum, k.fork()});
                }
                call++;
            }
        }
        int calls = call;
        if (launches.isEmpty()) {
            return KernelBreakdown.unavailable("the kernel pass recorded no kernel in " + calls + " call(s)"
                    + (unattributed > 0 ? " (" + unattributed + " record(s) fell outside every call)" : ""));
        }
        boolean forks = usable.size() > 1;
        List<KernelBreakdown.Row> rows = new ArrayList<>();
        for (Map.Entry<String, List<double[]>> e : byKey.entrySet()) {
            KernelRecord r = firstOf.get(e.getKey());
            List<double[]> v = e.getValue();
            double[] nanos = column(v, 0);
            double median = Percentiles.median(nanos) / 1e6;
            Interval iv = interval(nanos, forks ? ints(v, 1) : null, ints(v, 2), bootstrap).scaled(1e-6);
            double count = (double) launches.get(e.getKey()) / calls;
            boolean fromProfiler = v.stream().allMatch(x -> x[3] == 1);
            rows.add(new KernelBreakdown.Row(KernelNames.demangle(r.name()), r.name(), r.gridText(), r.blockText(), count,
                    median, iv, count * median / eventMillis, fromProfiler ? KernelBreakdown.Row.PROFILER_METRIC
                    : KernelBreakdown.Row.ACTIVITY));
        }
        double[] sums = column(perCall, 0);
        int[] callForks = ints(perCall, 1);
        int[] callIds = new int[sums.length];
        for (int i = 0; i < callIds.length; i++) {
            callIds[i] = i;
        }
        Interval kernelIv = interval(sums, forks ? callForks : null, callIds, bootstrap).scaled(1e-6);
        return new KernelBreakdown(rows, calls, Percentiles.median(sums) / 1e6, kernelIv, eventMillis, netEventMillis,
                unattributed, dropped, "", note);
    }

    /** The median's interval: forks, then clusters, then samples; a point for a single value. */
    private static Interval interval(double[] x, int[] forks, int[] clusters, BootstrapSettings bootstrap) {
        if (x.length < 2) {
            return new Interval(x[0], x[0], bootstrap.confidence());
        }
        if (forks != null) {
            return WindowedBootstrap.medianInterval(x, forks, clusters, bootstrap);
        }
        boolean oneEach = java.util.Arrays.stream(clusters).distinct().count() == clusters.length;
        return oneEach ? MedianBootstrap.medianInterval(x, bootstrap) : WindowedBootstrap.medianInterval(x, clusters, bootstrap);
    }

    private static double[] column(List<double[]> rows, int c) {
        double[] out = new double[rows.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = rows.get(i)[c];
        }
        return out;
    }

    private static int[] ints(List<double[]> rows, int c) {
        int[] out = new int[rows.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = (int) rows.get(i)[c];
        }
        return out;
    }
}
