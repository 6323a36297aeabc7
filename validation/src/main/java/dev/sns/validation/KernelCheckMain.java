package dev.sns.validation;

import dev.sns.Sns;
import dev.sns.Timers;
import dev.sns.Workload;
import dev.sns.benchmarks.SampleKernels;
import dev.sns.gpu.GpuBackends;
import dev.sns.gpu.GpuDevice;
import dev.sns.gpu.cuda.CudaContext;
import dev.sns.gpu.cuda.CudaEventTimer;
import dev.sns.gpu.cuda.CudaStream;
import dev.sns.gpu.cuda.DeviceBuffer;
import dev.sns.gpu.cuda.Kernel;
import dev.sns.gpu.cuda.PtxModule;
import dev.sns.model.ComparisonResult;
import dev.sns.model.DevicePeaks;
import dev.sns.model.KernelBreakdown;
import dev.sns.model.TimingResult;
import dev.sns.options.SnsOptions;
import dev.sns.stats.Dispersion;
import dev.sns.stats.Interval;
import dev.sns.stats.Percentiles;
import dev.sns.timing.LaunchMode;
import dev.sns.timing.TimerKind;
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
 * The kernel checks of issue 12 on a real GPU, as one compact table each: CUPTI's kernel durations
 * against Nsight Compute's ({@code ncu --clock-control none}, never locking clocks) and against the
 * event times of the same kernels; a call of three operations and its kernel table, also replayed
 * from a graph; the net speedup's coverage of known ratios; the device's peaks and the share of peak
 * of a memset and a copy.
 *
 * <pre>
 * java -cp sns-validation.jar dev.sns.validation.KernelCheckMain [--sections peaks,spins,workload,graph,speedup]
 *      [--trials 20] [--ncu /usr/local/cuda/bin/ncu] [--out FILE]
 * </pre>
 * More sections, not run by default: {@code levels} (the back-to-back launch cost per stream
 * and over time), {@code speedup-cycles} (the speedups back to back with spins counted in SM cycles) and
 * {@code types} (issue 26.5: the kernel table's duration per kernel type against
 * {@code ncu --clock-control none --cache-control none}; {@code --types spin,read,copy,memset,gemm}
 * alone runs it, with those types).
 * Without a GPU it says so and exits 0. {@code --ncu-target N} is the mode ncu runs: each kernel N
 * times, alone.
 */
public final class KernelCheckMain {
    /** Kernels of the spin table: label, nanoseconds (-1: the empty kernel). */
    private static final long[] SPINS = {-1, 2_000, 10_000, 100_000, 1_000_000};
    private static final double H200_DATASHEET_BYTES_PER_SECOND = 4.8e12;

    private final List<String> report = new ArrayList<>();
    private final CudaContext ctx = CudaContext.primary(0);
    private final Kernel spin = SampleKernels.kernel(ctx, "spin_ns");
    private final Kernel spinCycles = SampleKernels.kernel(ctx, "spin_cycles");
    private final Kernel empty = CudaEventTimer.snsKernels(ctx).kernel("sns_empty");
    private final Kernel copy = SampleKernels.kernel(ctx, "copy_f32");

    private KernelCheckMain() {}

