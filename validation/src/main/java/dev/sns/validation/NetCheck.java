package dev.sns.validation;

import dev.sns.SnsEngine;
import dev.sns.Workload;
import dev.sns.model.ComparisonResult;
import dev.sns.model.TimingResult;
import dev.sns.options.SnsOptions;
import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.Interval;
import dev.sns.stats.Percentiles;
import dev.sns.timing.TimerKind;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Issue 26.1 on the GPU: net readings of spin kernels, whose asked time is the ground truth.
 * {@link #net}: {@code Sns.measure} at one launch per sample; how many net intervals hold the asked
 * time (goal: 18/20 for 1 ms, 90% over all), and the empty kernel's reading there and beside 1-2 ms
 * kernels in {@code Sns.compare} (on the H200 before the fix 2.88-2.98 us against 3.52-3.58 us).
 * {@link #abba}: back-to-back {@code Sns.compare} of 10 vs 11.5 us and 5 vs 6 us spins (true ratios
 * 1.15 and 1.2), runs of trials; how many net speedup intervals hold the ratio (goal: 95/100).
 */
final class NetCheck {
    /** Spins of the net section, nanoseconds. */
    static final long[] SPINS = {2_000, 10_000, 100_000, 1_000_000};

    private NetCheck() {}

    private static SnsOptions.Builder oneLaunch(TimerKind timer, String name, int trial) {
        return SnsOptions.defaults().toBuilder().timer(timer).innerReps(1).name(name)
                .seed(BootstrapSettings.DEFAULT_SEED + trial);
    }

    static List<String> net(SnsEngine engine, CalibrationGpuMain.Kernels k, int trials, TimerKind timer, PrintWriter raw) {
        List<String> lines = new ArrayList<>();
        lines.add("net of launch overhead, Sns.measure at one launch per sample (innerReps=1), " + trials
                + " trials each: net interval holds the asked time");
        lines.add("| spin | held | median net - asked (ns) | median net half-width (ns) | median raw (us) | empty kernel "
                + "median (us) | empty kernel range (us) |");
        lines.add("|---|---|---|---|---|---|---|");
        int held = 0;
        int all = 0;
        for (long ns : SPINS) {
            Workload w = k.spin(ns);
            double[] err = new double[trials];
            double[] half = new double[trials];
            double[] rawUs = new double[trials];
            double[] empty = new double[trials];
            int mine = 0;
            for (int t = 0; t < trials; t++) {
                TimingResult r = engine.measure(w, oneLaunch(timer, "spin " + ns + " ns", t).build());
                Interval net = r.netIntervalMillis().orElse(null);
                boolean ok = net != null && net.contains(ns / 1e6);
                mine += ok ? 1 : 0;
                err[t] = (r.netMedianMillis() * 1e6) - ns;
                half[t] = net == null ? Double.NaN : net.width() / 2 * 1e6;
                rawUs[t] = r.medianMillis() * 1e3;
                empty[t] = r.launchOverheadMillis() * 1e3;
                raw.println(String.join(";", "net", Long.toString(ns), Integer.toString(t), Double.toString(r.medianMillis()),
                        Double.toString(r.netMedianMillis()), net == null ? "" : net.lower() + ";" + net.upper(),
                        Double.toString(r.launchOverheadMillis())));
                System.out.printf(Locale.ROOT, "net spin %d ns trial %d: net %.1f ns %s, empty %.3f us%n", ns, t,
                        r.netMedianMillis() * 1e6, ok ? "held" : "MISSED " + net, empty[t]);
            }
            lines.add(String.format(Locale.ROOT, "| %d ns | %d/%d | %+.1f | %.1f | %.3f | %.3f | %.3f-%.3f |", ns, mine,
                    trials, Percentiles.median(err), Percentiles.median(half), Percentiles.median(rawUs),
                    Percentiles.median(empty), min(empty), max(empty)));
            held += mine;
            all += trials;
        }
        lines.add(String.format(Locale.ROOT, "all: %d/%d (%.1f%%) net intervals hold the asked time (goal: 1 ms >= 18/20, "
                + "all >= 90%%)", held, all, 100.0 * held / all));
        lines.addAll(contexts(engine, k, timer, raw));
        return lines;
    }

    /** The empty kernel's reading beside 1 and 2 ms spins in compare, each side's net against its truth. */
    private static List<String> contexts(SnsEngine engine, CalibrationGpuMain.Kernels k, TimerKind timer, PrintWriter raw) {
        List<String> lines = new ArrayList<>();
        Workload one = k.spin(1_000_000);
        Workload two = k.spin(2_000_000);
        int trials = 5;
        double[] empty = new double[trials];
        int heldC = 0;
        int heldB = 0;
        int heldRatio = 0;
        for (int t = 0; t < trials; t++) {
            ComparisonResult c = engine.compare(one, two, oneLaunch(timer, "1 ms vs 2 ms", t).build());
            empty[t] = c.candidate().launchOverheadMillis() * 1e3;
            heldC += c.candidate().netIntervalMillis().map(i -> i.contains(1.0)).orElse(false) ? 1 : 0;
            heldB += c.baseline().netIntervalMillis().map(i -> i.contains(2.0)).orElse(false) ? 1 : 0;
            heldRatio += c.netSpeedupInterval().map(i -> i.contains(2.0)).orElse(false) ? 1 : 0;
            raw.println(String.join(";", "context", Integer.toString(t), Double.toString(c.candidate().launchOverheadMillis()),
                    Double.toString(c.candidate().netMedianMillis()), Double.toString(c.baseline().netMedianMillis()),
                    Double.toString(c.netSpeedup())));
        }
        lines.add(String.format(Locale.ROOT, "empty kernel inside Sns.compare of 1 ms vs 2 ms spins (one launch per sample, "
                        + "%d calls): median %.3f us, %.3f-%.3f (compare with the measure column above; on the H200 before "
                        + "the fix: 2.88-2.98 us in measure, 3.52-3.58 us in compare); net intervals holding 1 ms %d/%d, 2 ms "
                        + "%d/%d, the net speedup holding 2.0 %d/%d", trials, Percentiles.median(empty), min(empty),
                max(empty), heldC, trials, heldB, trials, heldRatio, trials));
        return lines;
    }

    static List<String> abba(SnsEngine engine, CalibrationGpuMain.Kernels k, int runs, int trials, TimerKind timer,
                             PrintWriter raw) {
        List<String> lines = new ArrayList<>();
        lines.add("back-to-back Sns.compare (defaults: interleaved, inner reps automatic), " + runs + " runs x " + trials
                + " trials: net (and raw) speedup intervals holding the true ratio");
        long[][] pairs = {{10_000, 11_500}, {5_000, 6_000}};
        int[] heldNet = new int[pairs.length];
        int[] heldRaw = new int[pairs.length];
        int all = 0;
        for (int run = 0; run < runs; run++) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "run %d:", run + 1));
            for (int p = 0; p < pairs.length; p++) {
                double truth = (double) pairs[p][1] / pairs[p][0];
                Workload c = k.spin(pairs[p][0]);
                Workload b = k.spin(pairs[p][1]);
                int net = 0;
                int rawHeld = 0;
                for (int t = 0; t < trials; t++) {
                    SnsOptions o = SnsOptions.defaults().toBuilder().timer(timer).name(pairs[p][0] + " vs " + pairs[p][1])
                            .seed(BootstrapSettings.DEFAULT_SEED + 1000L * run + t).build();
                    ComparisonResult r = engine.compare(c, b, o);
                    boolean n = r.netSpeedupInterval().map(i -> i.contains(truth)).orElse(false);
                    net += n ? 1 : 0;
                    rawHeld += r.speedupInterval().contains(truth) ? 1 : 0;
                    raw.println(String.join(";", "abba", Integer.toString(run), Integer.toString(p), Integer.toString(t),
                            Double.toString(r.speedup()), Double.toString(r.netSpeedup()),
                            r.netSpeedupInterval().map(i -> i.lower() + ";" + i.upper()).orElse(";")));
                    System.out.printf(Locale.ROOT, "abba run %d %s trial %d: net %.4f %s%n", run + 1, o.name(), t,
                            r.netSpeedup(), n ? "held" : "MISSED " + r.netSpeedupInterval().orElse(null));
                }
                heldNet[p] += net;
                heldRaw[p] += rawHeld;
                line.append(String.format(Locale.ROOT, "  %d vs %d ns (%.3f): net %d/%d, raw %d/%d;", pairs[p][0],
                        pairs[p][1], truth, net, trials, rawHeld, trials));
            }
            all += trials;
            lines.add(line.toString());
        }
        for (int p = 0; p < pairs.length; p++) {
            lines.add(String.format(Locale.ROOT, "%d vs %d ns over %d runs: net %d/%d (%.1f%%; goal >= 95%%), raw %d/%d",
                    pairs[p][0], pairs[p][1], runs, heldNet[p], all, 100.0 * heldNet[p] / all, heldRaw[p], all));
        }
        return lines;
    }

    private static double min(double[] v) {
        double m = Double.POSITIVE_INFINITY;
        for (double x : v) {
            m = Math.min(m, x);
        }
        return m;
    }

    private static double max(double[] v) {
        double m = Double.NEGATIVE_INFINITY;
        for (double x : v) {
            m = Math.max(m, x);
        }
        return m;
    }
}
