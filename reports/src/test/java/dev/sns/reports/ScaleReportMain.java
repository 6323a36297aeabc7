package dev.sns.reports;

import dev.sns.reports.html.HtmlReportFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A run report of N benchmarks for measuring the page at scale ({@code scripts/page-load.sh}):
 * {@code java -cp <test classpath> dev.sns.reports.ScaleReportMain N cpu|gpu DIR} writes DIR/report.html
 * (and results.json). "cpu" is the CPU suite shape (JMH iterations: 5 forks x 5 iterations,
 * tier B, no clock evidence); "gpu" adds 3 forks x 5 windows x 40 samples and 60 SM clock readings.
 * Deterministic (seeded).
 */
public final class ScaleReportMain {
    private ScaleReportMain() {}

    public static void main(String[] args) throws IOException {
        int n = Integer.parseInt(args[0]);
        boolean gpu = args.length > 1 && args[1].equals("gpu");
        Path dir = Paths.get(args.length > 2 ? args[2] : "target/scale-" + n);
        RunReport r = report(n, gpu);
        Files.createDirectories(dir);
        HtmlReportFormat.writePage(r, dir.resolve("report.html"));
        Files.writeString(dir.resolve("results.json"), JsonReports.toJson(r));
        System.err.println("wrote " + dir.resolve("report.html") + " (" + Files.size(dir.resolve("report.html")) + " bytes)");
    }

    /** N benchmarks across 40 classes with a @Param each; one in 50 failed, one in 100 tier C. */
    public static RunReport report(int n, boolean gpu) {
        SplittableRandom rnd = new SplittableRandom(n);
        RunReport r = RunReport.start("0.1.0-SNAPSHOT", "2025-11-29T14:00:00Z",
                gpu ? ReportFixtures.fingerprint(ReportFixtures.GPU) : Map.of("javaVersion", "17.0.15"), Map.of(),
                "0xC0FFEE");
        List<BenchmarkEntry> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String name = "org.example.suite.module" + (i % 40) + ".SomeFairlyLongBenchmarkClassName" + (i % 40)
                    + ".operation" + (i / 40);
            Map<String, String> params = Map.of("size", Integer.toString(1 << (i % 12)));
            if (i % 50 == 49) {
                list.add(ReportEntries.notMeasured(name, params, "failed", "java.lang.IllegalStateException: planned\n"
                        + "\tat org.example.Some.method(Some.java:42)"));
                continue;
            }
            double median = Math.exp(rnd.nextDouble() * 12 - 9); // 0.1 us .. 20 ms
            String tier = i % 100 == 7 ? "C" : gpu && i % 3 == 0 ? "A" : "B";
            list.add(entry(rnd, name, params, median, tier, gpu));
        }
        for (BenchmarkEntry b : list) {
            r = r.withBenchmark(b);
        }
        return r;
    }

    private static BenchmarkEntry entry(SplittableRandom rnd, String name, Map<String, String> params, double median,
                                        String tier, boolean gpu) {
        int forks = gpu ? 3 : 5;
        int windows = 5;
        int perWindow = gpu ? 40 : 1;
        List<Double> ms = new ArrayList<>();
        List<Integer> win = new ArrayList<>();
        List<Integer> fork = new ArrayList<>();
        int w = 0;
        for (int f = 0; f < forks; f++) {
            for (int k = 0; k < windows; k++, w++) {
                for (int i = 0; i < perWindow; i++) {
                    ms.add(median * (1 + 0.01 * (rnd.nextDouble() - 0.5)));
                    win.add(w);
                    fork.add(f);
                }
            }
        }
        BenchmarkEntry.Summary s = BenchmarkEntry.Summary.builder().median(median).p10(median * 0.996).p90(median * 1.004)
                .lower(median * 0.998).upper(median * 1.002).confidence(0.95).n(ms.size()).windows(forks * windows)
                .forks(forks).innerReps(1).warmupCalls(0L).estimator("hierarchical bootstrap (forks, windows, samples)")
                .build();
        BenchmarkEntry.Clocks clocks = null;
        if (gpu) {
            List<Double> sm = new ArrayList<>();
            for (int i = 0; i < 60; i++) {
                sm.add(1755.0 + 15 * rnd.nextInt(16));
            }
            clocks = BenchmarkEntry.Clocks.builder().source("nvml").locked(tier.equals("A")).smMeanMhz(1860.0)
                    .smCvPercent(1.2).smRangeMhz(225.0).smMhz(sm).memMhz(List.of()).throttleReasons(List.of())
                    .metadataReasons(List.of()).violationNanos(Map.of()).temperatureC(List.of()).powerW(List.of()).build();
        }
        return new BenchmarkEntry(ReportEntries.id(name, params), name, params, "ok", "", gpu ? "gpu-events"
                : "jmh-iterations", gpu ? "cuda events (blocking launch)" : "JMH iterations", s, tier,
                tier.equals("A") ? List.of() : List.of("clocks not locked: variance folded into the interval"), clocks,
                new BenchmarkEntry.Samples(ms, win, fork), new BenchmarkEntry.Bootstrap(0.95, 2000, "0xC0FFEE"));
    }
}
