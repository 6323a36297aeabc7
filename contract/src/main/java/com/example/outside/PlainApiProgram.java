package com.example.outside;

import dev.sns.Rotating;
import dev.sns.SelfCheck;
import dev.sns.Sns;
import dev.sns.Workload;
import dev.sns.gpu.GpuBackend;
import dev.sns.gpu.GpuBackends;
import dev.sns.gpu.GpuDevice;
import dev.sns.gpu.cuda.CudaContext;
import dev.sns.gpu.cuda.DeviceBuffer;
import dev.sns.gpu.cuda.Kernel;
import dev.sns.gpu.cuda.PtxModule;
import dev.sns.model.ComparisonResult;
import dev.sns.model.EnergyResult;
import dev.sns.model.KernelBreakdown;
import dev.sns.model.MeasurementTier;
import dev.sns.model.TimingResult;
import dev.sns.model.Verdict;
import dev.sns.options.SnsOptions;
import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.ComparisonEntry;
import dev.sns.reports.JsonReports;
import dev.sns.reports.RunReport;
import dev.sns.stats.Interval;
import dev.sns.timing.TimerKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A plain-API program as an outside user writes it: measure, compare, several workloads, read every
 * reported quantity through its accessor, assert with the JUnit helpers, and read a results.json a
 * JMH run wrote. Arguments: {@code [results.json]}. Exit 0 when every expectation held; one line
 * per failed expectation and exit 1 otherwise.
 */
public final class PlainApiProgram {
    private static int failures;

    private PlainApiProgram() {}

    public static void main(String[] args) throws Exception {
        GpuBackend backend = GpuBackends.detect();
        GpuBackend.Status status = backend.probe();
        System.out.println("backend " + backend.name() + ", GPU " + (status.available() ? "available, driver "
                + status.driverVersion() + ", " + status.devices().size() + " device(s)" : "unavailable: " + status.reason()));

        cpu();
        if (status.available()) {
            gpu(status.devices().get(0));
        }
        if (args.length > 0) {
            readReport(Path.of(args[0]));
        }
        System.out.println(failures == 0 ? "plain API: all expectations held" : "plain API: " + failures + " failed");
        System.exit(failures == 0 ? 0 : 1);
    }

    private static void cpu() {
        long[] data = new long[1 << 16];
        for (int i = 0; i < data.length; i++) {
            data[i] = i * 0x9E3779B97F4A7C15L;
        }
        long[] sink = new long[1];
        Workload quarter = stream -> sink[0] += mix(data, data.length / 4);
        Workload full = stream -> sink[0] += mix(data, data.length);

        SnsOptions options = SnsOptions.builder()
                .name("quarter")
                .timer(TimerKind.WALL)          // host work: the wall clock (CUDA events would see none of it)
                .warmup(20)
                .iterations(60)
                .windows(6)
                .innerReps(4)
                .confidence(0.95)
                .resamples(2000)
                .seed(42)
                .set("launchOverhead", "false")
                .build();
        TimingResult t = Sns.measure(quarter, options);
        check(t.name().equals("quarter"), "name " + t.name());
        check(t.medianMillis() > 0, "median " + t.medianMillis());
        Interval iv = t.intervalMillis();
        check(t.hasInterval() && iv.lower() <= t.medianMillis() && t.medianMillis() <= iv.upper(),
                "interval " + iv + " holds the median " + t.medianMillis());
        check(iv.confidence() == 0.95 && iv.width() >= 0 && iv.contains(t.medianMillis()), "interval " + iv);
        check(t.n() > 0 && t.windowCount() > 0 && t.innerReps() == 4, "n " + t.n() + " windows " + t.windowCount());
        check(t.samplesMillis().length == t.n() && t.windowIds().length == t.n(), "samples and windows");
        check(t.p10Millis() <= t.p90Millis(), "p10 <= p90");
        check(t.tier() != null && t.tierReasons() != null, "tier " + t.tier());
        check(!t.timer().isEmpty() && t.timerStepMillis() >= 0, "timer " + t.timer());
        check(t.bootstrap() != null && !t.estimator().isEmpty(), "bootstrap and estimator");
        check(t.warmupCalls() >= 0, "warm-up calls");
        check(!t.intervalScope().isEmpty(), "interval scope");
        Optional<Interval> net = t.netIntervalMillis();
        check(net.isEmpty() && Double.isNaN(t.netMedianMillis()), "no net reading without launch overhead: " + net);
        Optional<KernelBreakdown> kernels = t.kernels();
        Optional<EnergyResult> energy = t.energy();
        check(kernels.isEmpty() && energy.isEmpty(), "no kernel table or energy when not asked for");
        check(t.repeatIntervalMillis().isEmpty(), "no repeat interval without repeatSdPct");
        check(Double.isNaN(t.tflops()) || t.tflops() >= 0, "TFLOP/s");
        check(t.toString().startsWith("quarter: "), "toString " + t);
        System.out.println(t);

        SnsOptions pair = options.toBuilder().name("pair").build();
        ComparisonResult c = Sns.compare(quarter, full, pair);
        check(c.candidate().medianMillis() > 0 && c.baseline().medianMillis() > 0, "both sides measured");
        check(c.speedup() > 1.5, "a quarter of the work reads faster: " + c.speedup());
        check(c.speedupInterval().lower() <= c.speedup() && c.speedup() <= c.speedupInterval().upper(), "speedup interval");
        check(c.verdict() == Verdict.FASTER || c.tier() == MeasurementTier.C, "verdict " + c.verdict());
        check(!c.design().isEmpty() && c.thresholds() != null, "design and thresholds");
        check(c.netSpeedupInterval().isEmpty() && Double.isNaN(c.netSpeedup()), "no net speedup without launch overhead");
        check(!c.netUnavailable().isEmpty(), "why there is no net speedup: " + c.netUnavailable());
        check(c.verdictReading() != null && !c.verdictBasis().isEmpty() && c.verdictInterval() != null, "verdict reading");
        check(c.cycleSpeedupInterval() != null && c.energy().isEmpty(), "cycles and energy");
        System.out.println(c);

        Map<String, Workload> works = new LinkedHashMap<>();
        works.put("quarter", quarter);
        works.put("full", full);
        Map<String, TimingResult> many = Sns.measureMany(works,
                SnsOptions.builder().timer(TimerKind.WALL).iterations(30).windows(3).innerReps(2).interleave(true).build());
        check(many.keySet().equals(works.keySet()), "measureMany names " + many.keySet());
        System.out.println(Sns.formatTable(many.values()));
        System.out.println(Sns.formatComparisons(List.of(c)));
        check(Sns.formatKernels(t).isEmpty(), "no kernel table without a kernel pass");

        SelfCheck.Report aa = SelfCheck.run(Sns.engine(), "aa", quarter,
                SnsOptions.builder().timer(TimerKind.WALL).iterations(20).windows(4).innerReps(2).build(), 2,
                line -> { });
        check(aa.trials().size() == 2 && !aa.line().isEmpty(), "A/A self-check: " + aa.line());

        Rotating<long[]> ring = Rotating.of(List.of(new long[1], new long[2]));
        check(ring.size() == 2 && ring.next() != ring.next(), "rotating ring");
        check(SnsOptions.defaults().describe().containsKey("iterations"), "options describe themselves");
    }

