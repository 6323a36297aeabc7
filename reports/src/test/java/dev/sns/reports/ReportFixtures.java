package dev.sns.reports;

import dev.sns.model.EnergyComparison;
import dev.sns.model.EnergyResult;
import dev.sns.stats.Interval;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/** Run reports built by hand, for the golden files, the HTML and the compare tests. */
public final class ReportFixtures {
    private ReportFixtures() {}

    public static final String GPU = "NVIDIA H200";
    public static final String CANDIDATE = "dev.sns.benchmarks.Saxpy.fused";
    public static final String BASELINE = "dev.sns.benchmarks.Saxpy.naive";
    /** The id of {@link #bench}'s benchmarks. */
    public static final String ID = CANDIDATE + ":n=1024";
    public static final String UNLOCKED = "clocks not locked (policy unlocked): variance folded into the interval";

    /** An H200 fingerprint (as the collector writes it). */
    public static Map<String, String> fingerprint(String gpuName) {
        Map<String, String> f = new TreeMap<>();
        f.put("archFamily", "Hopper");
        f.put("computeCapability", "9.0");
        f.put("cudaDriverVersion", "13.0");
        f.put("gpuName", gpuName);
        f.put("javaVendor", "Eclipse Adoptium");
        f.put("javaVersion", "17.0.15");
        f.put("jcudaVersion", "12.6.0");
        f.put("jmhVersion", "1.37");
        f.put("l2Bytes", "52428800");
        f.put("nvmlDriverVersion", "580.95.05");
        f.put("smCount", "132");
        f.put("snsVersion", "0.1.0-SNAPSHOT");
        return f;
    }

    /**
     * The golden report: two measured benchmarks (one tier A with launch overhead and a repeat interval,
     * its interval within one call; one tier B over two forks with a comma and a quote in a parameter),
     * one failed benchmark with a multi-line message, and one comparison. Numbers include ones whose text
     * form is tricky (1.0E-4, 0.1 + 0.2).
     */
    public static RunReport golden() {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("clock", "locked:1980");
        options.put("formats", "json,csv,html");
        options.put("out", "sns-results");
        RunReport r = RunReport.start("0.1.0-SNAPSHOT", "2025-11-29T14:00:00Z", fingerprint(GPU), options, "0xC0FFEE");
        r = r.withBenchmark(fused());
        r = r.withBenchmark(naive());
        r = r.withBenchmark(new BenchmarkEntry(ReportEntries.id("dev.sns.benchmarks.Saxpy.broken", Map.of("n", "1024")),
                "dev.sns.benchmarks.Saxpy.broken", Map.of("n", "1024"), "failed",
                "cuLaunchKernel(kernel=\"saxpy\"): CUDA_ERROR_ILLEGAL_ADDRESS\nsecond line, with a comma", null, null,
                null, null, List.of(), null, null, null));
        return r.withComparison(ComparisonEntry.builder().candidate(CANDIDATE + ":n=1024").baseline(naive().id())
                .params(Map.of("n", "1024")).speedup(1.3125).lower(1.25).upper(1.375).confidence(0.95)
                .cycleLower(1.26).cycleUpper(1.38).tier("B").verdict("FASTER").design("paired rounds in 10 windows")
                .rounds(3).fasterThreshold(1.2).slowerThreshold(0.95).netSpeedup(1.4286).netLower(1.35).netUpper(1.51)
                .netUnavailable("").verdictOn("net").minDetectableChange(0.0428).build());
    }