    public static void main(String[] args) throws Exception {
        List<String> sections = List.of("peaks", "spins", "workload", "graph", "speedup");
        List<String> types = KernelTypes.ALL;
        int trials = 20;
        String ncu = "/usr/local/cuda/bin/ncu";
        String out = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--sections" -> sections = Arrays.asList(args[++i].split(","));
                case "--types" -> {
                    types = Arrays.asList(args[++i].split(","));
                    if (!sections.contains("types")) {
                        sections = List.of("types");
                    }
                }
                case "--ncu-types-target" -> {
                    ncuTypesTarget(Arrays.asList(args[++i].split(",")), Integer.parseInt(args[++i]));
                    return;
                }
                case "--trials" -> trials = Integer.parseInt(args[++i]);
                case "--ncu" -> ncu = args[++i];
                case "--out" -> out = args[++i];
                case "--ncu-target" -> {
                    ncuTarget(Integer.parseInt(args[++i]));
                    return;
                }
                default -> {
                    System.err.println("unknown argument " + args[i]);
                    System.exit(2);
                }
            }
        }
        GpuRequired.orExit("kernel check", "");
        KernelCheckMain m = new KernelCheckMain();
        for (String s : sections) {
            long t0 = System.nanoTime();
            try {
                switch (s) {
                    case "peaks" -> m.peaks();
                    case "spins" -> m.spins(ncu);
                    case "workload" -> m.workload(LaunchMode.BLOCKING);
                    case "graph" -> m.workload(LaunchMode.GRAPH);
                    case "speedup" -> m.speedups(trials, false);
                    case "speedup-cycles" -> m.speedups(trials, true);
                    case "levels" -> m.levels();
                    case "types" -> m.types(ncu, types);
                    case "types-idle" -> m.typesIdle(ncu, types, Math.min(trials, 5));
                    default -> m.say("unknown section " + s);
                }
            } catch (RuntimeException | Error e) {
                m.say("section " + s + " FAILED: " + e);
                e.printStackTrace(System.out);
            }
            m.say(String.format(Locale.ROOT, "(section %s took %.1f s)", s, (System.nanoTime() - t0) / 1e9));
        }
        System.out.println();
        System.out.println("==== kernel check summary ====");
        m.report.forEach(System.out::println);
        if (out != null) {
            Files.write(Path.of(out), m.report);
        }
    }

    private void say(String line) {
        System.out.println(line);
        report.add(line);
    }

    private void say(String format, Object... args) {
        say(String.format(Locale.ROOT, format, args));
    }

    // ------------------------------------------------------------------ peaks

    private void peaks() {
        GpuDevice d = GpuBackends.detect().probe().device(0);
        SnsOptions o = SnsOptions.defaults();
        DevicePeaks p = Timers.detect().peaks(o).orElseThrow();
        say("== peaks: %s, cc %s, %d SMs, max SM clock %d MHz, memory clock %d MHz, bus %d bit (driver attributes; 0: "
                + "not reported)", d.name(), d.computeCapability(), d.smCount(), d.maxSmClockMhz(), d.maxMemClockMhz(),
                d.memoryBusWidthBits());
        say("   %s", p.basis());
        say("   computed peak DRAM bandwidth %.1f GB/s vs the H200 datasheet's 4800 GB/s: %+.1f%%", p.bytesPerSecond() / 1e9,
                100 * (p.bytesPerSecond() / H200_DATASHEET_BYTES_PER_SECOND - 1));
        DeviceBuffer a = ctx.allocate(1L << 30);
        DeviceBuffer in = ctx.allocate(256L << 20);
        DeviceBuffer outBuf = ctx.allocate(256L << 20);
        long floats = (256L << 20) / 4;
        int blocks = SampleKernels.blocks(ctx);
        Kernel.KernelArgs args = Kernel.KernelArgs.of().ptr(in).ptr(outBuf).i64(floats);
        Workload memset = s -> a.fill32(0x3F800000, s);
        Workload cp = s -> copy.launch(s, blocks, 256, args);
        TimingResult m = Sns.measure(memset, SnsOptions.builder().name("memset 1 GiB (cuMemsetD32Async)")
                .bytesPerCall(1L << 30).build());
        TimingResult c = Sns.measure(cp, SnsOptions.builder().name("copy 256 MiB (copy_f32: read + write)")
                .bytesPerCall(2.0 * (256L << 20)).build());
        for (TimingResult r : List.of(m, c)) {
            say("   %-40s %9.2f us [%9.2f, %9.2f]  %7.1f GB/s  %5.1f%% of the computed peak, %5.1f%% of 4800 GB/s",
                    r.name(), r.medianMillis() * 1e3, r.intervalMillis().lower() * 1e3, r.intervalMillis().upper() * 1e3,
                    r.gbPerSecond(), 100 * r.bandwidthShareOfPeak(), 100 * r.gbPerSecond() * 1e9 / H200_DATASHEET_BYTES_PER_SECOND);
        }
        a.close();
        in.close();
        outBuf.close();
    }

    // ------------------------------------------------------------------ spins: CUPTI vs ncu vs events

    private Workload spinOrEmpty(long nanos) {
        if (nanos < 0) {
            Kernel.KernelArgs none = Kernel.KernelArgs.of();
            return s -> empty.launch(s, 1, 1, none);
        }
        Kernel.KernelArgs a = Kernel.KernelArgs.of().i64(nanos);
        return s -> spin.launch(s, 1, 1, a);
    }

    private Workload spinCycles(long cycles) {
        Kernel.KernelArgs a = Kernel.KernelArgs.of().i64(cycles);
        return s -> spinCycles.launch(s, 1, 1, a);
    }

    private static String label(long nanos) {
        return nanos < 0 ? "empty" : "spin " + nanos / 1000 + " us";
    }

    private void spins(String ncu) throws Exception {
        // Event times first, before CUPTI is loaded in this process: the reference for "CUPTI is off while sampling".
        Map<Long, TimingResult[]> events = new LinkedHashMap<>();
        for (long ns : SPINS) {
            events.put(ns, new TimingResult[] {
                Sns.measure(spinOrEmpty(ns), oneLaunch(label(ns)).build()),
                Sns.measure(spinOrEmpty(ns), SnsOptions.builder().name(label(ns) + " b2b").timer(TimerKind.CUDA).build())});
        }
        Map<Long, TimingResult> cupti = new LinkedHashMap<>();
        for (long ns : SPINS) {
            cupti.put(ns, Sns.measure(spinOrEmpty(ns), oneLaunch(label(ns) + " cupti").kernels(true).kernelCalls(100)
                    .build()));
        }
        Map<Long, double[]> ncuNanos = ncu(ncu, 20, List.of());
        // ncu flushes and invalidates caches before each kernel by default (--cache-control all): the same without
        Map<Long, double[]> ncuNoCacheControl = ncu(ncu, 20, List.of("--cache-control", "none"));
        KernelBreakdown.Row emptyRow = row(cupti.get(-1L));
        say("== spin kernels: CUPTI (100 calls, alone) vs ncu --clock-control none gpu__time_duration.sum (20 launches) "
                + "vs CUDA events; times in us");
        say("%-12s %9s %21s %9s %10s %7s %9s %9s %9s %8s | %9s %9s %9s %9s | %9s", "kernel", "ncu med",
                "CUPTI med [95%]", "C-ncu ns", "tol ns", "ok", "CUPTI-E", "vs req", "ncu-E", "C-E -ncu-E", "ev 1/s", "net 1/s",
                "ev b2b", "net b2b", "ev 1/s*");
        double[] ncuEmpty = ncuNanos.get(-1L);
        double ncuEmptyUs = ncuEmpty == null || ncuEmpty.length == 0 ? Double.NaN : median(ncuEmpty) / 1e3;
        for (long ns : SPINS) {
            KernelBreakdown.Row r = row(cupti.get(ns));
            double c = r == null ? Double.NaN : r.medianMillis() * 1e3;
            Interval ci = r == null ? new Interval(0, 0, 0.95) : r.intervalMillis().scaled(1e3);
            double[] n = ncuNanos.get(ns);
            double ncuMed = n == null || n.length == 0 ? Double.NaN : median(n) / 1e3;
            double diffNs = (c - ncuMed) * 1e3;
            double tolNs = 0.002 * ncuMed * 1e3 + 50;
            double net = emptyRow == null || ns < 0 ? Double.NaN : c - emptyRow.medianMillis() * 1e3;
            double req = ns < 0 ? Double.NaN : ns / 1e3;
            String netOk = Double.isNaN(net) ? "" : Math.abs(net - req) * 1e3 <= 0.002 * req * 1e3 + 100 ? " ok" : " MISS";
            TimingResult[] ev = events.get(ns);
            TimingResult ev1 = cupti.get(ns);
            double ncuNet = ns < 0 ? Double.NaN : ncuMed - ncuEmptyUs;
            say("%-12s %9.3f %9.3f [%.3f,%.3f] %9.1f %10.1f %7s %9.3f %+8.3f%s %9.3f %+8.1f | %9.3f %9.3f %9.3f %9.3f | %9.3f",
                    label(ns), ncuMed, c, ci.lower(), ci.upper(), diffNs, tolNs,
                    Double.isNaN(diffNs) ? "n/a" : Math.abs(diffNs) <= tolNs ? "ok" : "MISS", net, net - req, netOk,
                    ncuNet, (net - ncuNet) * 1e3,
                    ev[0].medianMillis() * 1e3, ev[0].netMedianMillis() * 1e3, ev[1].medianMillis() * 1e3,
                    ev[1].netMedianMillis() * 1e3, ev1.medianMillis() * 1e3);
        }
        say("   CUPTI-E: CUPTI median less the empty kernel's (its 'net'); vs req: that less the requested time "
                + "(ok within 0.2% + 100 ns); ncu-E: the same for ncu, and how far the two nets differ (ns). ev 1/s: event time, one launch per sample (blocking), net: less the "
                + "empty kernel timed the same way; b2b: inner reps auto, back to back. ev 1/s*: the same one-launch "
                + "event time taken after CUPTI had been used in this process (CUPTI is off while sampling).");
        say("== the same, ncu with --cache-control none (no cache flush or invalidation before each kernel); us");
        say("%-12s %9s %9s %9s %10s %7s", "kernel", "ncu med", "CUPTI med", "C-ncu ns", "tol ns", "ok");
        for (long ns : SPINS) {
            KernelBreakdown.Row r = row(cupti.get(ns));
            double c = r == null ? Double.NaN : r.medianMillis() * 1e3;
            double[] n = ncuNoCacheControl.get(ns);
            double ncuMed = n == null || n.length == 0 ? Double.NaN : median(n) / 1e3;
            double diffNs = (c - ncuMed) * 1e3;
            double tolNs = 0.002 * ncuMed * 1e3 + 50;
            say("%-12s %9.3f %9.3f %9.1f %10.1f %7s", label(ns), ncuMed, c, diffNs, tolNs,
                    Double.isNaN(diffNs) ? "n/a" : Math.abs(diffNs) <= tolNs ? "ok" : "MISS");
        }
        rangeProfiler(ncuNanos, ncuNoCacheControl);
        for (long ns : SPINS) {
            System.out.print(Sns.formatKernels(cupti.get(ns)));
        }
    }

    /**
     * The same kernels through CUPTI's range profiler, which reads the metric ncu reports
     * (gpu__time_duration.sum), launched as ncu's target launches them (20 each, alone).
     */
    private void rangeProfiler(Map<Long, double[]> ncuAll, Map<Long, double[]> ncuNone) {
        say("== spin kernels: CUPTI's range profiler (%s, 20 launches each, alone) vs ncu; us",
                dev.sns.gpu.cupti.CuptiRangeProfiler.METRIC);
        say("%-12s %9s %9s %9s %9s %10s %7s %9s %7s", "kernel", "range med", "min-max", "ncu all", "R-ncu ns", "tol ns", "ok",
                "R-ncunone", "ok");
        ctx.makeCurrent();
        rangeProfilerRows(ncuAll, ncuNone, null, null);
        // ncu's default cache control starts each kernel from flushed caches: the same with the L2
        // overwritten (a memset of twice its size) before each launch
        try (DeviceBuffer flush = ctx.allocate(2 * ctx.l2Bytes());
             DeviceBuffer sink = ctx.allocate(4L * 32 * ctx.describe().smCount() * 4);
             PtxModule evictModule = PtxModule.fromPtx(ctx, evictPtx(EVICT_INSTRUCTIONS).getBytes(StandardCharsets.US_ASCII), "evict_icache (generated)")) {
            say("   the same, the L2 overwritten before each launch (%d MiB memset):", 2 * ctx.l2Bytes() >> 20);
            rangeProfilerRows(ncuAll, ncuNone, flush, null);
            // the instruction caches too: a kernel of distinct instructions larger than an SM's instruction
            // cache, on every SM (4 blocks each), then the L2 memset (which also drops the spin's code from the L2)
            Kernel evict = evictModule.kernel("evict_icache");
            Kernel.KernelArgs ea = Kernel.KernelArgs.of().ptr(sink);
            int blocks = 4 * ctx.describe().smCount();
            say("   the same, also the instruction caches evicted before each launch (a kernel of %d distinct "
                    + "instructions, %d KiB of code, on every SM, then the memset):", EVICT_INSTRUCTIONS,
                    EVICT_INSTRUCTIONS * 16 / 1024);
            rangeProfilerRows(ncuAll, ncuNone, flush, s -> evict.launch(s, blocks, 32, ea));
            // and the address translations: every SM reads one word from each of many 64 KiB pages of 8 GiB
            long pagesBytes = 8L << 30;
            long stride = 64L << 10;
            try (DeviceBuffer pages = ctx.allocate(pagesBytes)) {
                Kernel touch = evictModule.kernel("touch_pages");
                Kernel.KernelArgs ta = Kernel.KernelArgs.of().ptr(pages).i64(pagesBytes / stride).i64(stride).ptr(sink);
                say("   the same, also the address translations evicted (each SM reads a word from about %d of the "
                        + "%d 64 KiB pages of 8 GiB, after the instruction-cache kernel, before the memset):",
                        pagesBytes / stride / ctx.describe().smCount(), pagesBytes / stride);
                rangeProfilerRows(ncuAll, ncuNone, flush, s -> {
                    evict.launch(s, blocks, 32, ea);
                    touch.launch(s, blocks, 256, ta);
                });
            }
        }
    }

    /** Straight-line code, one FMA with its own constant per instruction (16 bytes each on Hopper). */
    private static final int EVICT_INSTRUCTIONS = 32_768;

    static String evictPtx(int instructions) {
        StringBuilder b = new StringBuilder(64 * instructions + 512);
        b.append(".version 8.0\n.target sm_90\n.address_size 64\n\n")
                .append(".visible .entry evict_icache(.param .u64 out)\n{\n")
                .append("  .reg .f32 %x;\n  .reg .u32 %t;\n  .reg .u64 %p, %o;\n")
                .append("  mov.u32 %t, %tid.x;\n  cvt.rn.f32.u32 %x, %t;\n");
        for (int i = 0; i < instructions; i++) {
            b.append(String.format(Locale.ROOT, "  fma.rn.f32 %%x, %%x, 0f%08X, 0f%08X;%n",
                    Float.floatToIntBits(1.0f + (i % 1000) * 1e-7f), Float.floatToIntBits(i * 1e-6f)));
        }
        b.append("  ld.param.u64 %p, [out];\n  cvta.to.global.u64 %p, %p;\n")
                .append("  mov.u32 %t, %ctaid.x;\n  mul.wide.u32 %o, %t, 128;\n  add.u64 %p, %p, %o;\n")
                .append("  mov.u32 %t, %tid.x;\n  mul.wide.u32 %o, %t, 4;\n  add.u64 %p, %p, %o;\n")
                .append("  st.global.f32 [%p], %x;\n  ret;\n}\n\n");
        // one word from each of `pages` pages `stride` bytes apart, grid-stride; stored only if the sum is
        // an unlikely value, so that the loads stay
        b.append(".visible .entry touch_pages(.param .u64 base, .param .u64 pages, .param .u64 stride, "
                + ".param .u64 out)\n{\n")
                .append("  .reg .u64 %b, %n, %s, %i, %a, %o, %step;\n  .reg .u32 %t, %c, %nt, %v, %acc;\n"
                        + "  .reg .pred %p;\n")
                .append("  ld.param.u64 %b, [base];\n  cvta.to.global.u64 %b, %b;\n  ld.param.u64 %n, [pages];\n"
                        + "  ld.param.u64 %s, [stride];\n  ld.param.u64 %o, [out];\n  cvta.to.global.u64 %o, %o;\n")
                .append("  mov.u32 %t, %tid.x;\n  mov.u32 %c, %ctaid.x;\n  mov.u32 %nt, %ntid.x;\n"
                        + "  mad.lo.u32 %t, %c, %nt, %t;\n  mov.u32 %c, %nctaid.x;\n  mul.lo.u32 %nt, %nt, %c;\n")
                .append("  cvt.u64.u32 %i, %t;\n  cvt.u64.u32 %step, %nt;\n  mov.u32 %acc, 0;\n")
                .append("LOOP:\n  setp.ge.u64 %p, %i, %n;\n  @%p bra DONE;\n  mul.lo.u64 %a, %i, %s;\n"
                        + "  add.u64 %a, %a, %b;\n  ld.global.cg.u32 %v, [%a];\n  add.u32 %acc, %acc, %v;\n"
                        + "  add.u64 %i, %i, %step;\n  bra LOOP;\n")
                .append("DONE:\n  setp.ne.u32 %p, %acc, 2147483647;\n  @%p bra END;\n  st.global.u32 [%o], %acc;\n"
                        + "END:\n  ret;\n}\n");
        return b.toString();
    }

    private void rangeProfilerRows(Map<Long, double[]> ncuAll, Map<Long, double[]> ncuNone, DeviceBuffer flush,
                                   Workload evict) {
        for (long ns : SPINS) {
            Workload w = spinOrEmpty(ns);
            double[] d;
            try (CudaStream s = ctx.createStream()) {
                d = dev.sns.gpu.cupti.CuptiRangeProfiler.kernelDurations(0, 80, () -> {
                    try {
                        for (int i = 0; i < 20; i++) {
                            if (evict != null) {
                                evict.run(s);
                            }
                            if (flush != null) {
                                flush.fill32(i, s);
                                s.synchronize();
                            }
                            w.run(s);
                            s.synchronize();
                        }
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
            } catch (dev.sns.gpu.cupti.CuptiUnavailableException e) {
                say("   range profiler unavailable: %s", e.getMessage());
                return;
            }
            if (evict != null && d.length > 20 && d.length % 20 == 0) { // evicting kernels are ranges of their own
                int per = d.length / 20;
                double[] own = new double[20];
                for (int i = 0; i < 20; i++) {
                    own[i] = d[per * i + per - 1];
                }
                d = own;
            }
            double r = median(d) / 1e3;
            double[] a = ncuAll.get(ns);
            double[] n = ncuNone.get(ns);
            double am = a == null || a.length == 0 ? Double.NaN : median(a) / 1e3;
            double nm = n == null || n.length == 0 ? Double.NaN : median(n) / 1e3;
            double tol = 0.002 * am * 1e3 + 50;
            double dA = (r - am) * 1e3;
            double dN = (r - nm) * 1e3;
            say("%-12s %9.3f %4.3f-%.3f %9.3f %9.1f %10.1f %7s %9.1f %7s   (%d ranges)", label(ns), r,
                    Arrays.stream(d).min().orElse(Double.NaN) / 1e3, Arrays.stream(d).max().orElse(Double.NaN) / 1e3, am, dA,
                    tol, Math.abs(dA) <= tol ? "ok" : "MISS", dN, Math.abs(dN) <= 0.002 * nm * 1e3 + 50 ? "ok" : "MISS",
                    d.length);
            if (d.length != 20) {
                say("   %d ranges for 20 launches, the first: %s", d.length,
                        Arrays.toString(Arrays.copyOf(d, Math.min(8, d.length))));
            }
        }
    }

    // ------------------------------------------------------------------ kernel types: the table against ncu

    /** Launches of each kernel type's workload, in the checking JVM's kernel pass and under ncu alike. */
    private static final int TYPE_LAUNCHES = 20;

    /**
     * Issue 26.5: each type's kernel table (its duration from CUPTI's range profiler where it ran, each
     * row saying so) against {@code ncu --clock-control none --cache-control none}'s
     * gpu__time_duration.sum of the same workload launched the same way, alone; the goal per kernel:
     * within 0.2% + 50 ns.
     */
    private void types(String ncu, List<String> types) throws Exception {
        ctx.makeCurrent();
        Map<String, TimingResult> tables = new LinkedHashMap<>();
        Map<String, String> typeOf;
        try (KernelTypes kt = new KernelTypes(ctx, types)) {
            kt.unavailable.forEach((t, why) -> say("   type %s not run: %s", t, why));
            typeOf = new LinkedHashMap<>(kt.typeOf);
            for (Map.Entry<String, Workload> e : kt.workloads.entrySet()) {
                tables.put(e.getKey(), Sns.measure(e.getValue(), oneLaunch(e.getKey()).iterations(20).windows(2)
                        .kernels(true).kernelCalls(TYPE_LAUNCHES).build()));
            }
        }
        List<NcuCsv.Launch> launches = ncuTypes(ncu, types);
        say("== kernel types: the kernel table (%d calls, alone) vs ncu --clock-control none --cache-control none "
                + "gpu__time_duration.sum (%d launches each, alone); us; goal |diff| <= 0.2%% + 50 ns", TYPE_LAUNCHES,
                TYPE_LAUNCHES);
        say("%-8s %-34s %-28s %-22s %10s %10s %9s %8s %5s", "type", "workload", "kernel", "table duration from",
                "table med", "ncu med", "diff ns", "tol ns", "ok");
        Map<String, int[]> perType = new LinkedHashMap<>(); // type -> {within, compared}
        // the target's setup (operands filled, the GEMM's checked first call) comes first: the timed launches
        // are the last ones, each workload's in turn
        int expected = 0;
        for (TimingResult r : tables.values()) {
            expected += kernelsPerCall(r) * TYPE_LAUNCHES;
        }
        int next = Math.max(0, launches.size() - expected);
        if (launches.size() < expected) {
            say("   ncu gave %d launches, the tables expect %d: rows may be off (compare the names)", launches.size(),
                    expected);
        }
        for (Map.Entry<String, TimingResult> e : tables.entrySet()) {
            String type = typeOf.get(e.getKey());
            KernelBreakdown k = e.getValue().kernels().orElse(null);
            if (k == null || !k.available()) {
                say("%-8s %-34s no kernel table: %s", type, e.getKey(), k == null ? "no pass" : k.unavailable());
                continue;
            }
            if (!k.durationNote().isEmpty()) {
                say("   %s: durations from the kernel records: %s", e.getKey(), k.durationNote());
            }
            int kernelsPerCall = kernelsPerCall(e.getValue());
            List<NcuCsv.Launch> mine = launches.subList(Math.min(next, launches.size()),
                    Math.min(next + kernelsPerCall * TYPE_LAUNCHES, launches.size()));
            next += kernelsPerCall * TYPE_LAUNCHES;
            for (KernelBreakdown.Row r : k.rows()) {
                double table = r.medianMillis() * 1e3;
                if ("-".equals(r.grid())) {
                    say("%-8s %-34s %-28s %-22s %10.3f %10s %9s %8s %5s   (ncu profiles kernel launches only)", type,
                            e.getKey(), shortName(r.name()), r.durationSource(), table, "n/a", "", "", "n/a");
                    continue;
                }
                double[] n = mine.stream().filter(l -> l.kernel().equals(r.symbol()) || l.kernel().equals(r.name()))
                        .mapToDouble(NcuCsv.Launch::nanos).toArray();
                double ncuMed = n.length == 0 ? Double.NaN : median(n) / 1e3;
                double diffNs = (table - ncuMed) * 1e3;
                double tolNs = 0.002 * ncuMed * 1e3 + 50;
                boolean ok = Math.abs(diffNs) <= tolNs;
                int[] c = perType.computeIfAbsent(type, x -> new int[2]);
                if (n.length > 0) {
                    c[1]++;
                    c[0] += ok ? 1 : 0;
                }
                say("%-8s %-34s %-28s %-22s %10.3f %10.3f %9.1f %8.1f %5s   (%d ncu launches)", type, e.getKey(),
                        shortName(r.name()), r.durationSource(), table, ncuMed, diffNs, tolNs,
                        n.length == 0 ? "n/a" : ok ? "ok" : "MISS", n.length);
            }
        }
        perType.forEach((t, c) -> say("   type %-8s %d/%d kernels within 0.2%% + 50 ns of ncu --cache-control none", t,
                c[0], c[1]));
        tables.values().forEach(r -> System.out.print(Sns.formatKernels(r)));
    }

    /** Kernel launches (not memsets or copies) per call by the result's kernel table; 0 without one. */
    private static int kernelsPerCall(TimingResult r) {
        KernelBreakdown k = r.kernels().orElse(null);
        return k == null || !k.available() ? 0 : (int) Math.round(k.rows().stream().filter(x -> !"-".equals(x.grid()))
                .mapToDouble(KernelBreakdown.Row::countPerCall).sum());
    }

    private static String shortName(String name) {
        return name.length() <= 28 ? name : name.substring(0, 25) + "...";
    }

    /** ncu over a target JVM launching each type's workloads {@value #TYPE_LAUNCHES} times, alone; mangled names. */
    private List<NcuCsv.Launch> ncuTypes(String ncu, List<String> types) throws Exception {
        List<String> lines = ncuTypesLines(ncu, types, "gpu__time_duration.sum");
        List<NcuCsv.Launch> out = NcuCsv.launches(lines);
        if (out.isEmpty()) {
            say("   ncu gave no launches; its output:");
            lines.stream().limit(60).forEach(this::say);
        }
        return out;
    }

    /** ncu's CSV lines over the types' target, with the metrics asked for; none without ncu. */
    private List<String> ncuTypesLines(String ncu, List<String> types, String metrics, String... extra)
            throws Exception {
        if (!new File(ncu).canExecute()) {
            say("   ncu not found at %s: no ncu column", ncu);
            return List.of();
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("java.class.path");
        List<String> cmd = new ArrayList<>(List.of("timeout", "280", ncu, "--clock-control", "none", "--cache-control",
                "none", "--print-kernel-base", "mangled", "--metrics", metrics));
        cmd.addAll(List.of(extra));
        cmd.addAll(List.of("--csv", "--page", "raw", "--print-units", "base", java, "-cp", cp, KernelCheckMain.class.getName(), "--ncu-types-target",
                String.join(",", types), Integer.toString(TYPE_LAUNCHES)));
        say("   running: %s", String.join(" ", cmd).replace(cp, "<classpath>"));
        return ChildProcess.output(cmd, 300);
    }

    /** Under ncu: each type's workloads {@code launches} times, alone (synchronized after each). */
    private static void ncuTypesTarget(List<String> types, int launches) throws Exception {
        CudaContext ctx = CudaContext.primary(0);
        try (KernelTypes kt = new KernelTypes(ctx, types); CudaStream s = ctx.createStream()) {
            ctx.synchronize(); // the setup's launches (fills, the GEMM's checked first call) come before the timed ones
            for (Workload w : kt.workloads.values()) {
                for (int i = 0; i < launches; i++) {
                    w.run(s);
                    s.synchronize();
                }
            }
        }
    }

    // ------------------------------------------------------------------ kernel types: why memory kernels differ

    /** Idle time before each profiled launch, in milliseconds, of the {@code types-idle} section. */
    private static final int[] IDLE_MS = {0, 2, 50};

    /**
     * Issue 26.5's open question: the kernel table's memory-bound kernels read shorter than
     * {@code ncu --cache-control none}. Three candidates, each measured here: the GPU idling between
     * ncu's launches (the range profiler's durations after 0, 2 and 50 ms of idle before each launch,
     * and after 50 ms then a 200 us spin; ncu's SM and DRAM clocks during each kernel), ncu's kernel
     * replay (its save and restore of memory: ncu again with {@code --replay-mode application}), and
     * the kernels' own spread from run to run (the range profiler's medians in {@code repeats} passes,
     * ncu's in as many processes).
     */
    private void typesIdle(String ncu, List<String> types, int repeats) throws Exception {
        ctx.makeCurrent();
        Workload wake = spinOrEmpty(200_000);
        Map<String, List<double[]>> rows = new LinkedHashMap<>(); // label -> per column, the kernels' durations
        Map<String, String> typeOf;
        List<String> columns = new ArrayList<>();
        for (int r = 1; r <= repeats; r++) {
            columns.add("pass " + r);
        }
        columns.addAll(List.of("idle 2", "idle 50", "50+wake", "L2 flush"));
        try (KernelTypes kt = new KernelTypes(ctx, types); CudaStream s = ctx.createStream();
             DeviceBuffer flush = ctx.allocate(2 * ctx.l2Bytes())) {
            kt.unavailable.forEach((t, why) -> say("   type %s not run: %s", t, why));
            typeOf = new LinkedHashMap<>(kt.typeOf);
            ctx.synchronize();
            for (String col : columns) {
                int idle = col.startsWith("pass") ? 0 : col.equals("idle 2") ? 2 : 50;
                boolean woken = col.equals("50+wake");
                boolean flushed = col.equals("L2 flush");
                for (Map.Entry<String, Workload> e : kt.workloads.entrySet()) {
                    if ("memset".equals(kt.typeOf.get(e.getKey()))) {
                        continue; // the range profiler times kernel launches only
                    }
                    Workload w = e.getValue();
                    double[] d;
                    try {
                        d = dev.sns.gpu.cupti.CuptiRangeProfiler.kernelDurations(0, 400, () -> {
                            try {
                                w.run(s); // one untimed call first: operands and code warm, as in the table
                                s.synchronize();
                                for (int i = 0; i < TYPE_LAUNCHES; i++) {
                                    if (idle > 0) {
                                        Thread.sleep(idle);
                                    }
                                    if (woken) {
                                        wake.run(s);
                                    }
                                    if (flushed) { // a memset over twice the L2: no kernel, no range
                                        flush.fill32(i, s);
                                        s.synchronize();
                                    }
                                    w.run(s);
                                    s.synchronize();
                                }
                            } catch (Exception x) {
                                throw new IllegalStateException(x);
                            }
                        });
                    } catch (dev.sns.gpu.cupti.CuptiUnavailableException x) {
                        say("   range profiler unavailable: %s", x.getMessage());
                        return;
                    }
                    rows.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(lastOfEach(d, woken));
                }
            }
        }
        String duration = "gpu__time_duration.sum";
        List<List<String>> ncuRuns = new ArrayList<>();
        List<String> ncuColumns = new ArrayList<>();
        for (int r = 1; r <= repeats; r++) {
            ncuColumns.add("ncu " + r);
            ncuRuns.add(ncuTypesLines(ncu, types, duration));
        }
        for (int r = 1; r <= repeats; r++) {
            ncuColumns.add("ncu app " + r);
            ncuRuns.add(ncuTypesLines(ncu, types, duration, "--replay-mode", "application"));
        }
        ncuColumns.add("ncu clk");
        List<String> clocks = ncuTypesLines(ncu, types, duration + ",gpc__cycles_elapsed.avg.per_second,"
                + "dram__cycles_elapsed.avg.per_second");
        ncuRuns.add(clocks);
        say("== kernel types: the range profiler's medians (us), %d passes back to back, then with 2 and 50 ms of idle "
                + "before each launch, 50 ms then a 200 us spin, and the L2 overwritten before each; ncu --clock-control none --cache-control none "
                + "medians (us) in %d processes, as many with --replay-mode application, and one with the clock metrics beside "
                + "(SM and DRAM clocks during the kernel, MHz)", repeats, repeats);
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-8s %-26s", "type", "workload"));
        columns.forEach(c -> head.append(String.format(Locale.ROOT, " %9s", c)));
        ncuColumns.forEach(c -> head.append(String.format(Locale.ROOT, " %9s", c)));
        head.append(String.format(Locale.ROOT, " %8s %8s", "gpc MHz", "dram MHz"));
        say(head.toString());
        int expected = rows.values().stream().mapToInt(m -> m.get(0).length).sum();
        int offset = 0;
        for (Map.Entry<String, List<double[]>> e : rows.entrySet()) {
            int n = e.getValue().get(0).length;
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-8s %-26s", typeOf.get(e.getKey()),
                    e.getKey()));
            e.getValue().forEach(d -> line.append(String.format(Locale.ROOT, " %9.3f", median(d) / 1e3)));
            // the timed launches are the last ones under ncu too, each workload's in turn
            for (List<String> run : ncuRuns) {
                List<NcuCsv.Launch> l = NcuCsv.launches(run);
                int from = Math.max(0, l.size() - expected) + offset;
                line.append(String.format(Locale.ROOT, " %9.3f", medianOf(l, from, from + n) / 1e3));
            }
            int from = Math.max(0, NcuCsv.launches(clocks).size() - expected) + offset;
            line.append(String.format(Locale.ROOT, " %8.0f %8.0f",
                    medianOf(NcuCsv.launches(clocks, "gpc__cycles_elapsed.avg.per_second"), from, from + n) / 1e6,
                    medianOf(NcuCsv.launches(clocks, "dram__cycles_elapsed.avg.per_second"), from, from + n) / 1e6));
            say(line.toString());
            offset += n;
        }
    }

    private static double medianOf(List<NcuCsv.Launch> launches, int from, int to) {
        return to > from && to <= launches.size()
                ? median(launches.subList(from, to).stream().mapToDouble(NcuCsv.Launch::nanos).toArray()) : Double.NaN;
    }

    /**
     * The workload's own kernels' durations, the untimed first call's k kernels dropped: d holds k + 20 k
     * ranges, or k + 20 (k + 1) with a wake-up spin before each launch (its range dropped too).
     */
    private static double[] lastOfEach(double[] d, boolean woken) {
        int n = TYPE_LAUNCHES;
        int k = woken ? (d.length - n) / (n + 1) : d.length / (n + 1);
        if (k < 1 || d.length != k + n * (k + (woken ? 1 : 0))) {
            return d; // not the shape expected: every range, said by the ranges column
        }
        double[] own = new double[n * k];
        int per = k + (woken ? 1 : 0);
        for (int i = 0; i < n; i++) {
            System.arraycopy(d, k + per * i + (woken ? 1 : 0), own, k * i, k);
        }
        return own;
    }

    // ------------------------------------------------------------------ what the back-to-back launch cost follows

    /**
     * Back to back, a launch's fixed cost moved between calls in steps. Which state holds the level:
     * the stream (one timer each), the time (rounds), or something else? Each cell: the median per
     * launch of a 5 us spin and of the empty kernel, 100 launches back to back per sample.
     */
    private void levels() throws Exception {
        int timers = 6;
        int rounds = 6;
        dev.sns.gpu.cuda.CudaEventTimer[] t = new dev.sns.gpu.cuda.CudaEventTimer[timers];
        for (int i = 0; i < timers; i++) {
            t[i] = dev.sns.gpu.cuda.CudaEventTimer.open(0, LaunchMode.BLOCKING, false, 0, false);
        }
        Kernel snsSpin = CudaEventTimer.snsKernels(ctx).kernel("sns_spin_ns");
        Kernel.KernelArgs a2 = Kernel.KernelArgs.of().i64(2048);
        Kernel.KernelArgs a4 = Kernel.KernelArgs.of().i64(4096);
        Workload[] kernels = {spinOrEmpty(5_000), spinOrEmpty(-1), spinOrEmpty(10_000), s -> snsSpin.launch(s, 1, 1, a2),
            s -> snsSpin.launch(s, 1, 1, a4), spinOrEmpty(2_048)};
        String[] names = {"spin 5 us", "empty", "spin 10 us", "sns_spin_ns 2048 ns", "sns_spin_ns 4096 ns", "spin 2048 ns"};
        double[][][] cell = new double[kernels.length][timers][rounds];
        java.util.Random rnd = new java.util.Random(7);
        for (int r = 0; r < rounds; r++) {
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < timers; i++) {
                order.add(i);
            }
            java.util.Collections.shuffle(order, rnd);
            Thread.sleep(2000); // levels held for seconds before: spread the rounds
            for (int i : order) {
                for (int k = 0; k < kernels.length; k++) {
                    Workload w = kernels[k];
                    dev.sns.gpu.cuda.CudaEventTimer tm = t[i];
                    dev.sns.timing.Body b = () -> w.run(tm.stream());
                    dev.sns.timing.SamplingPlan plan = new dev.sns.timing.SamplingPlan(20, 0, 20, 0, 1, 100, 1e6, 100);
                    cell[k][i][r] = median(dev.sns.timing.SequentialSampler.run(tm, b, plan,
                            dev.sns.timing.WindowObserver.NONE).perCallNanos());
                }
            }
        }
        // and a fresh timer (a new stream) per reading, as each Sns.compare call has
        double[][] fresh = new double[kernels.length][12];
        for (int f = 0; f < 12; f++) {
            try (dev.sns.gpu.cuda.CudaEventTimer tm = dev.sns.gpu.cuda.CudaEventTimer.open(0, LaunchMode.BLOCKING, false, 0,
                    false)) {
                for (int k = 0; k < kernels.length; k++) {
                    Workload w = kernels[k];
                    dev.sns.timing.Body b = () -> w.run(tm.stream());
                    dev.sns.timing.SamplingPlan plan = new dev.sns.timing.SamplingPlan(20, 0, 20, 0, 1, 100, 1e6, 100);
                    if (k == 0) {
                        Thread.sleep(1000);
                    }
                    fresh[k][f] = median(dev.sns.timing.SequentialSampler.run(tm, b, plan,
                            dev.sns.timing.WindowObserver.NONE).perCallNanos());
                }
            }
        }
        say("== back-to-back launch levels: median ns per launch (100 per sample, 20 samples), rows: timers (streams), "
                + "columns: rounds in shuffled order");
        for (int k = 0; k < kernels.length; k++) {
            say("   %s", names[k]);
            for (int i = 0; i < timers; i++) {
                StringBuilder line = new StringBuilder();
                for (int r = 0; r < rounds; r++) {
                    line.append(String.format(Locale.ROOT, " %9.1f", cell[k][i][r]));
                }
                say("   stream %d:%s", i, line);
            }
            StringBuilder line = new StringBuilder();
            for (double v : fresh[k]) {
                line.append(String.format(Locale.ROOT, " %9.1f", v));
            }
            say("   a new stream each:%s", line);
        }
        say("   spin 5 us less the overhead by each reference (empty; sns_spin_ns 2048 less 2048; 4096 less 4096), per cell:");
        for (int i = 0; i < timers; i++) {
            StringBuilder line = new StringBuilder();
            for (int r = 0; r < rounds; r++) {
                line.append(String.format(Locale.ROOT, "  %7.1f/%7.1f/%7.1f", cell[0][i][r] - cell[1][i][r],
                        cell[0][i][r] - cell[3][i][r] + 2048, cell[0][i][r] - cell[4][i][r] + 4096));
            }
            say("   stream %d:%s", i, line);
        }
        StringBuilder line = new StringBuilder();
        for (int f = 0; f < fresh[0].length; f++) {
            line.append(String.format(Locale.ROOT, "  %7.1f/%7.1f/%7.1f", fresh[0][f] - fresh[1][f],
                    fresh[0][f] - fresh[3][f] + 2048, fresh[0][f] - fresh[4][f] + 4096));
        }
        say("   new streams:%s", line);
        for (dev.sns.gpu.cuda.CudaEventTimer tm : t) {
            tm.close();
        }
    }

    private static SnsOptions.Builder oneLaunch(String name) {
        return SnsOptions.builder().name(name).timer(TimerKind.CUDA).launch(LaunchMode.BLOCKING).innerReps(1).warmup(20)
                .iterations(60).windows(6);
    }

    private static KernelBreakdown.Row row(TimingResult r) {
        KernelBreakdown k = r.kernels().orElse(null);
        if (k == null || !k.available()) {
            System.out.println(r.name() + ": no kernel table: " + (k == null ? "no pass" : k.unavailable()));
            return null;
        }
        return k.rows().get(0);
    }

    /** The ncu readings of each kernel, nanoseconds, in SPINS order; empty arrays when ncu could not run. */
    private Map<Long, double[]> ncu(String ncu, int launches, List<String> extra) throws Exception {
        Map<Long, double[]> out = new LinkedHashMap<>();
        if (!new File(ncu).canExecute()) {
            say("   ncu not found at %s: no ncu column", ncu);
            return out;
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("java.class.path");
        List<String> cmd = new ArrayList<>(List.of("timeout", "150", ncu, "--clock-control", "none"));
        cmd.addAll(extra);
        cmd.addAll(List.of("--metrics", "gpu__time_duration.sum", "--csv", "--page", "raw", "--print-units", "base", java,
                "-cp", cp, KernelCheckMain.class.getName(), "--ncu-target", Integer.toString(launches)));
        say("   running: %s", String.join(" ", cmd).replace(cp, "<classpath>"));
        List<String> lines = ChildProcess.output(cmd, 300);
        List<Double> durations = NcuCsv.durationsNanos(lines);
        if (durations.size() != SPINS.length * launches) {
            say("   ncu gave %d durations for %d launches; its output:", durations.size(), SPINS.length * launches);
            lines.stream().limit(60).forEach(this::say);
        }
        for (int k = 0; k < SPINS.length; k++) {
            int from = Math.min(durations.size(), k * launches);
            int to = Math.min(durations.size(), (k + 1) * launches);
            out.put(SPINS[k], durations.subList(from, to).stream().mapToDouble(Double::doubleValue).toArray());
        }
        return out;
    }

    /** Under ncu: each kernel of SPINS {@code launches} times, alone (synchronized after each). */
    private static void ncuTarget(int launches) {
        CudaContext ctx = CudaContext.primary(0);
        KernelCheckMain m = new KernelCheckMain();
        try (CudaStream s = ctx.createStream()) {
            for (long ns : SPINS) {
                Workload w = m.spinOrEmpty(ns);
                for (int i = 0; i < launches; i++) {
                    w.run(s);
                    s.synchronize();
                }
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    // ------------------------------------------------------------------ a call of three operations

    private void workload(LaunchMode mode) {
        long bytes = 256L << 20;
        DeviceBuffer set = ctx.allocate(bytes);
        DeviceBuffer in = ctx.allocate(bytes);
        DeviceBuffer outBuf = ctx.allocate(bytes);
        int blocks = SampleKernels.blocks(ctx);
        Kernel.KernelArgs cargs = Kernel.KernelArgs.of().ptr(in).ptr(outBuf).i64(bytes / 4);
        Kernel.KernelArgs sargs = Kernel.KernelArgs.of().i64(100_000);
        Workload three = s -> {
            set.fill32(0, s);
            copy.launch(s, blocks, 256, cargs);
            spin.launch(s, 1, 1, sargs);
        };
        TimingResult r = Sns.measure(three, SnsOptions.builder().name("memset 256 MiB + copy 256 MiB + spin 100 us ("
                + mode + ")").timer(TimerKind.CUDA).launch(mode).kernels(true).kernelCalls(50).build());
        KernelBreakdown k = r.kernels().orElseThrow();
        System.out.print(Sns.formatKernels(r));
        if (!k.available()) {
            say("== three operations, %s launch: no kernel table: %s", mode, k.unavailable());
        } else {
            double sum = k.rows().stream().mapToDouble(KernelBreakdown.Row::millisPerCall).sum();
            double net = r.netMedianMillis();
            say("== three operations in one call, %s launch: %d rows; sum of rows %.2f us, kernel time %.2f us [%.2f, %.2f], "
                            + "event time %.2f us, net event time %.2f us: sum/net %+.2f%% (%s within 2%%); launches and gaps "
                            + "%.1f%% of the event time", mode, k.rows().size(), sum * 1e3, k.kernelMillis() * 1e3,
                    k.kernelIntervalMillis().lower() * 1e3, k.kernelIntervalMillis().upper() * 1e3, r.medianMillis() * 1e3,
                    net * 1e3, 100 * (sum / net - 1), Math.abs(sum / net - 1) <= 0.02 ? "" : "NOT",
                    100 * k.launchAndGapShare());
            for (KernelBreakdown.Row row : k.rows()) {
                say("   %-52s grid %-5s block %-4s x%.2f  %9.3f us [%9.3f, %9.3f]  %5.1f%% of the call", row.name(),
                        row.grid(), row.block(), row.countPerCall(), row.medianMillis() * 1e3,
                        row.intervalMillis().lower() * 1e3, row.intervalMillis().upper() * 1e3, 100 * row.shareOfCall());
            }
        }
        set.close();
        in.close();
        outBuf.close();
    }

    // ------------------------------------------------------------------ net speedups of known ratios

    private void speedups(int trials, boolean cyclesToo) {
        say("== speedups of spin kernels, %d trials each (Sns.compare: interleaved, paired rounds in 10 windows; 95%% "
                + "intervals; the verdict on raw)", trials);
        say("%-34s %6s | %8s %8s %6s %9s | %8s %8s %6s %9s", "pair", "truth", "raw mean", "raw sd", "cover", "raw width",
                "net mean", "net sd", "cover", "net width");
        long[][] pairs = {{10_000, 11_500}, {5_000, 6_000}, {10_000, 10_000}, {5_000, 5_000}};
        // the same lengths in SM cycles at 1980 MHz (the H200's clock under load), spun on clock64
        long[][] cyclePairs = {{19_800, 22_770}, {9_900, 11_880}, {19_800, 19_800}, {9_900, 9_900}};
        // kinds: one launch per sample; back to back on one stream (streams=1, as before); back to back
        // with the windows on a stream each (the default); speedup-cycles: the last, in SM cycles (clock64 spins)
        spinLengths(cyclesToo ? cyclePairs : pairs, cyclesToo);
        int[] kinds = cyclesToo ? new int[] {3} : new int[] {0, 1, 2};
        for (int kind : kinds) {
            boolean oneLaunch = kind == 0;
            boolean oneStream = kind == 1;
            boolean cycles = kind == 3;
            for (long[] p : cycles ? cyclePairs : pairs) {
                double truth = (double) p[1] / p[0];
                double[] raw = new double[trials];
                double[] net = new double[trials];
                int rawCover = 0;
                int netCover = 0;
                double[] rawW = new double[trials];
                double[] netW = new double[trials];
                double[] diff = new double[trials];
                StringBuilder perTrial = new StringBuilder();
                for (int t = 0; t < trials; t++) {
                    SnsOptions.Builder b = SnsOptions.builder().name("pair").timer(TimerKind.CUDA).seed(0xC0FFEEL + t);
                    if (oneLaunch) {
                        b.innerReps(1);
                    }
                    if (oneStream) {
                        b.streams(1);
                    }
                    ComparisonResult c = cycles ? Sns.compare(spinCycles(p[0]), spinCycles(p[1]), b.build())
                            : Sns.compare(spinOrEmpty(p[0]), spinOrEmpty(p[1]), b.build());
                    raw[t] = c.speedup();
                    rawCover += c.speedupInterval().contains(truth) ? 1 : 0;
                    rawW[t] = c.speedupInterval().width();
                    Interval ni = c.netSpeedupInterval().orElse(null);
                    if (trials <= 40) {
                        perTrial.append(String.format(Locale.ROOT, "%n     %.1f/%.1f net %.5f %s%s",
                                c.candidate().medianMillis() * 1e6, c.baseline().medianMillis() * 1e6, c.netSpeedup(),
                                ni, ni != null && ni.contains(truth) ? "" : " MISS"));
                    }
                    diff[t] = (c.baseline().medianMillis() - c.candidate().medianMillis()) * 1e6;
                    net[t] = c.netSpeedup();
                    netCover += ni != null && ni.contains(truth) ? 1 : 0;
                    netW[t] = ni == null ? Double.NaN : ni.width();
                    if (t == 0) {
                        System.out.println("   first trial: " + c);
                    }
                }
                say("%-34s %6.4f | %8.5f %8.5f %3d/%-2d %9.5f | %8.5f %8.5f %3d/%-2d %9.5f",
                        cycles ? String.format(Locale.ROOT, "%d vs %d cycles, back to back", p[0], p[1])
                                : String.format(Locale.ROOT, "%s vs %s, %s", label(p[0]), label(p[1]), oneLaunch
                                ? "1 launch/sample" : oneStream ? "b2b, 1 stream" : "b2b, streams"), truth, mean(raw), sd(raw), rawCover, trials,
                        median(rawW), mean(net), sd(net), netCover, trials, median(netW));
                // the difference of the two medians needs no overhead model: the asked difference, if the
                // kernels' lengths are what they ask for (cycles at 1980 MHz)
                double asked = (p[1] - p[0]) / (cycles ? 1.98 : 1.0);
                say("   difference of the medians, baseline - candidate: mean %.1f ns, sd %.1f ns (asked %.1f ns: %+.2f%%)",
                        mean(diff), sd(diff), asked, asked == 0 ? 0.0 : 100 * (mean(diff) - asked) / asked);
                if (perTrial.length() > 0) {
                    say("   each trial: medians candidate/baseline (ns), net speedup and interval:%s", perTrial);
                }
            }
        }
    }

    /**
     * The truth behind the ratios: each spin's own length on the GPU through CUPTI (100 calls, one
     * launch each). The spins of a pair are one kernel, so their fixed parts cancel in the difference;
     * less the empty kernel's CUPTI length, the ratio of the GPU's own durations.
     */
    private void spinLengths(long[][] pairs, boolean cycles) {
        Map<Long, Double> d = new LinkedHashMap<>();
        d.put(-1L, cuptiMedianNanos(spinOrEmpty(-1), "empty"));
        for (long[] p : pairs) {
            for (long v : p) {
                d.computeIfAbsent(v, x -> cuptiMedianNanos(cycles ? spinCycles(x) : spinOrEmpty(x), "spin " + x));
            }
        }
        say("   the spins' own lengths (CUPTI, ns): %s", d);
        for (long[] p : pairs) {
            double a = d.get(p[0]);
            double b = d.get(p[1]);
            double e = d.get(-1L);
            say("   %d vs %d: difference %.1f ns (requested %d); ratio less CUPTI's empty kernel %.5f", p[0], p[1],
                    b - a, p[1] - p[0], (b - e) / (a - e));
        }
    }

    private double cuptiMedianNanos(Workload w, String name) {
        KernelBreakdown.Row r = row(Sns.measure(w, oneLaunch(name).kernels(true).kernelCalls(100).build()));
        return r == null ? Double.NaN : r.medianMillis() * 1e6;
    }

    private static double median(double[] v) {
        return v.length == 0 ? Double.NaN : Percentiles.median(v);
    }

    private static double mean(double[] v) {
        return Dispersion.mean(v);
    }

    /** The sample standard deviation (n - 1), the spread between trials. */
    private static double sd(double[] v) {
        double m = mean(v);
        return Math.sqrt(Arrays.stream(v).map(x -> (x - m) * (x - m)).sum() / Math.max(1, v.length - 1));
    }
}
