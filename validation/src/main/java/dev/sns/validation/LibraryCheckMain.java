package dev.sns.validation;

import dev.sns.Sns;
import dev.sns.Workload;
import dev.sns.benchmarks.LibraryOperands;
import dev.sns.gpu.GpuDevice;
import dev.sns.gpu.cublas.ComputeType;
import dev.sns.gpu.cublas.Cublas;
import dev.sns.gpu.cublas.CublasLt;
import dev.sns.gpu.cublas.CudaDataType;
import dev.sns.gpu.cublas.MathMode;
import dev.sns.gpu.cublas.MatmulSpec;
import dev.sns.gpu.cublas.Transpose;
import dev.sns.gpu.cuda.CudaContext;
import dev.sns.gpu.cuda.CudaStream;
import dev.sns.gpu.cuda.DeviceBuffer;
import dev.sns.gpu.cufft.Cufft;
import dev.sns.model.KernelBreakdown;
import dev.sns.model.Precision;
import dev.sns.model.TimingResult;
import dev.sns.options.SnsOptions;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The library checks of issue 27 on a real GPU, each a compact table: a GEMM sweep through cuBLAS
 * and cuBLASLt timed by sns (median, interval, TFLOP/s, share of the tensor-core peak, the kernel
 * table's kernel time and name, the first call's wall time), beside Nsight Compute's duration of the
 * same GEMM's kernels ({@code ncu --clock-control none --cache-control none}, never locking clocks)
 * and {@code triton.testing.do_bench}'s reading of the same shape through {@code torch.matmul}
 * ({@code scripts/peers/gemm_do_bench.py}); a handle bound once to a stream against bound per call;
 * the kernel tables of a cuBLAS GEMM and of a cuFFT plan.
 *
 * <pre>
 * java -jar sns-validation.jar libraries [--sections gemm,streams,kernels]
 *      [--gemms bf16:8192x8192x8192,fp8:8192x8192x8192,...] [--ncu-gemms ...] [--ncu /usr/local/cuda/bin/ncu]
 *      [--python python3] [--peers scripts/peers/gemm_do_bench.py] [--out FILE]
 * </pre>
 * Without a GPU it says why in one line and exits 3 ({@link GpuRequired}); without a library, one line
 * saying why, and the rest goes on.
 */
public final class LibraryCheckMain {
    static final List<String> DEFAULT_GEMMS = List.of("bf16:1024x1024x1024", "bf16:2048x2048x2048",
            "bf16:4096x4096x4096", "bf16:8192x8192x8192", "bf16:16384x16384x16384", "bf16:4096x16x4096",
            "bf16:14336x128x4096", "bf16:4096x128x14336", "fp16:8192x8192x8192", "tf32:8192x8192x8192",
            "fp32:8192x8192x8192", "fp8:8192x8192x8192", "fp8:16384x16384x16384");
    /** The GEMMs ncu reads too (each an ncu run of its own JVM, 10-20 s). */
    static final List<String> DEFAULT_NCU_GEMMS = List.of("bf16:4096x4096x4096", "bf16:8192x8192x8192",
            "bf16:14336x128x4096", "fp8:8192x8192x8192");
    private static final long LT_WORKSPACE = 32L << 20;

    private final List<String> report = new ArrayList<>();
    private final CudaContext ctx;
    private final GpuDevice device;

    private LibraryCheckMain(CudaContext ctx) {
        this.ctx = ctx;
        this.device = ctx.describe();
    }