    /**
     * A report with every field of the table of result fields present somewhere (a merged run group's,
     * on two GPUs, with energy measured and not, kernel tables recorded and not, a throttle): the
     * golden report's entries, filled in.
     */
    public static RunReport full() {
        RunReport g = golden();
        BenchmarkEntry.Device gpu0 = new BenchmarkEntry.Device(0, GPU, "GPU-5b2c1e7a-0d3f-4c1e-9a77-1f2e3d4c5b6a",
                "00000000:19:00.0");
        BenchmarkEntry fused = fullyMeasured(g.benchmarks().get(0), gpu0).withBoard(BoardEntry.of(board(gpu0.uuid())));
        BenchmarkEntry naive = g.benchmarks().get(1).withEnergy(ReportEntries.energy(EnergyResult.unavailable(
                "no NVML on this host"))).withWallMillis(900.0).withOrigin(ORIGIN);
        naive = new BenchmarkEntry(naive.id(), naive.benchmark(), naive.params(), naive.status(), naive.message(),
                naive.source(), naive.timer(), naive.summary(), naive.tier(), naive.tierReasons(), naive.clocks(),
                naive.samples(), naive.bootstrap(), null, new BenchmarkEntry.Kernels(null, null, null, null, null, null,
                null, null, null, null, "no CUPTI library found", List.of()), null, naive.energy(), null,
                naive.wallMillis(), naive.origin());
        ComparisonEntry pair = g.comparisons().get(0);
        RunReport r = RunReport.start(g.snsVersion(), g.createdAt(), g.fingerprint(), g.options(), g.seed())
                .withBenchmark(fused).withBenchmark(naive).withBenchmark(g.benchmarks().get(2))
                .withComparison(withEnergy(pair, ENERGY_RATIO)).withComparison(withEnergy(pair, NO_ENERGY_RATIO))
                .withDevice(new DeviceEntry(0, GPU, gpu0.uuid(), gpu0.pciBusId(), fingerprint(GPU))
                        .withBoard(BoardEntry.of(board(gpu0.uuid()))))
                .withBoard(BoardEntry.of(board(gpu0.uuid())))
                .withDeviceHealth(health(withEnergy(pair, ENERGY_RATIO)))
                .withDeviceHealth(health(withEnergy(pair, NO_ENERGY_RATIO)));
        return r.withGroup(new RunGroup("nightly-42", 2, "recorded wall times", false, List.of(
                new RunGroup.Shard("1/2", "ok", 17L, "n1", "3f2a9c0d1e4b5a6c", GPU, "2025-11-29T14:00:00Z", 2, 2, 2, 0,
                        12.5, "", gpu0.uuid()),
                new RunGroup.Shard("2/2", "failed", 18L, "n2", "3f2a9c0d1e4b5a6c", GPU, "2025-11-29T14:00:05Z", 1, 1, 0,
                        1, 3.0, "recorded twice: the later run counts")),
                Map.of("3f2a9c0d1e4b5a6c", fingerprint(GPU)), List.of("shard 2/2 (run 18, host n2): 1 benchmark(s) "
                        + "failed: dev.sns.benchmarks.Saxpy.broken:n=1024")));
    }

    /**
     * A board with every field read: an H200's, as NVML gave it on the GPU host (VBIOS 96.00.A5.00.1A,
     * 700 W), its serial and part number made up.
     *
     * @param uuid its UUID
     * @return the board
     */
    public static dev.sns.model.BoardIdentity board(String uuid) {
        return dev.sns.model.BoardIdentity.builder().set("uuid", uuid).set("serial", "1654123456789")
                .set("vbiosVersion", "96.00.A5.00.1A").set("boardPartNumber", "692-2G520-0200-000")
                .set("powerLimitWatts", 700.0).set("defaultPowerLimitWatts", 700.0).set("eccEnabled", true)
                .set("pcieLinkGeneration", 5).set("pcieLinkWidth", 16).set("pcieMaxLinkGeneration", 5)
                .set("pcieMaxLinkWidth", 16).set("persistenceMode", true).set("migMode", false).set("moduleId", 1)
                .build("not read");
    }

    private static final BenchmarkEntry.Origin ORIGIN = new BenchmarkEntry.Origin("1/2", 17L, "n1", "3f2a9c0d1e4b5a6c");

    private static final ComparisonEntry.EnergyRatio ENERGY_RATIO = ReportEntries.energyRatio(new EnergyComparison(1.9,
            new Interval(1.85, 1.95, 0.95), 2.1, new Interval(2.0, 2.2, 0.95), 0.05, true,
            "paired energy windows of 3 rounds", ""));

    private static final ComparisonEntry.EnergyRatio NO_ENERGY_RATIO = ReportEntries.energyRatio(
            EnergyComparison.unavailable("the baseline has no energy reading: no NVML on this host", 0.05));

