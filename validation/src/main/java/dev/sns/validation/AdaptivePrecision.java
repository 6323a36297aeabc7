package dev.sns.validation;

import dev.sns.SnsEngine;
import dev.sns.Workload;
import dev.sns.model.SamplingStop;
import dev.sns.options.SnsOptions;
import dev.sns.stats.Percentiles;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The adaptive-precision part of {@link CalibrationGpuMain} ({@code --parts adaptive}), issue 26.6's
 * evidence in one table: per kernel, {@code calls} calls of {@code Sns.measure} with the fixed
 * defaults, with {@code halfWidth} at the precision those reached (the median over the calls: today's
 * default interval width), and with {@code halfWidth=0.5%}; the samples' GPU time, the windows a call
 * took and their cost (each window's telemetry brackets, measured here, while the GPU waits), and each
 * call's wall time each way; then the side-by-side table issue 26 asks for (fixed defaults against
 * {@code halfWidth} at their own width: the GPU time ratio, goal at most 0.5x, with and without the
 * windows' cost, the wall ratio, and the precision per GPU-second); and, on the copy, the precision
 * per GPU-second against {@code triton.testing.do_bench} measured beside it (goal: at least 10x).
 *
 * <p>Precision per GPU-second: a reading's variance times the seconds it cost, inverted: for
 * {@code sd} the spread of the calls' medians (a fraction of their mean) and {@code s} the seconds one
 * call takes, {@code 1 / (sd^2 s)}; the ratio of two is {@code (sd_b^2 s_b) / (sd_a^2 s_a)} (how much
 * longer b must run to read as precisely as a).
 */
final class AdaptivePrecision {
    /** The target of the third configuration: NVBench's default relative noise, as a half-width of the median. */
    static final String DEFAULT_TARGET = "0.5%";
    /**
     * The cap of the adaptive configurations here: 1 s of samples (the option's default is 10 s), so
     * that the whole part stays under four minutes even where a target is never reached.
     */
    static final String CAP = "/maxSamplingMs=1000";

    private AdaptivePrecision() {}

    /**
     * One configuration's calls, summarized (medians over the calls).
     *
     * @param gpuMs the samples' GPU time
     * @param seconds one call's wall time (mean)
     * @param reached the precision reached (half-width over the median)
     * @param sdRel the spread of the calls' medians, a fraction of their mean
     * @param windows the windows a call took
     * @param windowMs the GPU's idle time the windows cost: windows x one window's telemetry brackets
     *     (begin and end, measured in this run; the stream switch and the drain's sync not counted)
     */
    record Row(String kernel, String config, double gpuMs, double seconds, double reached, double sdRel,
               String stops, double n, double windows, double windowMs) {
        double efficiency() {
            return 1 / (sdRel * sdRel * seconds);
        }

        /** The samples' GPU time with the windows' cost. */
        double heldMs() {
            return gpuMs + (Double.isNaN(windowMs) ? 0 : windowMs);
        }

        /** Precision per GPU-second from the precision reached: {@code 1 / (reached^2 x held seconds)}. */
        double perGpuSecond() {
            return 1 / (reached * reached * heldMs() / 1e3);
        }
    }

    static List<String> table(SnsEngine engine, CalibrationGpuMain.Kernels k, int calls, String python, String peers,
                              PrintWriter raw) {
        Map<String, Workload> works = new LinkedHashMap<>();
        works.put("spin 10 us", k.spin(10_000));
        works.put("spin 100 us", k.spin(100_000));
        works.put("copy 256 MiB", k.copy(64L << 20));
        List<String> lines = new ArrayList<>();
        String cost = CalibrationGpuMain.windowCost(engine);
        double windowMs = CalibrationGpuMain.lastWindowCostMillis;
        lines.add("");
        lines.add("Adaptive precision (halfWidth): " + calls + " calls of Sns.measure each way; GPU ms = the samples' "
                + "GPU time (median per call), + windows = with each window's telemetry brackets (" + cost + "), "
                + "s = one call's wall time (warm-up, calibration, overhead probe in)");
        lines.add("| kernel | options | stops | n | windows | GPU ms | GPU ms + windows | s per call | precision reached "
                + "| sd of medians | GPU vs fixed | GPU + windows vs fixed | s vs fixed |");
        lines.add("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        List<Row> copyRows = new ArrayList<>();
        List<String> side = new ArrayList<>();
        side.add("");
        side.add("Side by side, at the fixed defaults' own width (goal: GPU time at most 0.5x; precision per GPU-second "
                + "= 1 / (half-width^2 x GPU s with the windows' cost)):");
        side.add("| kernel | fixed: n, +-%, GPU ms | halfWidth at that width: n, +-%, GPU ms | GPU time ratio "
                + "| with windows' cost | wall ratio | precision per GPU-second, adaptive / fixed | goal |");
        side.add("|---|---|---|---|---|---|---|---|");
        for (Map.Entry<String, Workload> e : works.entrySet()) {
            Row fixed = run(engine, e.getKey(), "fixed defaults", e.getValue(), CalibrationGpuMain.options("new"), calls,
                    windowMs, raw);
            String today = String.format(Locale.ROOT, "%.4g%%", 100 * fixed.reached());
            Row same = run(engine, e.getKey(), "halfWidth=" + today, e.getValue(),
                    CalibrationGpuMain.options("halfWidth=" + today + CAP), calls, windowMs, raw);
            Row dflt = run(engine, e.getKey(), "halfWidth=" + DEFAULT_TARGET, e.getValue(),
                    CalibrationGpuMain.options("halfWidth=" + DEFAULT_TARGET + CAP), calls, windowMs, raw);
            for (Row r : List.of(fixed, same, dflt)) {
                lines.add(String.format(Locale.ROOT, "| %s | %s | %s | %.0f | %.0f | %.3f | %.3f | %.3f | +-%.4f%% "
                                + "| %.4f%% | %.2fx | %.2fx | %.2fx |",
                        r.kernel(), r.config(), r.stops(), r.n(), r.windows(), r.gpuMs(), r.heldMs(), r.seconds(),
                        100 * r.reached(), 100 * r.sdRel(), r.gpuMs() / fixed.gpuMs(), r.heldMs() / fixed.heldMs(),
                        r.seconds() / fixed.seconds()));
            }
            double ratio = same.gpuMs() / fixed.gpuMs();
            side.add(String.format(Locale.ROOT, "| %s | %.0f, +-%.4f%%, %.2f | %.0f, +-%.4f%%, %.2f | %.2fx | %.2fx "
                            + "| %.2fx | %.2fx | %s |",
                    e.getKey(), fixed.n(), 100 * fixed.reached(), fixed.gpuMs(), same.n(), 100 * same.reached(),
                    same.gpuMs(), ratio, same.heldMs() / fixed.heldMs(), same.seconds() / fixed.seconds(),
                    same.perGpuSecond() / fixed.perGpuSecond(), ratio <= 0.5 ? "met" : "NOT met"));
            if (e.getKey().startsWith("copy")) {
                copyRows.addAll(List.of(fixed, same, dflt));
            }
        }
        lines.addAll(side);
        lines.addAll(doBench(python, peers, calls, copyRows));
        return lines;
    }

    private static Row run(SnsEngine engine, String kernel, String config, Workload w, SnsOptions o, int calls,
                           double windowMs, PrintWriter raw) {
        List<CalibrationGpuMain.Call> cs = CalibrationGpuMain.calls(engine, config, w, kernel, calls, o, raw);
        double[] gpu = cs.stream().mapToDouble(c -> c.result().samplingGpuMillis()).toArray();
        double[] reached = cs.stream().mapToDouble(c -> c.result().precisionFraction()).toArray();
        double[] med = cs.stream().mapToDouble(c -> c.result().medianMillis()).toArray();
        double[] n = cs.stream().mapToDouble(c -> c.result().n()).toArray();
        double[] windows = cs.stream().mapToDouble(c -> Arrays.stream(c.result().windowIds()).distinct().count())
                .toArray();
        double s = cs.stream().mapToDouble(CalibrationGpuMain.Call::seconds).average().orElse(Double.NaN);
        Map<SamplingStop, Integer> stops = new EnumMap<>(SamplingStop.class);
        cs.forEach(c -> stops.merge(c.result().samplingStop(), 1, Integer::sum));
        String said = stops.entrySet().stream().map(x -> x.getKey().words() + " " + x.getValue())
                .collect(Collectors.joining(", "));
        double wins = Percentiles.median(windows);
        return new Row(kernel, config, Percentiles.median(gpu), s, Percentiles.median(reached),
                CalibrationGpuMain.sdRel(med), said, Percentiles.median(n), wins, wins * windowMs);
    }

    /** do_bench on the same copy, beside sns's rows: its spread, its seconds, and the ratio of precision per GPU-second. */
    private static List<String> doBench(String python, String peers, int calls, List<Row> copyRows) {
        List<String> lines = new ArrayList<>();
        List<Double> med = new ArrayList<>();
        List<Double> sec = new ArrayList<>();
        try {
            for (String line : ChildProcess.output(List.of(python, peers, Integer.toString(calls),
                    Long.toString(64L << 20)), 300)) {
                String[] p = line.trim().split("\\s+");
                if (p.length == 5 && p[0].equals("do_bench")) {
                    med.add(Double.parseDouble(p[3]));
                    sec.add(Double.parseDouble(p[4]));
                } else {
                    lines.add("   do_bench: " + line);
                }
            }
        } catch (Exception e) {
            lines.add("do_bench not run (" + e + "): no ratio");
            return lines;
        }
        if (med.size() < 3) {
            lines.add("do_bench gave " + med.size() + " readings: no ratio");
            return lines;
        }
        double sd = CalibrationGpuMain.sdRel(med.stream().mapToDouble(Double::doubleValue).toArray());
        double s = sec.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        double dob = 1 / (sd * sd * s);
        lines.add(String.format(Locale.ROOT, "copy 256 MiB, do_bench (torch copy_, %d calls): median %.4g ms, sd of "
                + "medians %.4f%%, %.3f s per call", med.size(), Percentiles.median(
                        med.stream().mapToDouble(Double::doubleValue).toArray()), 100 * sd, s));
        for (Row r : copyRows) {
            lines.add(String.format(Locale.ROOT, "precision per GPU-second, sns %s / do_bench: %.1fx (goal >= 10x)",
                    r.config(), r.efficiency() / dob));
        }
        return lines;
    }
}