    public static void main(String[] args) throws Exception {
        List<String> sections = List.of("firstcall", "gemm", "streams", "kernels");
        List<String> gemms = DEFAULT_GEMMS;
        List<String> ncuGemms = DEFAULT_NCU_GEMMS;
        String ncu = "/usr/local/cuda/bin/ncu";
        String python = "python3";
        String peers = "scripts/peers/gemm_do_bench.py";
        String out = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--sections" -> sections = Arrays.asList(args[++i].split(","));
                case "--gemms" -> gemms = Arrays.asList(args[++i].split(","));
                case "--ncu-gemms" -> ncuGemms = Arrays.asList(args[++i].split(","));
                case "--ncu" -> ncu = args[++i];
                case "--python" -> python = args[++i];
                case "--peers" -> peers = args[++i];
                case "--out" -> out = args[++i];
                case "--ncu-target" -> {
                    ncuTarget(args[++i], Integer.parseInt(args[++i]));
                    return;
                }
                default -> {
                    System.err.println("LibraryCheckMain: unknown argument '" + args[i] + "'; see the class's javadoc");
                    System.exit(1);
                }
            }
        }
        GpuRequired.orExit("libraries", "");
        CudaContext ctx = CudaContext.primary(0);
        ctx.makeCurrent();
        LibraryCheckMain m = new LibraryCheckMain(ctx);
        for (String lib : List.of("cuBLAS", "cuBLASLt", "cuFFT")) {
            String why = switch (lib) {
                case "cuBLAS" -> Cublas.whyUnavailable().orElse(null);
                case "cuBLASLt" -> CublasLt.whyUnavailable().orElse(null);
                default -> Cufft.whyUnavailable().orElse(null);
            };
            m.say("%s: %s", lib, why == null ? "loaded" : "unavailable: " + why);
        }
        for (String s : sections) {
            switch (s) {
                case "gemm" -> m.gemms(gemms, ncuGemms, ncu, python, peers);
                case "streams" -> m.streams();
                case "kernels" -> m.kernels();
                case "firstcall" -> m.firstCall(out == null ? Path.of("first-call-report") : Path.of(out + ".first-call"));
                default -> m.say("unknown section %s (firstcall, gemm, streams, kernels)", s);
            }
        }
        if (out != null) {
            Files.write(Path.of(out), m.report, StandardCharsets.UTF_8);
        }
    }

    // ------------------------------------------------------------------ one GEMM, ready to time

    /** A GEMM of a "dtype:MxNxK" spec through cuBLAS (cuBLASLt for fp8), its operands and its workload. */
    static final class Gemm implements AutoCloseable {
        final String dtype;
        final MatmulSpec spec;
        final Precision precision;
        final LibraryOperands ops;
        final Workload call;
        final double firstCallMillis;
        private final AutoCloseable handle;
        private final AutoCloseable plan;
        private final DeviceBuffer workspace;

        Gemm(CudaContext ctx, String spec) throws Exception {
            this(ctx, spec, true);
        }

        /** With {@code checked} false, no call is made: the GEMM's first call is left to whoever times it. */
        Gemm(CudaContext ctx, String spec, boolean checked) throws Exception {
            String[] p = spec.split(":");
            dtype = p[0];
            int[] mnk = LibraryOperands.shape(p[1]);
            if (dtype.equals("fp8")) {
                this.spec = MatmulSpec.fp8(mnk[0], mnk[1], mnk[2]);
                precision = Precision.FP8_TENSOR;
                ops = new LibraryOperands(ctx, this.spec);
                workspace = ctx.allocate(LT_WORKSPACE);
                CublasLt lt = CublasLt.create();
                CublasLt.Matmul mm = lt.plan(this.spec, LT_WORKSPACE, 0);
                handle = lt;
                plan = mm;
                call = stream -> mm.run(stream, ops.a.address(), ops.b.address(), ops.c.address(), ops.c.address(),
                        workspace.address());
            } else {
                CudaDataType t = dtype.equals("bf16") ? CudaDataType.BF16 : dtype.equals("fp16") ? CudaDataType.FP16
                        : CudaDataType.FP32;
                ComputeType c = dtype.equals("tf32") ? ComputeType.F32_FAST_TF32
                        : dtype.equals("fp32") ? ComputeType.F32_PEDANTIC : ComputeType.F32;
                precision = switch (dtype) {
                    case "bf16" -> Precision.BF16_TENSOR;
                    case "fp16" -> Precision.FP16_TENSOR;
                    case "tf32" -> Precision.TF32_TENSOR;
                    default -> Precision.FP32;
                };
                this.spec = new MatmulSpec(Transpose.N, Transpose.N, mnk[0], mnk[1], mnk[2], t, t, t, t, c);
                ops = new LibraryOperands(ctx, this.spec);
                workspace = null;
                Cublas blas = Cublas.create();
                blas.setMathMode(dtype.equals("fp32") ? MathMode.PEDANTIC : MathMode.DEFAULT);
                handle = blas;
                plan = null;
                MatmulSpec s = this.spec;
                call = stream -> {
                    blas.setStream(stream);
                    blas.gemm(Transpose.N, Transpose.N, s.m(), s.n(), s.k(), 1.0, ops.a.address(), t, s.m(),
                            ops.b.address(), t, s.k(), 0.0, ops.c.address(), t, s.m(), c);
                };
            }
            if (!checked) {
                try (CudaStream s = ctx.createStream()) {
                    ops.random(s, 42);
                    s.synchronize();
                }
                firstCallMillis = Double.NaN;
                return;
            }
            try (CudaStream first = ctx.createStream()) {
                ops.ones(first);
                first.synchronize();
                long t0 = System.nanoTime();
                call.run(first);                    // the first call: the library's workspace and its module's load
                first.synchronize();
                firstCallMillis = (System.nanoTime() - t0) / 1e6;
                ops.checkOnes(this.spec.label());
                ops.random(first, 42);
                first.synchronize();
            }
        }

        @Override
        public void close() throws Exception {
            if (plan != null) {
                plan.close();
            }
            handle.close();
            if (workspace != null) {
                workspace.close();
            }
            ops.close();
        }
    }

    // ------------------------------------------------------------------ a library's first call, in the report

    /**
     * A cuBLAS GEMM whose first call sns times itself (a new handle, nothing run yet: run before any other
     * section loads cuBLAS's kernels), and the report of it in {@code dir}: the card's "first call" line.
     */
    private void firstCall(Path dir) throws Exception {
        say("== a library's first call: bf16 2048^3 through a new cuBLAS handle, nothing run before Sns.measure");
        try (Gemm g = new Gemm(ctx, "bf16:2048x2048x2048", false)) {
            TimingResult t = Sns.measure(device, g.call, SnsOptions.builder().name("cublasGemmEx bf16 2048^3, first use")
                    .flopsPerCall(g.spec.flops()).precision(Precision.BF16_TENSOR).build());
            say("%s", t);
            say("first call %.1f ms against a median of %s: TimingResult.firstCallMillis(), summary.firstCall", t.firstCallMillis(),
                    ms(t.medianMillis()));
            dev.sns.reports.RunReport report = dev.sns.reports.RunReport.start(dev.sns.model.BuildInfo.snsVersion(),
                    java.time.Instant.now().toString(), Sns.fingerprint(device).asMap(), Map.of(), "0xC0FFEE")
                    .withBenchmark(dev.sns.reports.ReportEntries.ok(t.name(), Map.of(), "gpu-events", t, null));
            dev.sns.reports.ReportFormats.writeAll(report, dir, dev.sns.reports.ReportFormats.all());
            say("   report: %s/report.html and results.json (summary.firstCall)", dir);
        }
    }

    // ------------------------------------------------------------------ the GEMM table, with its peers

    private void gemms(List<String> specs, List<String> ncuSpecs, String ncu, String python, String peers)
            throws Exception {
        say("== GEMMs: sns (Sns.measure, kernels=true; median per call [95%%], tier) beside ncu --clock-control none "
                + "--cache-control none (gpu__time_duration.sum of the GEMM's kernels, 20 calls) and do_bench (torch.matmul, "
                + "median); %s, %d SMs", device.name(), device.smCount());
        Map<String, String> doBench = doBench(python, peers, specs);
        say("%-26s %10s %-21s %4s %7s %6s %10s %9s %9s %8s %10s %8s  %s", "gemm", "sns med", "95% interval", "tier",
                "TFLOP/s", "%peak", "kernel", "1st call", "ncu", "sns/ncu", "do_bench", "dob TF/s", "kernel name");
        for (String spec : specs) {
            try (Gemm g = new Gemm(ctx, spec)) {
                TimingResult t = Sns.measure(device, g.call, SnsOptions.builder().name(spec).kernels(true)
                        .precision(g.precision).flopsPerCall(g.spec.flops()).bytesPerCall(g.spec.bytes()).build());
                KernelBreakdown k = t.kernels().orElse(null);
                double kernelMs = k == null || !k.available() ? Double.NaN : k.kernelMillis();
                String name = k == null || !k.available() || k.rows().isEmpty() ? k == null ? "-" : k.whyUnavailable().orElse("-")
                        : k.rows().stream().max(java.util.Comparator.comparingDouble(KernelBreakdown.Row::shareOfCall))
                                .orElseThrow().name();
                double ncuMs = ncuSpecs.contains(spec) ? ncuMillis(ncu, spec) : Double.NaN;
                String[] db = doBench.getOrDefault(spec, "- - -").split(" ");
                say("%-26s %10s %-21s %4s %7.1f %5.1f%% %10s %8.1fms %9s %7.4f %10s %8s  %s", spec, ms(t.medianMillis()),
                        "[" + ms(t.intervalMillis().lower()) + ", " + ms(t.intervalMillis().upper()) + "]", t.tier(),
                        t.tflops(), 100 * t.flopsShareOfPeak(), ms(kernelMs), g.firstCallMillis, ms(ncuMs),
                        t.medianMillis() / ncuMs, db[0].equals("-") ? "-" : ms(Double.parseDouble(db[0])), db[2],
                        shorten(name, 90));
                if (t.tier() == dev.sns.model.MeasurementTier.C) {
                    say("%-26s tier C: %s", "", t.tierReasons().get(0));
                }
            } catch (RuntimeException e) {
                say("%-26s no reading: %s", spec, firstLine(e));
            }
        }
        say("   kernel: the kernel table's kernel time per call (CUPTI activity records); 1st call: the wall time of the first "
                + "call on a new stream, synchronized (the library's per-stream workspace, the lazy load of its kernels' "
                + "module); sns/ncu: sns's event median over ncu's kernel median; do_bench zeroes a 256 MB buffer before "
                + "each call (cold L2) and times each call alone (one launch latency in each reading)");
    }

    /** ncu's median duration (ms) of the GEMM's kernels per call, or NaN without ncu. */
    private double ncuMillis(String ncu, String spec) throws Exception {
        if (!new File(ncu).canExecute()) {
            return Double.NaN;
        }
        int calls = 20;
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("java.class.path");
        List<String> cmd = List.of("timeout", "240", ncu, "--clock-control", "none", "--cache-control", "none",
                "--metrics", NcuCsv.METRIC, "--csv", "--page", "raw", "--print-units", "base", java, "-cp", cp,
                LibraryCheckMain.class.getName(), "--ncu-target", spec, Integer.toString(calls));
        List<String> lines = run(cmd);
        List<NcuCsv.Launch> all = NcuCsv.launches(lines).stream()
                .filter(l -> !l.kernel().startsWith("fill_")).toList();
        // the target's first call (the check on ones) launches the same kernels: calls + 1 calls in all
        if (all.size() < calls + 1 || all.size() % (calls + 1) != 0) {
            say("   ncu gave %d launches for %d + 1 calls of %s; its output's tail:", all.size(), calls, spec);
            lines.subList(Math.max(0, lines.size() - 15), lines.size()).forEach(this::say);
            return Double.NaN;
        }
        int perCall = all.size() / (calls + 1);
        List<NcuCsv.Launch> launches = all.subList(perCall, all.size());
        double[] perCallNanos = new double[calls];
        for (int i = 0; i < launches.size(); i++) {
            perCallNanos[i / perCall] += launches.get(i).nanos();
        }
        Arrays.sort(perCallNanos);
        return perCallNanos[calls / 2] / 1e6;
    }

    /** Under ncu: the GEMM on random inputs, {@code calls} times, synchronized after each. */
    private static void ncuTarget(String spec, int calls) throws Exception {
        CudaContext ctx = CudaContext.primary(0);
        ctx.makeCurrent();
        try (Gemm g = new Gemm(ctx, spec); CudaStream s = ctx.createStream()) {
            for (int i = 0; i < calls; i++) {
                g.call.run(s);
                s.synchronize();
            }
        }
    }

    /** "median_ms mean_ms tflops" per spec, from the peer script (empty without python or the script). */
    private Map<String, String> doBench(String python, String script, List<String> specs) throws Exception {
        Map<String, String> out = new LinkedHashMap<>();
        if (!new File(script).isFile()) {
            say("   no %s: no do_bench column", script);
            return out;
        }
        List<String> cmd = new ArrayList<>(List.of("timeout", "600", python, script));
        cmd.addAll(specs);
        for (String line : run(cmd)) {
            String[] p = line.trim().split("\\s+");
            if (p.length == 6 && p[0].equals("do_bench")) {
                out.put(p[1] + ":" + p[2], p[3] + " " + p[4] + " " + p[5]);
            } else if (!line.isBlank()) {
                say("   do_bench: %s", line);
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ a handle's stream, wrong and right

    private void streams() throws Exception {
        say("== a cuBLAS handle's stream (bf16 4096^3, Sns.measure: windows on streams drawn at random)");
        try (Gemm g = new Gemm(ctx, "bf16:4096x4096x4096"); CudaStream own = ctx.createStream();
             Cublas blas = Cublas.create()) {
            MatmulSpec s = g.spec;
            Workload gemm = stream -> blas.gemm(Transpose.N, Transpose.N, s.m(), s.n(), s.k(), 1.0, g.ops.a.address(),
                    s.a(), s.m(), g.ops.b.address(), s.b(), s.k(), 0.0, g.ops.c.address(), s.c(), s.m(), s.compute());
            SnsOptions o = SnsOptions.builder().flopsPerCall(s.flops()).precision(Precision.BF16_TENSOR).build();
            blas.setStream(own);
            report("bound once, to a stream of its own", Sns.measure(device, gemm, o.toBuilder().name("own stream").build()));
            report("bound once, at its first call", Sns.measure(device, boundAtFirstCall(blas, gemm),
                    o.toBuilder().name("first call's stream").build()));
            Workload perCall = stream -> {
                blas.setStream(stream);
                gemm.run(stream);
            };
            report("bound at each call (the fix)", Sns.measure(device, perCall, o.toBuilder().name("per call").build()));
            report("bound once, streams=1 (the other fix)", Sns.measure(device, boundAtFirstCall(blas, gemm),
                    o.toBuilder().name("streams=1").streams(1).build()));
            ctx.synchronize();
        }
    }

    /** The handle bound once, to the stream of the first call (a window's; the next windows run on others). */
    private static Workload boundAtFirstCall(Cublas blas, Workload gemm) {
        boolean[] bound = {false};
        return stream -> {
            if (!bound[0]) {
                blas.setStream(stream);
                bound[0] = true;
            }
            gemm.run(stream);
        };
    }

    private void report(String what, TimingResult t) {
        say("%-38s %s", what, t);
        if (!t.tierReasons().isEmpty()) {
            say("%-38s first reason: %s", "", t.tierReasons().get(0));
        }
    }

    // ------------------------------------------------------------------ kernel tables of two libraries

    private void kernels() throws Exception {
        say("== the kernel table of a cuBLAS GEMM (bf16 8192^3) and of cuFFT plans (kernels=true)");
        try (Gemm g = new Gemm(ctx, "bf16:8192x8192x8192")) {
            TimingResult t = Sns.measure(device, g.call, SnsOptions.builder().name("cublasGemmEx bf16 8192^3").kernels(true)
                    .build());
            say("%s", t);
            Sns.formatKernels(t).lines().forEach(this::say);
        }
        for (String size : List.of("256x256x256", "4096*4096")) {
            Cufft fft = size.contains("*") ? Cufft.plan1d(4096, 4096) : Cufft.plan3d(256, 256, 256);
            try (fft; DeviceBuffer in = ctx.allocate(8 * fft.elements()); DeviceBuffer out = ctx.allocate(8 * fft.elements())) {
                try (CudaStream s = ctx.createStream()) {
                    in.fill32(0, s);
                    s.synchronize();
                }
                Workload w = stream -> {
                    fft.setStream(stream);
                    fft.forward(in.address(), out.address());
                };
                TimingResult t = Sns.measure(device, w, SnsOptions.builder().name("cuFFT C2C " + size).kernels(true).build());
                say("%s (work area %d bytes)", t, fft.workAreaBytes());
                Sns.formatKernels(t).lines().forEach(this::say);
            }
        }
    }

    // ------------------------------------------------------------------ helpers

    private static List<String> run(List<String> cmd) throws Exception {
        return ChildProcess.output(cmd, 600);
    }

    private static String ms(double millis) {
        if (Double.isNaN(millis)) {
            return "-";
        }
        return millis >= 1 ? String.format(Locale.ROOT, "%.4fms", millis) : String.format(Locale.ROOT, "%.2fus", millis * 1e3);
    }

    private static String shorten(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 3) + "...";
    }

    private static String firstLine(Throwable e) {
        String m = String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        return e.getClass().getSimpleName() + ": " + (nl < 0 ? m : m.substring(0, nl));
    }

    private void say(String format, Object... args) {
        String line = args.length == 0 ? format : String.format(Locale.ROOT, format, args);
        System.out.println(line);
        report.add(line);
    }
}