    /** {@code b} with everything a benchmark can have: a mode, energy, a device, a throttle, wall time, an origin. */
    private static BenchmarkEntry fullyMeasured(BenchmarkEntry b, BenchmarkEntry.Device device) {
        BenchmarkEntry.Clocks c = BenchmarkEntry.Clocks.builder().source("nvml").locked(true).smMeanMhz(1980.0)
                .smCvPercent(0.0).smRangeMhz(0.0).smMhz(List.of(1980.0, 1980.0, 1980.0))
                .memMhz(List.of(2619.0, 2619.0, 2619.0)).throttleReasons(List.of("HW_SLOWDOWN"))
                .metadataReasons(List.of("SW_POWER_CAP")).violationNanos(Map.of("hwSlowdown", 182000000L))
                .temperatureC(List.of(41.0, 42.0, 42.0)).powerW(List.of(250.5, 251.0, 250.0)).build();
        BenchmarkEntry.Kernels k = b.kernels();
        BenchmarkEntry.Kernels kernels = new BenchmarkEntry.Kernels(k.calls(), k.kernelMedian(), k.kernelLower(),
                k.kernelUpper(), k.eventMedian(), k.netEventMedian(), k.kernelShare(), k.launchAndGapShare(), 2, 3L, "",
                k.rows(), "gpu__time_duration.sum unavailable in fork 2: CUPTI_ERROR_INSUFFICIENT_PRIVILEGES (its "
                + "kernels' durations left out of the rows)");
        return new BenchmarkEntry(b.id() + ",device=0", b.benchmark(), b.params(), b.status(), b.message(), b.source(),
                b.timer(), b.summary(), b.tier(), b.tierReasons(), c, b.samples(), b.bootstrap(), b.peaks(), kernels,
                "avgt", ReportEntries.energy(measuredEnergy()), device, 1234.5, ORIGIN);
    }

    /** Energy with every number, a throttle, a note, and an idle and a measured window in its trace. */
    public static EnergyResult measuredEnergy() {
        return EnergyResult.builder()
                .joulesPerCall(0.0032, new Interval(0.00318, 0.00322, 0.95)).watts(300, new Interval(298, 302, 0.95))
                .idleWatts(120, new Interval(119, 121, 0.95)).aboveIdle(0.0019, new Interval(0.00188, 0.00192, 0.95))
                .windows(10, 1, 5, 100.2).totals(5000, 5.0).temperatures(35, 41, 40, 1).powerSensorRatio(0.998)
                .work(2048.0, 12288.0).throttleReasons(List.of("HW_SLOWDOWN"))
                .notes(List.of("cooled down 2.0 s to 36 C before the windows"))
                .estimator("bootstrap of the median over 10 energy windows")
                .trace(List.of(new EnergyResult.TracePoint(0, 0, 0.2, 24, 0, 120, Double.NaN, 35, 35, false, true),
                        new EnergyResult.TracePoint(0, 1, 0.5, 150, 500, 300, 0.0032, 41, 40, true, false)))
                .build();
    }

    private static ComparisonEntry withEnergy(ComparisonEntry c, ComparisonEntry.EnergyRatio e) {
        return new ComparisonEntry(c.candidate(), c.baseline(), c.params(), c.speedup(), c.lower(), c.upper(),
                c.confidence(), c.cycleLower(), c.cycleUpper(), c.tier(), c.verdict(), c.design(), c.rounds(),
                c.fasterThreshold(), c.slowerThreshold(), c.netSpeedup(), c.netLower(), c.netUpper(), c.netUnavailable(),
                c.verdictOn(), e, c.minDetectableChange());
    }

    private static DeviceHealthEntry health(ComparisonEntry speedup) {
        DeviceHealthEntry.Evidence device = new DeviceHealthEntry.Evidence("C", 1702.0, 330.0, List.of("HW_SLOWDOWN"),
                List.of("SW_POWER_CAP"), Map.of("hwSlowdown", 182000000L), 83.0, 690.5);
        DeviceHealthEntry.Evidence reference = new DeviceHealthEntry.Evidence("A", 1980.0, 0.0, List.of(),
                List.of("SW_POWER_CAP"), Map.of("hwSlowdown", 0L), 41.0, 250.5);
        return new DeviceHealthEntry(ID, 1, 0, speedup, "noVerdict", 1, device, reference);
    }