    private static void gpu(GpuDevice device) throws Exception {
        CudaContext cuda = CudaContext.primary(device.index());
        try (PtxModule module = PtxModule.load(cuda, PlainApiProgram.class, "fixture.ptx");
             DeviceBuffer x = cuda.allocate(4L << 20)) {
            Kernel scale = module.kernel("scale");
            Kernel.KernelArgs args = Kernel.KernelArgs.of().i64(1L << 20).f32(1f).ptr(x);
            Workload w = stream -> scale.launch(stream, device.smCount() * 4, 256, args);
            TimingResult t = Sns.measure(device, w, SnsOptions.builder().name("scale").kernels(true).energy(true)
                    .bytesPerCall(8.0 * (1 << 20)).build());
            check(t.tier() != null && t.medianMillis() > 0, "GPU median " + t);
            check(t.netIntervalMillis().isPresent(), "net reading on the GPU");
            check(t.kernels().isPresent(), "kernel table asked for");
            t.kernels().ifPresent(k -> check(!k.available() || !k.rows().isEmpty(), "kernel rows"));
            t.energy().ifPresent(e -> check(!e.available() || e.joulesPerCall() > 0, "joules per call"));
            check(Double.isNaN(t.bandwidthShareOfPeak()) || t.bandwidthShareOfPeak() > 0, "share of peak");
            System.out.println(t);
            System.out.println(Sns.formatKernels(t));
            System.out.println(Sns.formatDevices());
            check(!Sns.devices(SnsOptions.defaults()).isEmpty(), "devices");
        }
    }

    private static void readReport(Path file) throws Exception {
        check(Files.isRegularFile(file), "results.json at " + file);
        RunReport report = JsonReports.read(file);
        check(RunReport.SCHEMA.equals(report.schema()) && report.schemaVersion() >= 1, "schema " + report.schema());
        check(!report.snsVersion().isEmpty() && !report.fingerprint().isEmpty(), "version and fingerprint");
        int measured = 0;
        for (BenchmarkEntry b : report.benchmarks()) {
            if ("ok".equals(b.status())) {
                measured++;
                BenchmarkEntry.Summary s = b.summary();
                check(s.median() > 0 && s.lower() <= s.median() && s.median() <= s.upper(), b.id() + " summary");
                check(b.tier() != null && b.samples() != null && b.bootstrap() != null, b.id() + " tier and samples");
            }
        }
        check(measured >= 2, "measured benchmarks in " + file + ": " + measured);
        boolean compared = false;
        for (ComparisonEntry e : report.comparisons()) {
            compared |= e.speedup() != null && e.verdict() != null && e.lower() <= e.speedup() && e.speedup() <= e.upper();
        }
        check(compared, "a compared pair in " + file);
        System.out.println("read " + file + ": " + report.benchmarks().size() + " benchmarks, "
                + report.comparisons().size() + " comparisons");
    }

    private static long mix(long[] data, int count) {
        long h = 17;
        for (int i = 0; i < count; i++) {
            h = Long.rotateLeft(h ^ data[i], 13) * 31;
        }
        return h;
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            failures++;
            System.out.println("FAILED: " + what);
        }
    }
}
