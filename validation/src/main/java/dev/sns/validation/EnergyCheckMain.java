package dev.sns.validation;

import dev.sns.SnsEngine;
import dev.sns.Timers;
import dev.sns.Workload;
import dev.sns.benchmarks.SampleKernels;
import dev.sns.gpu.GpuBackend;
import dev.sns.gpu.GpuDevice;
import dev.sns.gpu.GpuTelemetry;
import dev.sns.gpu.cuda.CudaContext;
import dev.sns.gpu.cuda.CudaStream;
import dev.sns.gpu.cuda.DeviceBuffer;
import dev.sns.gpu.cuda.Kernel;
import dev.sns.model.ComparisonResult;
import dev.sns.model.EnergyComparison;
import dev.sns.model.EnergyResult;
import dev.sns.model.EnergyVerdict;
import dev.sns.model.TimingResult;
import dev.sns.options.SnsOptions;
import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.Dispersion;
import dev.sns.stats.Interval;
import dev.sns.stats.MedianBootstrap;
import dev.sns.stats.Percentiles;
import dev.sns.timing.EnergyCounter;
import dev.sns.timing.EnergyWatch;
import dev.sns.timing.EnergyWindow;
import dev.sns.timing.HostTimer;
import dev.sns.timing.Timer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The energy checks of issue 16 on a real GPU, one compact table each: the counter's read cost and
 * update period; its power after the work starts and stops (how long windows must wait); a
 * duty-cycled load phase-locked to the counter and drifting against it (the partial sampling Yang et
 * al. found); memset 1 GiB and a 1 ms spin in three runs each (J/call with intervals, power, the
 * spread for windows of 1 to 5 updates); the cost of energy mode; copies of 256 vs 512 MiB above idle
 * (2.0x); a 1 ms spin on one SM vs every SM (same time, more energy); A/A pairs.
 *
 * <pre>
 * java -cp sns-validation.jar dev.sns.validation.EnergyCheckMain [--sections read,ramp,duty,repeat,cost,copies,sms,aa]
 *      [--trials 20] [--repeat-windows 30] [--aa-rounds 5] [--out FILE] [--simulate]
 * </pre>
 * {@code --simulate} runs every section on the host with a simulated counter (100 ms steps, known
 * powers), to check the program and time it without a GPU. Without a GPU (and without
 * {@code --simulate}) it says so and exits 0. It never changes clocks or power limits.
 */
public final class EnergyCheckMain {
    private static final BootstrapSettings BS = BootstrapSettings.defaults();
    private final List<String> report = new ArrayList<>();
    private final Rig rig;
    private int repeatWindows = 30;
    private int aaRounds = 5;

    private EnergyCheckMain(Rig rig) {
        this.rig = rig;
    }