    private static BenchmarkEntry fused() {
        BenchmarkEntry.Summary s = BenchmarkEntry.Summary.builder().median(0.0125).p10(0.012).p90(0.013)
                .lower(0.0124).upper(0.0126).confidence(0.95).n(6).windows(2).forks(1).innerReps(8).warmupCalls(200L)
                .timerStep(1.0E-4).launchOverhead(0.002).launchOverheadLower(0.0019).launchOverheadUpper(0.0021)
                .netMedian(0.0105).netLower(0.0104).netUpper(0.0106).flopsPerCall(2048.0).bytesPerCall(12288.0)
                .tflops(0.1 + 0.2).gbPerSecond(983.04).bandwidthShare(983.04 / 4814.3).flopsShare(0.3 / 66.9)
                .estimator("windowed median bootstrap").intervalScope("within this call").repeatLower(0.0121)
                .repeatUpper(0.0129).firstCall(85.25)
                .sampling(0.0021, 0.005, "target", 512.5).netMeasurable(true).minDetectableChange(0.0229).build();
        BenchmarkEntry.Clocks c = BenchmarkEntry.Clocks.builder().source("nvml").locked(true).smMeanMhz(1980.0)
                .smCvPercent(0.0).smRangeMhz(0.0).smMhz(List.of(1980.0, 1980.0, 1980.0))
                .memMhz(List.of(2619.0, 2619.0, 2619.0)).throttleReasons(List.of()).metadataReasons(List.of("SW_POWER_CAP"))
                .violationNanos(Map.of("powerViolation", 0L, "thermalViolation", 0L))
                .temperatureC(List.of(41.0, 42.0, 42.0)).powerW(List.of(250.5, 251.0, 250.0)).build();
        BenchmarkEntry.Kernels k = new BenchmarkEntry.Kernels(50, 0.0102, 0.0101, 0.0103, 0.0125, 0.0105, 0.816, 0.184, 0,
                0L, "", List.of(
                        new BenchmarkEntry.KernelRow("void saxpy<float>(long, float, float const*, float*)",
                                "_Z5saxpyIfEvlfPKT_PS0_", "8", "256", 1.0, 0.0082, 0.0081, 0.0083, 0.656,
                                "gpu__time_duration.sum"),
                        new BenchmarkEntry.KernelRow("[memset]", "[memset]", "-", "-", 1.0, 0.002, 0.00195, 0.00205, 0.16,
                                "activity")));
        return new BenchmarkEntry(CANDIDATE + ":n=1024", CANDIDATE, Map.of("n", "1024"), "ok", "", "gpu-events",
                "cuda events (blocking launch)", s, "A", List.of(), c,
                new BenchmarkEntry.Samples(List.of(0.0124, 0.0125, 0.0126, 0.0125, 0.0124, 0.0126), List.of(0, 0, 0, 1, 1, 1),
                        List.of(0, 0, 0, 0, 0, 0)),
                new BenchmarkEntry.Bootstrap(0.95, 2000, "0xC0FFEE"),
                new BenchmarkEntry.Peaks(4814.3, 66.9, "fp32",
                        "DRAM 2 x 3201 MHz x 6016 bit / 8 = 4814.3 GB/s; fp32 132 SMs x 1980 MHz x 256 per clock = 66.9 TFLOP/s"),
                k);
    }

