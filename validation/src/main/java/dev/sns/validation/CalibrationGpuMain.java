package dev.sns.validation;

import dev.sns.SelfCheck;
import dev.sns.Sns;
import dev.sns.SnsEngine;
import dev.sns.Workload;
import dev.sns.benchmarks.SampleKernels;
import dev.sns.gpu.cuda.CudaContext;
import dev.sns.model.ComparisonResult;
import dev.sns.model.TimingResult;
import dev.sns.options.SnsOptions;
import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.FewClusterCorrection;
import dev.sns.stats.HierarchicalBootstrap;
import dev.sns.stats.Interval;
import dev.sns.stats.Percentiles;
import dev.sns.stats.QuantizationFloor;
import dev.sns.stats.ResamplingPlan;
import dev.sns.timing.TimerKind;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The H200 evidence of issue 12 ("calibrated, not only conservative"), in one run that prints compact
 * tables and writes every raw sample under {@code --out}:
 * <ol>
 *   <li>A/A comparisons through {@code Sns.compare} (memory-, launch- and compute-bound work): how
 *       often the 95% speedup interval holds 1 and how wide it is against the spread of the
 *       speedups, with the interval computed now and, from the same samples, as before;</li>
 *   <li>20 back-to-back {@code Sns.measure} calls of a 10 us spin kernel: the spread of their
 *       medians against what each call's interval claims, before (old defaults and estimator) and
 *       after (new defaults; this host's repeatability from the self-check, then 20 calls carrying
 *       it);</li>
 *   <li>precision per GPU-second (the sd of 20 calls' medians, scaled to one second of calls) for
 *       short, medium and long kernels under each set of options named by {@code --configs};</li>
 *   <li>not by default, issue 26.1 ({@link NetCheck}): {@code net}, spins of 2 us to 1 ms through
 *       {@code Sns.measure} at one launch per sample, {@code --calls} trials each, how many net
 *       intervals hold the asked time, and the empty kernel's reading in measure and compare;
 *       {@code abba}, {@code --runs} runs of {@code --calls} back-to-back {@code Sns.compare} trials of
 *       10 vs 11.5 us and 5 vs 6 us spins, how many net speedup intervals hold the true ratio.</li>
 *   <li>{@code adaptive} (issue 26.6, not in the default parts): spin 10 us, spin 100 us and a 256 MiB
 *       copy, {@code --acalls} calls each with the fixed defaults, with {@code halfWidth} at the
 *       precision the fixed defaults reached (today's default interval width), and with
 *       {@code halfWidth=0.5%}: the samples' GPU time and each call's wall time each way, the precision
 *       reached, why sampling stopped, and on the copy the precision per GPU-second against
 *       {@code triton.testing.do_bench} ({@code scripts/peers/copy_do_bench.py}).</li>
 * </ol>
 * <pre>
 * java -cp sns-validation.jar dev.sns.validation.CalibrationGpuMain --out DIR [--aa 54] [--calls 20] [--pcalls 20]
 *      [--kernels short,medium,long] [--configs old,new,key=value/key=value] [--parts aa,repeat,precision,net,abba,adaptive]
 *      [--runs 5] [--acalls 10] [--python python3] [--peers scripts/peers/copy_do_bench.py] [--dry]
 * </pre>
 * {@code --sections} is another name for {@code --parts}.
 * {@code --dry} runs every part on the CPU (busy loops on the wall clock) to check the program
 * before it spends GPU time. Never changes the GPU's clocks: every option set here leaves
 * {@code clocks=unlocked}.
 */
public final class CalibrationGpuMain {
    /** The defaults before issue 12, spelled out (they are no longer the defaults). */
    static final SnsOptions OLD = SnsOptions.builder().warmup(200).minWarmupMs(0).iterations(100).windows(10).build();
    /** CUDA events, or the wall clock for a dry run on the CPU. */
    private static TimerKind timer = TimerKind.CUDA;

    private CalibrationGpuMain() {}

    public static void main(String[] args) throws IOException {
        Path out = Paths.get("calibration-out");
        int aaTrials = 54;
        int calls = 20;
        int precisionCalls = 20;
        List<String> kernels = List.of("short", "medium", "long");
        List<String> configs = List.of("old", "new");
        List<String> parts = List.of("aa", "repeat", "precision");
        int runs = 5;
        int adaptiveCalls = 10;
        String python = "python3";
        String peers = "scripts/peers/copy_do_bench.py";
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--out" -> out = Paths.get(args[++i]);
                case "--aa" -> aaTrials = Integer.parseInt(args[++i]);
                case "--calls" -> calls = Integer.parseInt(args[++i]);
                case "--pcalls" -> precisionCalls = Integer.parseInt(args[++i]);
                case "--kernels" -> kernels = Arrays.asList(args[++i].split(","));
                case "--configs" -> configs = Arrays.asList(args[++i].split(","));
                case "--parts", "--sections" -> parts = Arrays.asList(args[++i].split(","));
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--acalls" -> adaptiveCalls = Integer.parseInt(args[++i]);
                case "--python" -> python = args[++i];
                case "--peers" -> peers = args[++i];
                case "--dry" -> timer = TimerKind.WALL;
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (timer != TimerKind.WALL) {
            GpuRequired.orExit("calibration", "--dry runs every part on the CPU");
        }
        Files.createDirectories(out);
        SnsEngine engine = Sns.engine();
        Kernels k = timer == TimerKind.WALL ? new CpuKernels() : new GpuKernels();
        List<String> summary = new ArrayList<>();
        long t0 = System.nanoTime();
        try (PrintWriter raw = new PrintWriter(Files.newBufferedWriter(out.resolve("raw.txt")), true)) {
            if (parts.contains("aa")) {
                summary.addAll(aa(engine, k, aaTrials, raw));
            }
            if (parts.contains("repeat")) {
                summary.addAll(repeat(engine, k, calls, raw));
            }
            if (parts.contains("precision")) {
                summary.addAll(precision(engine, k, precisionCalls, kernels, configs, raw));
            }
            if (parts.contains("net")) {
                summary.addAll(NetCheck.net(engine, k, calls, timer, raw));
            }
            if (parts.contains("abba")) {
                summary.addAll(NetCheck.abba(engine, k, runs, calls, timer, raw));
            }
            if (parts.contains("adaptive")) {
                summary.addAll(AdaptivePrecision.table(engine, k, adaptiveCalls, python, peers, raw));
            }
        }
        summary.add(String.format(Locale.ROOT, "total %.1f s", (System.nanoTime() - t0) / 1e9));
        System.out.println();
        summary.forEach(System.out::println);
        Files.write(out.resolve("summary.txt"), summary);
    }

    /** Options by name: old (the defaults before issue 12), new (the defaults now), or key=value;... text. */
    static SnsOptions options(String name) {
        if (name.equals("old")) {
            return OLD.toBuilder().timer(timer).build();
        }
        SnsOptions.Builder b = SnsOptions.defaults().toBuilder().timer(timer);
        if (!name.equals("new")) {
            for (String kv : name.split("/")) {
                String[] p = kv.split("=", 2);
                b.set(p[0], p[1]);
            }
        }
        return b.build();
    }

    // ---------------------------------------------------------------- A/A

    private static List<String> aa(SnsEngine engine, Kernels k, int trials, PrintWriter raw) {
        List<String> lines = new ArrayList<>();
        lines.add("A/A through Sns.compare (new defaults, launchOverhead=false): 95% intervals of a true speedup of 1");
        lines.add("| work | trials | coverage now | width/ideal now | coverage before | width/ideal before | sd of speedups "
                + "| median width now | s per compare | sd x sqrt(s) |");
        lines.add("|---|---|---|---|---|---|---|---|---|---|");
        Map<String, Workload> works = new LinkedHashMap<>();
        works.put("copy 256 MiB (memory)", k.copy(64L << 20));
        works.put("spin 5 us (launch)", k.spin(5_000));
        works.put("FMA loop (compute)", k.fma(16_384));
        int allNow = 0;
        int allBefore = 0;
        int all = 0;
        for (Map.Entry<String, Workload> e : works.entrySet()) {
            double[] s = new double[trials];
            double[] wNow = new double[trials];
            double[] wBefore = new double[trials];
            int now = 0;
            int before = 0;
            double seconds = 0;
            for (int t = 0; t < trials; t++) {
                SnsOptions o = options("new").toBuilder().launchOverhead(false).name(e.getKey())
                        .seed(BootstrapSettings.DEFAULT_SEED + t).build();
                long c0 = System.nanoTime();
                ComparisonResult c = engine.compare(e.getValue(), e.getValue(), o);
                seconds += (System.nanoTime() - c0) / 1e9;
                Interval old = comparedBefore(c, o.bootstrap());
                s[t] = c.speedup();
                wNow[t] = c.speedupInterval().width();
                wBefore[t] = old.width();
                now += c.speedupInterval().contains(1.0) ? 1 : 0;
                before += old.contains(1.0) ? 1 : 0;
                raw.println(String.join(";", "aa", e.getKey(), Integer.toString(t), num(c.speedup()),
                        num(c.speedupInterval().lower()), num(c.speedupInterval().upper()), num(old.lower()),
                        num(old.upper()), ints(c.candidate().windowIds()), nums(c.candidate().samplesMillis()),
                        nums(c.baseline().samplesMillis())));
                System.out.printf(Locale.ROOT, "aa %s %d: %.5f [%.5f, %.5f] before [%.5f, %.5f] %.2f s%n", e.getKey(), t,
                        c.speedup(), c.speedupInterval().lower(), c.speedupInterval().upper(), old.lower(), old.upper(),
                        (System.nanoTime() - c0) / 1e9);
            }
            double sd = sd(s);
            double ideal = 2 * 1.959964 * sd;
            double perCall = seconds / trials;
            lines.add(String.format(Locale.ROOT, "| %s | %d | %d/%d (%.1f%%) | %.2f | %d/%d (%.1f%%) | %.2f | %.5f | %.5f | %.3f "
                            + "| %.5f%% |", e.getKey(), trials, now, trials, 100.0 * now / trials,
                    Percentiles.median(wNow) / ideal, before, trials, 100.0 * before / trials,
                    Percentiles.median(wBefore) / ideal, sd, Percentiles.median(wNow), perCall,
                    100 * sd * Math.sqrt(perCall)));
            allNow += now;
            allBefore += before;
            all += trials;
        }
        lines.add(String.format(Locale.ROOT, "all: now %d/%d (%.1f%%), before %d/%d (%.1f%%)", allNow, all,
                100.0 * allNow / all, allBefore, all, 100.0 * allBefore / all));
        return lines;
    }

    /**
     * The speedup interval as it was computed before issue 12, from the same samples: windows, then
     * rounds within them, both drawn with replacement; widened for few windows (none from 30 on);
     * floored at one timer step.
     */
    static Interval comparedBefore(ComparisonResult c, BootstrapSettings bs) {
        double[] x = c.candidate().samplesMillis();
        double[] y = c.baseline().samplesMillis();
        int[] w = c.candidate().windowIds();
        ResamplingPlan.Builder p = ResamplingPlan.builder(ResamplingPlan.Level.CLUSTER, ResamplingPlan.Level.CLUSTER,
                ResamplingPlan.Level.STRATUM);
        for (int i = 0; i < x.length; i++) {
            p.add(0, x[i], w[i], i, 0);
            p.add(1, y[i], w[i], i, 1);
        }
        Interval iv = HierarchicalBootstrap.ratioInterval(p.build(), bs);
        double point = c.speedup();
        int windows = c.candidate().windowCount();
        if (windows >= 2 && windows < 30) {
            double center = iv.contains(point) ? point : Math.sqrt(iv.lower() * iv.upper());
            iv = FewClusterCorrection.widenRatio(iv, center, windows);
        }
        return QuantizationFloor.atLeast(iv, QuantizationFloor.ratioStep(point, c.candidate().medianMillis(),
                c.candidate().timerStepMillis()));
    }

    /** A median's interval as it was computed before issue 12: windows, then samples; floored at one step. */
    static Interval measuredBefore(TimingResult r, BootstrapSettings bs) {
        double[] x = r.samplesMillis();
        int[] w = r.windowIds();
        if (r.windowCount() < 2) {
            return r.intervalMillis();
        }
        ResamplingPlan.Builder p = ResamplingPlan.builder(ResamplingPlan.Level.CLUSTER);
        for (int i = 0; i < x.length; i++) {
            p.add(0, x[i], w[i]);
        }
        return QuantizationFloor.atLeast(HierarchicalBootstrap.medianInterval(p.build(), bs), r.timerStepMillis());
    }

    // ---------------------------------------------------------------- 20 calls

    private static List<String> repeat(SnsEngine engine, Kernels k, int calls, PrintWriter raw) {
        List<String> lines = new ArrayList<>();
        Workload spin = k.spin(10_000);
        lines.add("");
        lines.add(calls + " back-to-back Sns.measure calls of a 10 us spin kernel: does a call's interval hold the median "
                + "of the medians (raw reading; net of launch overhead in brackets)?");
        lines.add("| options | medians, us | sd of medians | net sd | overhead, us | one call's interval, +- | "
                + "calls holding the typical median | repeat interval, +- | repeat intervals holding it | s per call |");
        lines.add("|---|---|---|---|---|---|---|---|---|---|");
        List<Call> before = calls(engine, "old", spin, "spin 10 us", calls, options("old"), raw);
        lines.add(row("before: old defaults, old interval", before, true));
        lines.add(row("before: old defaults, new interval", before, false));
        SnsOptions now = options("new");
        SelfCheck.Repeat check = SelfCheck.repeatability(engine, "spin 10 us", spin, now, calls, System.out::println);
        double sdPct = check.repeatSdPct();
        List<Call> after = calls(engine, "new+repeat", spin, "spin 10 us", calls,
                now.toBuilder().repeatSdPct(sdPct).build(), raw);
        lines.add(row(String.format(Locale.ROOT, "after: new defaults, repeatSdPct=%.3f from the self-check", sdPct),
                after, false));
        lines.add("self-check: " + check.line());
        lines.add("one call before: " + before.get(0).result());
        lines.add("one call after: " + after.get(0).result());
        return lines;
    }

    /** One Sns.measure call with its wall time. */
    record Call(TimingResult result, double seconds, Interval before) {}

    static List<Call> calls(SnsEngine engine, String config, Workload w, String name, int n, SnsOptions o,
                                    PrintWriter raw) {
        List<Call> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long c0 = System.nanoTime();
            TimingResult r = engine.measure(w, o.toBuilder().name(name).build());
            double s = (System.nanoTime() - c0) / 1e9;
            Interval before = measuredBefore(r, o.bootstrap());
            out.add(new Call(r, s, before));
            raw.println(String.join(";", "measure", config, name, Integer.toString(i), num(s),
                    Integer.toString(r.innerReps()), num(r.launchOverheadMillis()), num(r.medianMillis()),
                    num(r.intervalMillis().lower()), num(r.intervalMillis().upper()), num(before.lower()),
                    num(before.upper()), num(r.timerStepMillis()), num(r.smClockMeanMhz()), ints(r.windowIds()),
                    nums(r.samplesMillis())));
            System.out.printf(Locale.ROOT, "measure %s %s %d: %s (%.3f s, innerReps %d, step %.3g ns/call)%n", config,
                    name, i, r, s, r.innerReps(), r.timerStepMillis() * 1e6);
        }
        return out;
    }

    private static String row(String label, List<Call> calls, boolean oldInterval) {
        double[] med = calls.stream().mapToDouble(c -> c.result().medianMillis()).toArray();
        double[] net = calls.stream().mapToDouble(c -> c.result().netMedianMillis()).toArray();
        double[] ovh = calls.stream().mapToDouble(c -> c.result().launchOverheadMillis()).toArray();
        double typical = Percentiles.median(med);
        int holding = 0;
        int repeatHolding = 0;
        double[] half = new double[calls.size()];
        double[] repeatHalf = new double[calls.size()];
        boolean anyRepeat = false;
        for (int i = 0; i < calls.size(); i++) {
            Call c = calls.get(i);
            Interval iv = oldInterval ? c.before() : c.result().intervalMillis();
            holding += iv.contains(typical) ? 1 : 0;
            half[i] = iv.width() / 2 / c.result().medianMillis();
            var rep = c.result().repeatIntervalMillis();
            if (rep.isPresent()) {
                anyRepeat = true;
                repeatHolding += rep.get().contains(typical) ? 1 : 0;
                repeatHalf[i] = rep.get().width() / 2 / c.result().medianMillis();
            }
        }
        double seconds = calls.stream().mapToDouble(Call::seconds).average().orElse(Double.NaN);
        return String.format(Locale.ROOT, "| %s | %.3f-%.3f | %.3f%% | %.3f%% | %.3f-%.3f | %.3f%% | %d/%d | %s | %s | %.3f |",
                label, 1e3 * Arrays.stream(med).min().orElse(0), 1e3 * Arrays.stream(med).max().orElse(0),
                100 * sdRel(med), 100 * sdRel(net), 1e3 * Arrays.stream(ovh).min().orElse(0),
                1e3 * Arrays.stream(ovh).max().orElse(0), 100 * Percentiles.median(half), holding, calls.size(),
                anyRepeat ? String.format(Locale.ROOT, "%.3f%%", 100 * Percentiles.median(repeatHalf)) : "-",
                anyRepeat ? repeatHolding + "/" + calls.size() : "-", seconds);
    }

    // ---------------------------------------------------------------- precision per GPU-second

    private static List<String> precision(SnsEngine engine, Kernels k, int calls, List<String> kernels,
                                          List<String> configs, PrintWriter raw) {
        List<String> lines = new ArrayList<>();
        lines.add("");
        lines.add("Precision per GPU-second: sd of " + calls + " calls' medians (% of the median) x sqrt(seconds per call); "
                + "lower is better");
        lines.add(windowCost(engine));
        lines.add("| kernel | options | median | s per call | sd of medians | sd x sqrt(s) | net sd x sqrt(s) | one call's "
                + "interval, +- |");
        lines.add("|---|---|---|---|---|---|---|---|");
        Map<String, Workload> works = new LinkedHashMap<>();
        if (kernels.contains("short")) {
            works.put("short: spin 10 us", k.spin(10_000));
        }
        if (kernels.contains("medium")) {
            works.put("medium: copy 256 MiB", k.copy(64L << 20));
        }
        if (kernels.contains("long")) {
            works.put("long: FMA loop x2", k.fma(16_384 * 2));
        }
        for (Map.Entry<String, Workload> e : works.entrySet()) {
            for (String config : configs) {
                SnsOptions o = options(config);
                List<Call> cs = calls(engine, config, e.getValue(), e.getKey(), calls, o, raw);
                double[] med = cs.stream().mapToDouble(c -> c.result().medianMillis()).toArray();
                double[] net = cs.stream().mapToDouble(c -> c.result().netMedianMillis()).toArray();
                double s = cs.stream().mapToDouble(Call::seconds).average().orElse(Double.NaN);
                double[] half = cs.stream().mapToDouble(c -> c.result().intervalMillis().width() / 2
                        / c.result().medianMillis()).toArray();
                lines.add(String.format(Locale.ROOT, "| %s | %s | %.4g ms | %.3f | %.3f%% | %.4f%% | %.4f%% | %.3f%% |",
                        e.getKey(), config, Percentiles.median(med), s, 100 * sdRel(med), 100 * sdRel(med) * Math.sqrt(s),
                        100 * sdRel(net) * Math.sqrt(s), 100 * Percentiles.median(half)));
            }
        }
        return lines;
    }

    /** What one window's telemetry brackets cost (begin and end, no work inside): the GPU waits meanwhile. */
    /** The median of the last {@link #windowCost} measurement, in ms (NaN before one or where it failed). */
    static double lastWindowCostMillis = Double.NaN;

    static String windowCost(SnsEngine engine) {
        try (var telemetry = engine.timers().openTelemetry(options("new"))) {
            double[] ms = new double[21];
            for (int i = 0; i < ms.length; i++) {
                long c0 = System.nanoTime();
                telemetry.beginWindow();
                telemetry.endWindow();
                ms[i] = (System.nanoTime() - c0) / 1e6;
            }
            double[] steady = Arrays.copyOfRange(ms, 1, ms.length);
            lastWindowCostMillis = Percentiles.median(steady);
            return String.format(Locale.ROOT, "window telemetry (%s): begin+end %.2f ms median, %.2f-%.2f ms",
                    telemetry.describe(), Percentiles.median(steady), Arrays.stream(steady).min().orElse(0),
                    Arrays.stream(steady).max().orElse(0));
        } catch (Exception e) {
            return "window telemetry cost: not measured (" + e + ")";
        }
    }

    // ---------------------------------------------------------------- helpers

    /** The work of every part. */
    interface Kernels {
        /** One thread spinning {@code nanos} on the GPU's clock. */
        Workload spin(long nanos);

        /** A grid-stride copy of {@code floats} floats (memory-bound). */
        Workload copy(long floats);

        /** Fused multiply-adds on registers, {@code iters} steps per thread (compute-bound). */
        Workload fma(int iters);
    }

    /** The kernels, on device 0. */
    static final class GpuKernels implements Kernels {
        final CudaContext ctx = CudaContext.primary(0);

        @Override
        public Workload spin(long nanos) {
            return SampleKernels.spin(ctx, nanos);
        }

        @Override
        public Workload copy(long floats) {
            return SampleKernels.copy(ctx, floats);
        }

        @Override
        public Workload fma(int iters) {
            return SampleKernels.fma(ctx, iters);
        }
    }

    /** Busy loops on the CPU standing in for the kernels, scaled down, for a dry run. */
    static final class CpuKernels implements Kernels {
        private static volatile long sink;

        private static Workload busy(long nanos) {
            return s -> {
                long end = System.nanoTime() + nanos;
                long n = 0;
                while (System.nanoTime() < end) {
                    n++;
                }
                sink += n;
            };
        }

        @Override
        public Workload spin(long nanos) {
            return busy(nanos);
        }

        @Override
        public Workload copy(long floats) {
            return busy(floats / 100_000);
        }

        @Override
        public Workload fma(int iters) {
            return busy(iters * 30L);
        }
    }

    static double sd(double[] v) {
        double m = Arrays.stream(v).average().orElse(Double.NaN);
        double ss = 0;
        for (double x : v) {
            ss += (x - m) * (x - m);
        }
        return Math.sqrt(ss / (v.length - 1));
    }

    static double sdRel(double[] v) {
        return sd(v) / Arrays.stream(v).average().orElse(Double.NaN);
    }

    private static String num(double v) {
        return Double.toString(v);
    }

    private static String nums(double[] v) {
        StringJoiner j = new StringJoiner(" ");
        for (double x : v) {
            j.add(Double.toString(x));
        }
        return j.toString();
    }

    private static String ints(int[] v) {
        StringJoiner j = new StringJoiner(" ");
        for (int x : v) {
            j.add(Integer.toString(x));
        }
        return j.toString();
    }
}