    public static void main(String[] args) throws Exception {
        List<String> sections = List.of("read", "ramp", "duty", "repeat", "cost", "copies", "sms", "aa");
        int trials = 20;
        String out = null;
        boolean simulate = false;
        int repeatWindows = 30;
        int aaRounds = 5;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--sections" -> sections = Arrays.asList(args[++i].split(","));
                case "--trials" -> trials = Integer.parseInt(args[++i]);
                case "--out" -> out = args[++i];
                case "--simulate" -> simulate = true;
                case "--repeat-windows" -> repeatWindows = Integer.parseInt(args[++i]);
                case "--aa-rounds" -> aaRounds = Integer.parseInt(args[++i]);
                default -> {
                    System.err.println("unknown argument " + args[i]);
                    System.exit(2);
                }
            }
        }
        Rig rig;
        if (simulate) {
            rig = new SimRig();
        } else {
            GpuRequired.orExit("energy check", "--simulate runs it on a simulated counter");
            rig = new CudaRig();
        }
        EnergyCheckMain m = new EnergyCheckMain(rig);
        m.repeatWindows = repeatWindows;
        m.aaRounds = aaRounds;
        long all = System.nanoTime();
        for (String s : sections) {
            long t0 = System.nanoTime();
            try {
                switch (s) {
                    case "read" -> m.read();
                    case "ramp" -> m.ramp();
                    case "duty" -> m.duty();
                    case "repeat" -> m.repeat();
                    case "cost" -> m.cost();
                    case "copies" -> m.copies();
                    case "sms" -> m.sms();
                    case "aa" -> m.aa(trials);
                    default -> m.say("unknown section " + s);
                }
            } catch (RuntimeException | Error e) {
                m.say("section " + s + " FAILED: " + e);
                e.printStackTrace(System.out);
            }
            m.say("(section %s took %.1f s)", s, (System.nanoTime() - t0) / 1e9);
            if (out != null) {
                Files.write(Path.of(out), m.report);
            }
        }
        m.say("(all sections took %.1f s)", (System.nanoTime() - all) / 1e9);
        System.out.println();
        System.out.println("==== energy check summary ====");
        m.report.forEach(System.out::println);
        if (out != null) {
            Files.write(Path.of(out), m.report);
        }
        rig.close();
    }

    private void say(String line) {
        System.out.println(line);
        System.out.flush();
        report.add(line);
    }

    private void say(String format, Object... args) {
        say(String.format(Locale.ROOT, format, args));
    }

    // ------------------------------------------------------------------ read: cost and period

    private void read() {
        EnergyCounter c = rig.counter();
        int n = 50;
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            c.millijoules();
        }
        double readUs = (System.nanoTime() - t0) / 1e3 / n;
        t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            c.powerW();
        }
        double powerUs = (System.nanoTime() - t0) / 1e3 / n;
        AtomicLong none = new AtomicLong();
        try (EnergyWatch w = new EnergyWatch(c, none::get).start()) {
            awaitUpdates(w, 11);
            List<EnergyWatch.Update> u = w.updates();
            double[] gaps = new double[u.size() - 1];
            double[] steps = new double[u.size() - 1];
            for (int i = 1; i < u.size(); i++) {
                gaps[i - 1] = (u.get(i).nanos() - u.get(i - 1).nanos()) / 1e6;
                steps[i - 1] = u.get(i).millijoules() - u.get(i - 1).millijoules();
            }
            EnergyWindow idle = w.window(0, u.size() - 1, -1);
            say("== counter: one energy read %.1f us, one power read %.1f us; idle: updates every %.1f ms (min %.1f, max %.1f), "
                            + "steps %.0f mJ (%.0f-%.0f); %d updates: %.2f W by the counter, %.2f W by the power sensor's integral "
                            + "(sensor/counter %.4f); %.1f C", readUs, powerUs, Percentiles.median(gaps), min(gaps), max(gaps),
                    Percentiles.median(steps), min(steps), max(steps), u.size() - 1, idle.watts(),
                    idle.powerSensorMillijoules() / idle.nanos() * 1e6, idle.powerSensorMillijoules() / idle.millijoules(),
                    c.temperatureC());
        }
    }

    // ------------------------------------------------------------------ ramp: the counter after work starts and stops

    private void ramp() {
        EnergyCounter c = rig.counter();
        AtomicLong calls = new AtomicLong();
        try (EnergyWatch w = new EnergyWatch(c, calls::get).start()) {
            awaitUpdates(w, 3);
            int from = w.updateCount() - 1;
            while (w.updateCount() < from + 13) {
                rig.spinAllNow(1_000_000);
                calls.incrementAndGet();
            }
            int stop = w.updateCount() - 1;
            awaitUpdates(w, 9);
            StringBuilder up = new StringBuilder();
            StringBuilder sensor = new StringBuilder();
            for (int i = from; i < w.updateCount() - 1; i++) {
                EnergyWindow x = w.window(i, i + 1, -1);
                up.append(String.format(Locale.ROOT, "%s%.0f", i == stop ? " | " : " ", x.watts()));
                sensor.append(String.format(Locale.ROOT, "%s%.0f", i == stop ? " | " : " ",
                        x.powerSensorMillijoules() / x.nanos() * 1e6));
            }
            say("== ramp: spin 1 ms on every SM, back to back, from idle (per counter period, W; '|' where the work stops)");
            say("   counter:%s", up);
            say("   sensor: %s", sensor);
        }
    }

    // ------------------------------------------------------------------ duty: phase-locked vs drifting load

    private void duty() {
        EnergyCounter c = rig.counter();
        AtomicLong calls = new AtomicLong();
        double[] busyIdle = new double[2];
        try (EnergyWatch w = new EnergyWatch(c, calls::get).start()) {
            awaitUpdates(w, 2);
            int a = w.updateCount() - 1;
            awaitUpdates(w, 5);
            busyIdle[1] = w.window(a, w.updateCount() - 1, -1).watts();
            long until = System.nanoTime() + 350_000_000L;
            while (System.nanoTime() < until) {
                rig.spinAllNow(1_000_000);
            }
            a = w.updateCount() - 1;
            while (w.updateCount() < a + 6) {
                rig.spinAllNow(1_000_000);
            }
            busyIdle[0] = w.window(a, w.updateCount() - 1, -1).watts();
            say("== duty cycle: a 25 ms burst (spin on every SM) per period, the rest idle; busy %.1f W, idle %.1f W",
                    busyIdle[0], busyIdle[1]);
            say("%-28s %9s %9s %9s %9s %9s", "pattern", "predicted", "counter", "cnt/pred", "sensor", "sen/pred");
            for (long periodNs : new long[] {100_000_000L, 97_000_000L}) {
                awaitUpdates(w, 3); // idle between patterns
                long start = System.nanoTime();
                int first = -1;
                long next = start;
                while (first < 0 || w.updateCount() < first + 16) {
                    rig.spinAllNow(25_000_000L);
                    next += periodNs;
                    LockSupport.parkNanos(next - System.nanoTime());
                    if (first < 0 && System.nanoTime() - start > 300_000_000L) {
                        first = w.updateCount() - 1;
                    }
                }
                EnergyWindow x = w.window(first, w.updateCount() - 1, -1);
                double duty = 25e6 / periodNs;
                double predicted = busyIdle[0] * duty + busyIdle[1] * (1 - duty);
                double sensorW = x.powerSensorMillijoules() / x.nanos() * 1e6;
                say("%-28s %9.1f %9.1f %9.4f %9.1f %9.4f", String.format(Locale.ROOT, "25 ms every %.0f ms", periodNs / 1e6),
                        predicted, x.watts(), x.watts() / predicted, sensorW, sensorW / predicted);
            }
        }
    }

    // ------------------------------------------------------------------ repeat: memset and spin, three runs

    private void repeat() {
        say("== three runs each (energyUpdates=1, %d windows, recombined into windows of 3 and 5 updates); J/call in mJ",
                repeatWindows);
        say("%-26s %3s | %28s %7s | %28s %6s | %28s %6s | %7s %7s %9s %5s %4s", "workload", "run", "N=1 median [95%]", "sd%",
                "N=3 median [95%]", "sd%", "N=5 median [95%]", "sd%", "W", "idle W", "sens/cnt", "C", "hot");
        List<double[]> agree = new ArrayList<>();
        String[] names = {"memset 1 GiB", "spin 1 ms, one thread"};
        Workload[] works = {rig.memset1G(), rig.spinOne(1_000_000)};
        List<List<EnergyResult>> runs = new ArrayList<>(List.of(new ArrayList<>(), new ArrayList<>()));
        for (int run = 0; run < 3; run++) {
            for (int k = 0; k < 2; k++) {
                SnsOptions o = SnsOptions.builder().name(names[k]).energy(true).energyUpdates(1).energyWindows(repeatWindows)
                        .energyIdle(run == 0).build();
                TimingResult r = rig.engine().measure(works[k], o);
                EnergyResult e = r.energy().orElseThrow();
                if (!e.available()) {
                    say("%-26s %3d | no energy: %s", names[k], run + 1, e.unavailableReason());
                    continue;
                }
                runs.get(k).add(e);
                double[] n1 = jpc(e, 1);
                double[] n3 = jpc(e, 3);
                double[] n5 = jpc(e, 5);
                say("%-26s %3d | %28s %7.2f | %28s %6.2f | %28s %6.2f | %7.1f %7s %9.4f %5s %4d", names[k], run + 1,
                        mi(n1), cv(n1), mi(n3), cv(n3), mi(n5), cv(n5), e.watts(),
                        Double.isNaN(e.idleWatts()) ? "-" : String.format(Locale.ROOT, "%.1f", e.idleWatts()),
                        e.powerSensorRatio(), String.format(Locale.ROOT, "%.0f-%.0f", e.temperatureMinC(), e.temperatureMaxC()),
                        e.hotWindows());
                if (k == 1 && run == 0) {
                    say("   (time per call: %.4f ms; the spin's calls per window at N=1: %d)", r.medianMillis(),
                            e.calls() / e.windows());
                }
            }
        }
        for (int k = 0; k < 2; k++) {
            for (int n : new int[] {1, 3, 5}) {
                List<EnergyResult> rs = runs.get(k);
                if (rs.size() < 2) {
                    continue;
                }
                double lo = Double.MAX_VALUE;
                double hi = -Double.MAX_VALUE;
                double widest = 0;
                for (EnergyResult e : rs) {
                    double[] v = jpc(e, n);
                    double m = Percentiles.median(v);
                    lo = Math.min(lo, m);
                    hi = Math.max(hi, m);
                    widest = Math.max(widest, interval(v).width());
                }
                double[] widths = rs.stream().mapToDouble(e -> interval(jpc(e, n)).width()).toArray();
                double meanWidth = Dispersion.mean(widths);
                say("   %-24s N=%d: medians span %.3f mJ (%.2f%%); interval widths %.3f-%.3f mJ (mean %.3f): the medians "
                                + "are %swithin the mean width of each other", names[k], n, (hi - lo) * 1e3,
                        100 * (hi - lo) / lo, min(widths) * 1e3, widest * 1e3, meanWidth * 1e3,
                        hi - lo <= meanWidth ? "" : "NOT ");
            }
        }
    }

    /** Joules per call of windows of {@code n} updates, made by joining n windows of one update back to back. */
    private static double[] jpc(EnergyResult e, int n) {
        List<EnergyResult.TracePoint> ws = e.trace().stream().filter(p -> !p.idle()).toList();
        int k = ws.size() / n;
        double[] out = new double[k];
        for (int i = 0; i < k; i++) {
            double j = 0;
            long calls = 0;
            for (int q = i * n; q < (i + 1) * n; q++) {
                j += ws.get(q).joules();
                calls += ws.get(q).calls();
            }
            out[i] = j / calls;
        }
        return out;
    }

    private static Interval interval(double[] v) {
        return MedianBootstrap.medianInterval(v, BS);
    }

    /** "median [lower, upper]" of joules per call, in mJ. */
    private static String mi(double[] v) {
        Interval i = interval(v);
        return String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", Percentiles.median(v) * 1e3, i.lower() * 1e3,
                i.upper() * 1e3);
    }

    private static double cv(double[] v) {
        return Dispersion.cvPercent(v);
    }

    // ------------------------------------------------------------------ cost of energy mode

    private void cost() {
        SnsOptions off = SnsOptions.builder().name("memset 1 GiB").build();
        SnsOptions on = off.toBuilder().energy(true).build();
        long t0 = System.nanoTime();
        TimingResult a = rig.engine().measure(rig.memset1G(), off);
        double offS = (System.nanoTime() - t0) / 1e9;
        t0 = System.nanoTime();
        TimingResult b = rig.engine().measure(rig.memset1G(), on);
        double onS = (System.nanoTime() - t0) / 1e9;
        EnergyResult e = b.energy().orElseThrow();
        say("== cost of energy mode (defaults: energyUpdates=%d, energyWindows=%d, idle on): memset 1 GiB measured in %.2f s "
                        + "without, %.2f s with energy=true (+%.2f s: idle, warm-up, %d windows = %.2f s of windows); time "
                        + "medians %.4f ms [%.4f, %.4f] and %.4f ms [%.4f, %.4f]; %s", on.energyUpdates(), on.energyWindows(),
                offS, onS, onS - offS, e.windows(), e.seconds(), a.medianMillis(), a.intervalMillis().lower(),
                a.intervalMillis().upper(), b.medianMillis(), b.intervalMillis().lower(), b.intervalMillis().upper(), e);
    }

    // ------------------------------------------------------------------ copies: 256 vs 512 MiB above idle

    private void copies() {
        SnsOptions o = SnsOptions.builder().name("copy").energy(true).energyUpdates(2).energyWindows(6).build();
        ComparisonResult c = rig.engine().compare(rig.copy(512L << 20), rig.copy(256L << 20), o);
        EnergyComparison e = c.energy().orElseThrow();
        EnergyResult big = c.candidate().energy().orElseThrow();
        EnergyResult small = c.baseline().energy().orElseThrow();
        say("== copies, interleaved (energyUpdates=2, 6 ABBA rounds): 256 MiB %.2f mJ/call (above idle %.2f), 512 MiB %.2f "
                        + "(above idle %.2f); idle %.1f W", small.joulesPerCall() * 1e3, small.aboveIdleJoulesPerCall() * 1e3,
                big.joulesPerCall() * 1e3, big.aboveIdleJoulesPerCall() * 1e3, small.idleWatts());
        if (!e.available() || e.aboveIdle().isEmpty()) {
            say("   no energy ratio: %s", e);
            return;
        }
        Interval ai = e.aboveIdle().get();
        double ratio = 1 / e.aboveIdleRatio();
        say("   512/256 energy above idle: %.4f [%.4f, %.4f] (known 2.0 +/- 10%%: %s); board total %.4f [%.4f, %.4f]; time "
                        + "%.4f [%.4f, %.4f]", ratio, 1 / ai.upper(), 1 / ai.lower(),
                Math.abs(ratio - 2) <= 0.2 && 1 / ai.upper() >= 1.8 && 1 / ai.lower() <= 2.2 ? "ok" : "MISS",
                1 / e.ratio(), 1 / e.interval().upper(), 1 / e.interval().lower(), 1 / c.speedup(),
                1 / c.speedupInterval().upper(), 1 / c.speedupInterval().lower());
    }

    // ------------------------------------------------------------------ one SM vs every SM

    private void sms() {
        SnsOptions o = SnsOptions.builder().name("spin").energy(true).energyUpdates(2).energyWindows(6).energyIdle(false)
                .build();
        ComparisonResult c = rig.engine().compare(rig.spinAll(1_000_000), rig.spinOne(1_000_000), o);
        EnergyComparison e = c.energy().orElseThrow();
        say("== spin 1 ms on every SM (candidate) vs one thread on one SM (baseline), interleaved (energyUpdates=2, 6 ABBA "
                        + "rounds): speedup %.4f [%.4f, %.4f] %s; every SM %.1f mJ/call (%.0f W), one SM %.1f mJ/call (%.0f W); "
                        + "energy ratio %s", c.speedup(), c.speedupInterval().lower(), c.speedupInterval().upper(), c.verdict(),
                c.candidate().energy().orElseThrow().joulesPerCall() * 1e3, c.candidate().energy().orElseThrow().watts(),
                c.baseline().energy().orElseThrow().joulesPerCall() * 1e3, c.baseline().energy().orElseThrow().watts(), e);
        say("   known answer: same time, more energy on every SM: %s",
                c.verdict().name().equals("PARITY") && e.verdict() == EnergyVerdict.MORE_ENERGY ? "ok" : "MISS");
    }

    // ------------------------------------------------------------------ A/A

    private void aa(int trials) {
        int parity = 0;
        double[] ratios = new double[trials];
        double[] widths = new double[trials];
        for (int t = 0; t < trials; t++) {
            SnsOptions o = SnsOptions.builder().name("aa").seed(0xC0FFEEL + t).energy(true).energyUpdates(1)
                    .energyWindows(aaRounds).energyIdle(false).iterations(10).windows(2).warmup(20).launchOverhead(false).build();
            Workload w = rig.memset1G();
            EnergyComparison e = rig.engine().compare(w, w, o).energy().orElseThrow();
            if (!e.available()) {
                say("   trial %d: %s", t, e.unavailable());
                continue;
            }
            parity += e.verdict() == EnergyVerdict.PARITY ? 1 : 0;
            ratios[t] = e.ratio();
            widths[t] = e.interval().width();
        }
        say("== A/A energy pairs, memset 1 GiB vs itself, %d trials (interleaved, energyUpdates=1, %d ABBA rounds, margin 5%%): "
                        + "PARITY in %d/%d; ratio mean %.4f, range %.4f-%.4f; interval width median %.4f", trials, aaRounds,
                parity, trials, Dispersion.mean(ratios), min(ratios), max(ratios), Percentiles.median(widths));
    }

    // ------------------------------------------------------------------ helpers

    private static void awaitUpdates(EnergyWatch w, int n) {
        int target = w.updateCount() + n;
        long deadline = System.nanoTime() + 5_000_000_000L + n * 200_000_000L;
        while (w.updateCount() < target && System.nanoTime() < deadline) {
            LockSupport.parkNanos(2_000_000);
        }
        if (w.updateCount() < target) {
            throw new IllegalStateException("the energy counter did not move: " + w.updateCount() + " updates");
        }
    }

    private static double min(double[] v) {
        return Arrays.stream(v).min().orElse(Double.NaN);
    }

    private static double max(double[] v) {
        return Arrays.stream(v).max().orElse(Double.NaN);
    }

    /** Where the work runs: the GPU, or the host with a simulated counter. */
    interface Rig {
        SnsEngine engine();

        EnergyCounter counter();

        Workload memset1G();

        /** A copy of {@code bytes} (read) into as many (written). */
        Workload copy(long bytes);

        /** One thread on one SM spins {@code nanos}. */
        Workload spinOne(long nanos);

        /** Every SM spins {@code nanos} (a block of 1024 threads on each). */
        Workload spinAll(long nanos);

        /** {@link #spinAll} launched now and waited for. */
        void spinAllNow(long nanos);

        void close();
    }

    /** The GPU: CUDA through sns's own engine, NVML's counter. */
    static final class CudaRig implements Rig {
        private final SnsEngine engine = new SnsEngine(Timers.detect());
        private final CudaContext ctx = CudaContext.primary(0);
        private final Kernel spin = SampleKernels.kernel(ctx, "spin_ns");
        private final Kernel copyKernel = SampleKernels.kernel(ctx, "copy_f32");
        private final DeviceBuffer big = ctx.allocate(1L << 30);
        private final DeviceBuffer out = ctx.allocate(512L << 20);
        private final CudaStream stream = ctx.createStream();
        private final EnergyCounter counter = Timers.detect().openEnergyCounter(SnsOptions.defaults());
        private final int sms = ctx.describe().smCount();

        @Override
        public SnsEngine engine() {
            return engine;
        }

        @Override
        public EnergyCounter counter() {
            if (!counter.unavailableReason().isEmpty()) {
                throw new IllegalStateException("no energy counter: " + counter.unavailableReason());
            }
            return counter;
        }

        @Override
        public Workload memset1G() {
            return s -> big.fill32(0x3F800000, s);
        }

        @Override
        public Workload copy(long bytes) {
            Kernel.KernelArgs a = Kernel.KernelArgs.of().ptr(big).ptr(out).i64(bytes / 4);
            int blocks = SampleKernels.blocks(ctx);
            return s -> copyKernel.launch(s, blocks, 256, a);
        }

        @Override
        public Workload spinOne(long nanos) {
            Kernel.KernelArgs a = Kernel.KernelArgs.of().i64(nanos);
            return s -> spin.launch(s, 1, 1, a);
        }

        @Override
        public Workload spinAll(long nanos) {
            Kernel.KernelArgs a = Kernel.KernelArgs.of().i64(nanos);
            return s -> spin.launch(s, sms, 1024, a);
        }

        @Override
        public void spinAllNow(long nanos) {
            spin.launch(stream, sms, 1024, Kernel.KernelArgs.of().i64(nanos));
            stream.synchronize();
        }

        @Override
        public void close() {
            stream.close();
            big.close();
            out.close();
        }
    }

    /**
     * The host with a simulated device: a counter that steps every 100 ms by the energy of the power
     * the work set (idle 120 W), work that busy-waits its duration. Checks the program's logic and
     * timing, not the GPU.
     */
    static final class SimRig implements Rig {
        static final double IDLE_W = 120;
        private final SimCounter counter = new SimCounter(IDLE_W, 100_000_000L);
        private final SnsEngine engine = new SnsEngine(new SimBackend(counter), System.err::println);

        @Override
        public SnsEngine engine() {
            return engine;
        }

        @Override
        public EnergyCounter counter() {
            return counter;
        }

        private Workload busy(long nanos, double watts) {
            return s -> counter.busy(nanos, watts);
        }

        @Override
        public Workload memset1G() {
            return busy(240_000, 450);
        }

        @Override
        public Workload copy(long bytes) {
            return busy(bytes * 2 / 4_000L, 500); // 4 TB/s (4000 bytes a nanosecond), read and written
        }

        @Override
        public Workload spinOne(long nanos) {
            return busy(nanos, 165);
        }

        @Override
        public Workload spinAll(long nanos) {
            return busy(nanos, 340);
        }

        @Override
        public void spinAllNow(long nanos) {
            counter.busy(nanos, 340);
        }

        @Override
        public void close() {}
    }

    /** A counter on the host clock integrating the power the simulated work sets, stepping every period. */
    static final class SimCounter implements EnergyCounter {
        private final double idleWatts;
        private final long period;
        private final long origin = System.nanoTime();
        private double watts;
        private long since;
        private double joules;
        private double atStep;
        private long stepIndex;

        SimCounter(double idleWatts, long period) {
            this.idleWatts = idleWatts;
            this.watts = idleWatts;
            this.period = period;
        }

        /** Busy-waits {@code nanos} at {@code w} watts. */
        void busy(long nanos, double w) {
            set(w);
            long until = System.nanoTime() + nanos;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            set(idleWatts);
        }

        private synchronized void set(double w) {
            advance();
            watts = w;
        }

        /** Integrates to now, remembering the energy at every step boundary passed. */
        private void advance() {
            long now = System.nanoTime() - origin;
            while ((stepIndex + 1) * period <= now) {
                long boundary = (stepIndex + 1) * period;
                joules += watts * (boundary - since) * 1e-9;
                since = boundary;
                atStep = joules;
                stepIndex++;
            }
            joules += watts * (now - since) * 1e-9;
            since = now;
        }

        @Override
        public synchronized double millijoules() {
            advance();
            return atStep * 1e3;
        }

        @Override
        public synchronized double powerW() {
            return watts;
        }

        @Override
        public double temperatureC() {
            return 40;
        }
    }

    /**
     * A backend whose "GPU" is the host: wall-clock timer, no telemetry, the simulated counter. Given to
     * the engine directly, never found by detection.
     */
    static final class SimBackend implements GpuBackend {
        private static final GpuDevice DEVICE = new GpuDevice(0, "simulated H200", "9.0", 132, 60L << 20, 141L << 30, 1980,
                3201, 6144, "00000000:00:00.0");
        private final SimCounter counter;

        SimBackend(SimCounter counter) {
            this.counter = counter;
        }

        @Override
        public String name() {
            return "simulated";
        }

        @Override
        public Status probe() {
            return new Status(true, "", List.of(DEVICE), "13.0");
        }

        @Override
        public Timer openTimer(GpuDevice device, SnsOptions options) {
            return new HostTimer();
        }

        @Override
        public GpuTelemetry openTelemetry(GpuDevice device, SnsOptions options) {
            return GpuTelemetry.none("simulated: no clock evidence");
        }

        @Override
        public EnergyCounter openEnergyCounter(GpuDevice device, SnsOptions options) {
            return counter;
        }
    }
}