    private static BenchmarkEntry naive() {
        Map<String, String> params = Map.of("n", "1024", "shape", "a,\"b\"");
        BenchmarkEntry.Summary s = BenchmarkEntry.Summary.builder().median(0.0164).p10(0.016).p90(0.017)
                .lower(0.0162).upper(0.0167).confidence(0.95).n(4).windows(2).forks(2).innerReps(8).warmupCalls(200L)
                .timerStep(1.0E-4).bytesPerCall(12288.0).gbPerSecond(749.2682926829268)
                .estimator("hierarchical bootstrap (forks, windows, samples)").intervalScope("over 2 forks").build();
        BenchmarkEntry.Clocks c = BenchmarkEntry.Clocks.builder().source("nvml").locked(false).smMeanMhz(1850.5)
                .smCvPercent(2.125).smRangeMhz(195.0).smMhz(List.of(1755.0, 1950.0)).memMhz(List.of())
                .throttleReasons(List.of()).metadataReasons(List.of()).violationNanos(Map.of()).temperatureC(List.of())
                .powerW(List.of()).build();
        return new BenchmarkEntry(ReportEntries.id(BASELINE, params), BASELINE, params, "ok", "", "gpu-events",
                "cuda events (blocking launch)", s, "B",
                List.of("clocks not locked (policy unlocked): variance folded into the interval"), c,
                new BenchmarkEntry.Samples(List.of(0.016, 0.0165, 0.0163, 0.017), List.of(0, 0, 1, 1), List.of(0, 0, 1, 1)),
                new BenchmarkEntry.Bootstrap(0.95, 2000, "0xC0FFEE"));
    }

    /**
     * A run like one on an H200: thousands of samples over 3 forks x 5 windows with drift between
     * windows, clock traces (locked, floating, throttled), one tier C, one failed, one skipped
     * benchmark and three comparisons. Deterministic (seeded).
     */
    public static RunReport realistic() {
        return REALISTIC;
    }

    private static final RunReport REALISTIC = buildRealistic();

    private static RunReport buildRealistic() {
        SplittableRandom rnd = new SplittableRandom(42);
        Map<String, String> options = new LinkedHashMap<>();
        options.put("clock", "unlocked");
        options.put("flushL2", "true");
        options.put("formats", "json,csv,html");
        options.put("out", "sns-results");
        options.put("timer", "auto");
        RunReport r = RunReport.start("0.1.0-SNAPSHOT", "2025-11-29T14:00:00Z", fingerprint(GPU), options, "0xC0FFEE");
        String pkg = "dev.sns.benchmarks.";
        r = r.withBenchmark(synthetic(rnd, pkg + "GpuSample_01_Memset.memset", Map.of("bytes", "268435456"), 0.0842,
                200, 0.0005, "A", List.of(), true, false, 268435456.0, null));
        r = r.withBenchmark(synthetic(rnd, pkg + "GpuSample_03_CompareToBaseline.tiled", Map.of("n", "4096"), 1.912,
                300, 0.004, "B", List.of("clocks not locked (policy unlocked): variance folded into the interval"), false,
                false, null, 2.0 * 4096 * 4096 * 4096));
        r = r.withBenchmark(synthetic(rnd, pkg + "GpuSample_03_CompareToBaseline.naive", Map.of("n", "4096"), 2.514,
                300, 0.004, "B", List.of("clocks not locked (policy unlocked): variance folded into the interval"), false,
                false, null, 2.0 * 4096 * 4096 * 4096));
        r = r.withBenchmark(synthetic(rnd, pkg + "GpuSample_02_ColdVsHotL2.cold", Map.of("bytes", "65536"), 0.00721, 250,
                0.002, "C", List.of("hardware throttle during the window: HW_SLOWDOWN",
                        "SM clock unstable: CV 6.41% > 3.0%"), false, true, 65536.0, null));
        r = r.withBenchmark(synthetic(rnd, pkg + "GpuSample_02_ColdVsHotL2.hot", Map.of("bytes", "65536"), 0.00552, 250,
                0.002, "B", List.of("clocks not locked (policy unlocked): variance folded into the interval"), false,
                false, 65536.0, null));
        r = r.withBenchmark(ReportEntries.notMeasured(pkg + "GpuSample_04_Graphs.replay", Map.of("nodes", "64"), "failed",
                "cuGraphLaunch(graph=replay, stream=0x7f3a): CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was "
                        + "encountered)\nThe context is unusable; later benchmarks in this fork were not run."));
        r = r.withBenchmark(ReportEntries.notMeasured(pkg + "CpuSample_01_Sort.sort", Map.of(), "skipped",
                "excluded by the benchmark filter"));
        r = r.withComparison(pair(pkg + "GpuSample_03_CompareToBaseline.tiled:n=4096",
                pkg + "GpuSample_03_CompareToBaseline.naive:n=4096", Map.of("n", "4096"))
                .speedup(1.3148).lower(1.2811).upper(1.3502).cycleLower(1.2905).cycleUpper(1.3417)
                .tier("B").verdict("FASTER").design("paired rounds in 15 windows").build());
        r = r.withComparison(pair(pkg + "GpuSample_02_ColdVsHotL2.hot:bytes=65536",
                pkg + "GpuSample_02_ColdVsHotL2.cold:bytes=65536", Map.of("bytes", "65536"))
                .speedup(1.3062).lower(1.0412).upper(1.6105)
                .tier("C").verdict("NO_VERDICT").design("paired rounds in 15 windows").build());
        r = r.withComparison(pair(pkg + "GpuSample_01_Memset.memset:bytes=268435456",
                pkg + "GpuSample_01_Memset.memset:bytes=268435456", Map.of("bytes", "268435456"))
                .speedup(1.0004).lower(0.9961).upper(1.0049).cycleLower(0.9978).cycleUpper(1.0031)
                .tier("A").verdict("PARITY").design("A/A self-check, paired rounds in 15 windows").build());
        return r;
    }

    /** 3 forks x 5 windows of samples around {@code median}, drifting {@code drift} per window. */
    private static BenchmarkEntry synthetic(SplittableRandom rnd, String name, Map<String, String> params, double median,
                                            int perWindow, double drift, String tier, List<String> reasons,
                                            boolean locked, boolean throttled, Double bytes, Double flops) {
        List<Double> ms = new ArrayList<>();
        List<Integer> win = new ArrayList<>();
        List<Integer> fork = new ArrayList<>();
        List<Double> sm = new ArrayList<>();
        int windowId = 0;
        for (int f = 0; f < 3; f++) {
            double forkOffset = 1.0 + (rnd.nextDouble() - 0.5) * 0.006;
            for (int w = 0; w < 5; w++) {
                double level = median * forkOffset * (1.0 + drift * (w - 2));
                boolean slow = throttled && f == 1 && w == 3;
                for (int i = 0; i < perWindow; i++) {
                    double noise = 1.0 + gaussian(rnd) * 0.004 + (rnd.nextDouble() < 0.004 ? 0.08 * rnd.nextDouble() : 0);
                    ms.add(level * noise * (slow ? 1.22 : 1.0));
                    win.add(windowId);
                    fork.add(f);
                }
                for (int k = 0; k < 20; k++) {
                    double clock = locked ? 1980 + (rnd.nextDouble() < 0.1 ? -15 : 0)
                            : slow ? 1410 + rnd.nextInt(60) : 1755 + 15 * rnd.nextInt(16);
                    sm.add(clock);
                }
                windowId++;
            }
        }
        double[] sorted = ms.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double med = sorted[sorted.length / 2];
        double half = med * (tier.equals("A") ? 0.0012 : tier.equals("B") ? 0.006 : 0.03);
        double mean = sm.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        double sd = Math.sqrt(sm.stream().mapToDouble(d -> (d - mean) * (d - mean)).sum() / (sm.size() - 1));
        double range = sm.stream().mapToDouble(Double::doubleValue).max().orElse(0)
                - sm.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        boolean hasOverhead = name.endsWith("memset");
        BenchmarkEntry.Summary s = BenchmarkEntry.Summary.builder().median(med).p10(sorted[sorted.length / 10])
                .p90(sorted[sorted.length * 9 / 10]).lower(med - half).upper(med + half).confidence(0.95)
                .n(ms.size()).windows(15).forks(3).innerReps(med < 0.01 ? 64 : med < 1 ? 8 : 1).warmupCalls(2000L)
                .timerStep(0.000512).launchOverhead(hasOverhead ? 0.0021 : null)
                .launchOverheadLower(hasOverhead ? 0.0020 : null).launchOverheadUpper(hasOverhead ? 0.0022 : null)
                .netMedian(hasOverhead ? med - 0.0021 : null).netLower(hasOverhead ? med - half - 0.0022 : null)
                .netUpper(hasOverhead ? med + half - 0.0020 : null).flopsPerCall(flops).bytesPerCall(bytes)
                .tflops(flops == null ? null : flops / (med * 1e-3) / 1e12)
                .gbPerSecond(bytes == null ? null : bytes / (med * 1e-3) / 1e9)
                .estimator("hierarchical bootstrap (forks, windows, samples)").build();
        BenchmarkEntry.Clocks c = BenchmarkEntry.Clocks.builder().source("nvml").locked(locked).smMeanMhz(mean)
                .smCvPercent(100 * sd / mean).smRangeMhz(range).smMhz(sm).memMhz(List.of())
                .throttleReasons(throttled ? List.of("HW_SLOWDOWN") : List.of()).metadataReasons(List.of("SW_POWER_CAP"))
                .violationNanos(throttled ? Map.of("hwSlowdown", 182000000L, "thermal", 0L) : Map.of())
                .temperatureC(List.of()).powerW(List.of()).build();
        return new BenchmarkEntry(ReportEntries.id(name, params), name, params, "ok", "", "gpu-events",
                "cuda events (blocking launch)", s, tier, reasons, c, new BenchmarkEntry.Samples(ms, win, fork),
                new BenchmarkEntry.Bootstrap(0.95, 2000, "0xC0FFEE"));
    }

    private static double gaussian(SplittableRandom rnd) {
        double u = Math.max(rnd.nextDouble(), 1e-12);
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd.nextDouble());
    }

    public static RunReport run(Object... entries) {
        RunReport r = RunReport.start("0.1.0", "2025-11-29T14:00:00Z", fingerprint(ReportFixtures.GPU, "132"), Map.of(),
                "0xC0FFEE");
        for (Object e : entries) {
            r = e instanceof BenchmarkEntry b ? r.withBenchmark(b) : r.withComparison((ComparisonEntry) e);
        }
        return r;
    }

    public static Map<String, String> fingerprint(String gpu, String sms) {
        Map<String, String> f = new TreeMap<>(ReportFixtures.fingerprint(gpu));
        f.put("smCount", sms);
        return f;
    }

    /** A measured benchmark at {@code tier} with interval [lower, upper] ms and its midpoint as median. */
    public static BenchmarkEntry bench(String tier, double lower, double upper) {
        BenchmarkEntry g = ReportFixtures.golden().benchmarks().get(0);
        BenchmarkEntry.Summary s = BenchmarkEntry.Summary.builder().median((lower + upper) / 2).p10(lower).p90(upper)
                .lower(lower).upper(upper).confidence(0.95).n(100).windows(10).forks(1).innerReps(1).warmupCalls(0L)
                .estimator("test").build();
        return new BenchmarkEntry(ID, g.benchmark(), g.params(), "ok", "", g.source(), g.timer(), s, tier,
                tier.equals("A") ? List.of() : List.of(UNLOCKED), g.clocks(), g.samples(), g.bootstrap());
    }

    public static BenchmarkEntry rename(BenchmarkEntry b, String id) {
        return new BenchmarkEntry(id, id, Map.of(), b.status(), b.message(), b.source(), b.timer(), b.summary(), b.tier(),
                b.tierReasons(), b.clocks(), b.samples(), b.bootstrap());
    }

    public static ComparisonEntry ratio(double lower, double upper, String tier, String verdict) {
        return pair(ID, "dev.sns.benchmarks.Saxpy.naive:n=1024", Map.of("n", "1024")).speedup((lower + upper) / 2)
                .lower(lower).upper(upper).tier(tier).verdict(verdict).design("paired rounds").build();
    }

    /** A comparison of {@code candidate} and {@code baseline} at 95%, 3 rounds, the default thresholds. */
    private static ComparisonEntryBuilder pair(String candidate, String baseline, Map<String, String> params) {
        return ComparisonEntry.builder().candidate(candidate).baseline(baseline).params(params).confidence(0.95)
                .rounds(3).fasterThreshold(1.2).slowerThreshold(0.95);
    }
}
