package dev.sns.jmh.host;

import dev.sns.clocks.ClockLockError;
import dev.sns.clocks.ClockPolicy;
import dev.sns.jmh.link.ForkProperties;
import dev.sns.jmh.link.JmhScoreWindows;
import dev.sns.jmh.link.ProfilerOptions;
import dev.sns.jmh.link.SnsResult;
import dev.sns.jmh.link.WindowSamples;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.BenchmarkException;

/**
 * The profiler's half in the host JVM (JMH makes one per benchmark and reuses it for its forks):
 * passes the options and the fork's number to each fork, applies the clock policy before each fork
 * and restores it after (and, should the fork die, as soon as its process ends, and in a shutdown
 * hook), checks that a GPU benchmark's fork produced sns samples (a CPU benchmark's windows it builds
 * from JMH's own scores: its fork sends none), and hands each finished fork to the {@link HostRun}.
 */
public final class HostHalf {
    private final ProfilerOptions options;
    private int forks;
    private ClockPolicy policy;
    private ForkWatch watch;
    private final List<WindowSamples> inProcessWindows = new ArrayList<>();
    /** The token on the command line of the fork about to start (its watch finds it by this). */
    private String forkToken = "";
    /** The number of the fork about to start, as passed to it ({@link ForkProperties#FORK}). */
    private int forkNumber;
    /** Whether this benchmark takes a {@code GpuBlackhole} (its forks must send sns windows); null until first asked. */
    private Boolean gpuBlackhole;
    private int inProcessIterations;

    public HostHalf(ProfilerOptions options) {
        this.options = options;
    }

    /** The options line and the fork's number, and the host properties forks inherit. */
    public List<String> addJVMOptions(BenchmarkParams params) {
        List<String> opts = new ArrayList<>();
        // a fork never records the history: its line carries no password (and so no process listing shows one)
        opts.add("-D" + ForkProperties.OPTIONS + "=" + dev.sns.options.Secrets.mask(options.initLine()));
        opts.add("-D" + ForkProperties.BOOTSTRAP + "=" + ForkProperties.bootstrapText(options.timing().bootstrap()));
        if (options.timing().energy()) {
            opts.add("-D" + ForkProperties.ENERGY + "=true");
        }
        forkNumber = HostRun.current().forkNumber(params.getBenchmark(), forks);
        opts.add("-D" + ForkProperties.FORK + "=" + forkNumber);
        forkToken = java.util.UUID.randomUUID().toString();
        opts.add("-D" + ForkProperties.FORK_TOKEN + "=" + forkToken);
        if (nativeAccessFlag(javaMajor(params.getJdkVersion()))
                && params.getJvmArgs().stream().noneMatch(a -> a.startsWith("--enable-native-access"))) {
            // JCuda and JNA load native libraries: Java 22+ warns in every fork unless this is said
            opts.add("--enable-native-access=ALL-UNNAMED");
        }
        if (javaMajor(params.getJdkVersion()) >= 23
                && params.getJvmArgs().stream().noneMatch(a -> a.startsWith("--sun-misc-unsafe-memory-access"))) {
            // JMH itself uses sun.misc.Unsafe: Java 24+ warns about it in every fork, between iteration lines
            opts.add("--sun-misc-unsafe-memory-access=allow");
        }
        for (String p : ForkProperties.INHERITED) {
            String v = System.getProperty(p);
            if (v != null && params.getJvmArgs().stream().noneMatch(a -> a.startsWith("-D" + p + "="))) {
                opts.add("-D" + p + "=" + v);
            }
        }
        return opts;
    }

    /**
     * Whether a fork of this Java release gets {@code --enable-native-access=ALL-UNNAMED}: from 22 on,
     * where loading a native library without it warns. Before 22 the option buys nothing and costs every
     * fork: it turns off the CDS archive's module graph (about 90 ms more CPU to start a JVM on the
     * 2-core development box, measured with JMH's {@code -h}).
     */
    static boolean nativeAccessFlag(int javaMajor) {
        return javaMajor >= 22;
    }

    /** The feature release of a JDK version string ("17.0.15" is 17, "1.8.0_402" is 8); 0 when unknown. */
    static int javaMajor(String version) {
        try {
            String[] parts = version.split("[.+_-]");
            int first = Integer.parseInt(parts[0]);
            return first == 1 && parts.length > 1 ? Integer.parseInt(parts[1]) : first;
        } catch (RuntimeException e) {
            return 0;
        }
    }

    /**
     * A line said while JMH's "# Preparing profilers: sns " line is still open: on a line of its own
     * (after a fresh line), not spliced into JMH's.
     */
    private static void sayInBanner(String msg) {
        HostRun run = HostRun.current();
        run.lineOpen(true);
        run.say(msg);
    }

    /** Before a fork: registers it, waits for pending restores, and applies the clock policy. */
    public void beforeTrial(BenchmarkParams params) {
        forks++;
        try {
            HostRun.current().forkStarting(options, params);
        } catch (IllegalStateException e) {
            System.out.println(e.getMessage()); // the report directory cannot be had: said, and every fork fails
            throw new BenchmarkException(e);
        }
        if (!HostRun.underSnsMain()) {
            // JMH's own Main: the fork's exception text reaches results.json as under the sns Main; where JMH's
            // link cannot be tapped the benchmark still fails, naming the iteration that threw
            LinkFailureTap.install(params, HostRun.current());
        }
        if (forks == 1 && !HostRun.underSnsMain()) {
            refuseSnsMainOnly(params);
        }
        if (options.timing().timer() == dev.sns.timing.TimerKind.CUDA) {
            // The sns Main refuses this before anything runs; under JMH's own Main this is the first word sns has.
            dev.sns.gpu.GpuBackend.Status gpu = dev.sns.Timers.detect().backend().probe();
            if (!gpu.available()) {
                String msg = "sns: " + params.getBenchmark() + ": timer=cuda, and there is no GPU here ("
                        + BenchmarkSelection.shortReason(gpu.reason()) + "): use timer=auto (the GPU where there is one) "
                        + "or timer=wall";
                sayInBanner(msg);
                HostRun.current().benchmarkFailed(params, msg);
                throw new BenchmarkException(new IllegalStateException(msg));
            }
        }
        String clocks = options.timing().clocksSpec();
        String device;
        try {
            device = smiDevice(params);
        } catch (RuntimeException e) {
            String msg = "sns: " + params.getBenchmark() + ": no device for clock policy " + clocks + ": " + e.getMessage();
            sayInBanner(msg);
            HostRun.current().benchmarkFailed(params, msg);
            throw new BenchmarkException(e);
        }
        ForkWatch.awaitAll(device); // a restore after an earlier fork of this GPU must not land on top of this lock
        try {
            policy = options.timing().clocks(device); // one policy per fork: its restore follows its apply
            policy.apply();
        } catch (ClockLockError | IllegalArgumentException e) {
            String msg = "sns: " + params.getBenchmark() + ": clock policy " + clocks + " failed: " + e.getMessage();
            sayInBanner(msg);
            HostRun.current().benchmarkFailed(params, msg);
            throw new BenchmarkException(e);
        }
        int fork = forks - 1;
        watch = ForkWatch.start(policy, budgetMillis(params, options.forkTimeoutSeconds()), new ForkWatch.Faults() {
            @Override
            public void ended(String why) {
                HostRun.current().forkEnded(params, fork, why);
            }

            @Override
            public void restoreFailed(String why) {
                HostRun.current().restoreFailed(params, fork, why);
            }
        }, device, forkToken);
    }

    /**
     * Under JMH's own Main, a benchmark whose {@code @GpuTiming} asks for adaptive precision fails with
     * why (the line's keys were refused when the profiler was made): only the sns Main adds forks.
     */
    private void refuseSnsMainOnly(BenchmarkParams params) {
        dev.sns.options.SnsOptions own;
        try {
            own = dev.sns.jmh.link.GpuTimingOverrides.apply(options.timing(), params.getBenchmark(),
                    HostHalf.class.getClassLoader());
        } catch (IllegalArgumentException e) {
            return; // a bad @GpuTiming: its fork says so
        }
        List<String> keys = new ArrayList<>();
        if (Double.compare(own.halfWidthPct(), options.timing().halfWidthPct()) != 0) {
            keys.add("halfWidth");
        }
        if (Double.compare(own.maxSamplingMs(), options.timing().maxSamplingMs()) != 0) {
            keys.add("maxSamplingMs");
        }
        if (!keys.isEmpty()) {
            String msg = "sns: " + params.getBenchmark() + ": " + ProfilerOptions.needsSnsMain(keys, " in its @GpuTiming");
            sayInBanner(msg);
            HostRun.current().benchmarkFailed(params, msg);
            throw new BenchmarkException(new IllegalStateException(msg));
        }
    }

    /**
     * How nvidia-smi names the GPU of this fork (its UUID: CUDA and NVML order devices differently):
     * the device the sns Main gave the fork, else the first that {@code devices} selects. Nothing is
     * probed for the unlocked policy, which touches no GPU. Under JMH's own Main a selection of several
     * GPUs is said once: only the first is measured there.
     */
    private String smiDevice(BenchmarkParams params) {
        int d = ForkProperties.device(params.getJvmArgs());
        List<dev.sns.gpu.GpuDevice> run = HostRun.current().devices();
        for (dev.sns.gpu.GpuDevice g : run) {
            if (g.index() == d) {
                return g.smiSelector();
            }
        }
        boolean unlocked = options.timing().clocksSpec().equals("unlocked");
        if (run.isEmpty() && !options.timing().devices().isSingleIndex() && d < 0) {
            List<dev.sns.gpu.GpuDevice> selected;
            try {
                selected = dev.sns.Timers.detect().devices(options.timing());
            } catch (RuntimeException noGpu) {
                if (unlocked) {
                    return ""; // a CPU benchmark on a host without the GPUs devices= names: nothing to touch
                }
                throw noGpu;
            }
            if (selected.size() > 1) {
                HostRun.current().sayOnce("first device", "sns: devices=" + options.timing().devices() + " selects "
                        + selected.size() + " GPUs; JMH's own Main measures on the first, " + selected.get(0).label()
                        + ": the sns Main (SnsMain, benchmarks.jar's Main-Class) measures on each");
            }
            return unlocked ? "" : selected.get(0).smiSelector();
        }
        if (unlocked) {
            return d < 0 ? "" : Integer.toString(d);
        }
        dev.sns.Timers timers = dev.sns.Timers.detect();
        if (!timers.backend().probe().available()) {
            // the host cannot see the GPU its forks use (a backend chosen in the forks only): nvidia-smi
            // is given the CUDA index, right where CUDA and NVML order the devices alike
            return d >= 0 ? Integer.toString(d) : options.timing().devices().isSingleIndex()
                    ? options.timing().devices().tokens().get(0) : "0";
        }
        return d < 0 ? timers.device(options.timing()).smiSelector()
                : timers.backend().probe().device(d).smiSelector();
    }

    /**
     * How long a fork may live: what its iterations may take by JMH's own rules (each iteration's
     * time plus its timeout, {@code -to}), plus a minute to start the JVM and set up; or the
     * {@code forkTimeout} option.
     */
    static long budgetMillis(BenchmarkParams p, int forkTimeoutSeconds) {
        if (forkTimeoutSeconds > 0) {
            return forkTimeoutSeconds * 1000L;
        }
        long timeout = p.getTimeout().convertTo(java.util.concurrent.TimeUnit.MILLISECONDS);
        long warmup = p.getWarmup().getCount() * (millis(p.getWarmup().getTime()) + timeout);
        long measure = p.getMeasurement().getCount() * (millis(p.getMeasurement().getTime()) + timeout);
        return warmup + measure + 60_000;
    }

    private static long millis(org.openjdk.jmh.runner.options.TimeValue t) {
        return t == null ? 0 : t.convertTo(java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    /**
     * After a fork: restores the clocks and hands the fork's windows to the run.
     *
     * @return what JMH adds to the fork's result: for a CPU benchmark, whose fork sent no sns result, the
     *     {@code sns} result of the windows built here from JMH's scores (JMH aggregates it over the forks
     *     into the {@code sns} metric and its derivatives, as it does a fork's own); otherwise nothing
     */
    public List<Result> afterTrial(BenchmarkResult br) {
        HostRun.current().lineOpen(true); // JMH printed "# Processing profiler results: SnsProfiler "
        try {
            return afterFork(br);
        } finally {
            HostRun.current().lineOpen(false);
        }
    }

    private List<Result> afterFork(BenchmarkResult br) {
        if (watch != null) {
            watch.cancel();
            watch = null;
        }
        BenchmarkParams params = br.getParams();
        int fork = forks - 1;
        if (policy != null) {
            policy.restore();
            if (!policy.restoreFailure().isEmpty()) {
                HostRun.current().restoreFailed(params, fork, policy.restoreFailure());
            }
        }
        try {
            return handOver(br, params, fork);
        } catch (BenchmarkException e) {
            throw e;
        } catch (RuntimeException e) {
            // a defect of ours: the benchmark fails with it named, the run goes on and exits non-zero
            String msg = "sns: " + params.getBenchmark() + ": fork " + (fork + 1) + ": the sns host failed to take "
                    + "the fork's samples: " + e;
            System.out.println(msg);
            HostRun.current().benchmarkFailed(params, msg);
            throw new BenchmarkException(e);
        }
    }

    private List<Result> handOver(BenchmarkResult br, BenchmarkParams params, int fork) {
        List<WindowSamples> windows = new ArrayList<>();
        for (IterationResult ir : br.getIterationResults()) {
            for (Result<?> r : ir.getRawSecondaryResults().get(SnsResult.LABEL)) {
                if (r instanceof SnsResult s) {
                    windows.addAll(s.windows());
                }
            }
        }
        List<Result> results = List.of();
        if (windows.isEmpty() && !timesWithGpuBlackhole(params)) {
            windows = cpuWindows(br, params);
            if (!windows.isEmpty()) {
                results = List.of(new SnsResult(windows, options.timing().bootstrap(), params.getTimeUnit()));
            }
        }
        if (windows.isEmpty()) {
            String msg = "sns: " + params.getBenchmark() + ": fork " + (fork + 1) + " produced no sns samples: the sns "
                    + "profiler did not run in the forked JVM (see its output above; is sns-jmh-profiler on the "
                    + "fork's classpath?)";
            System.out.println(msg);
            HostRun.current().benchmarkFailed(params, msg);
            throw new BenchmarkException(new IllegalStateException(msg));
        }
        int measured = (int) br.getIterationResults().stream().count();
        HostRun.current().forkFinished(params, fork, windows, Math.max(0, params.getMeasurement().getCount() - measured));
        return results;
    }

    /**
     * Whether this benchmark takes a {@code GpuBlackhole}: its forks must send sns samples (one marked
     * {@code @RequiresGpu} without one is timed by JMH alone, and its windows are built here).
     */
    private boolean timesWithGpuBlackhole(BenchmarkParams params) {
        if (gpuBlackhole == null) {
            gpuBlackhole = BenchmarkSelection.timesWithGpuBlackhole(params.getBenchmark());
        }
        return gpuBlackhole;
    }

    /**
     * A CPU benchmark's fork (no {@code GpuBlackhole}) sends no sns result: its windows are JMH's own
     * scores, which JMH sent anyway, one per measurement iteration that has a score (one in which the
     * benchmark threw has none).
     */
    private List<WindowSamples> cpuWindows(BenchmarkResult br, BenchmarkParams params) {
        List<WindowSamples> windows = new ArrayList<>();
        int iteration = 0;
        for (IterationResult ir : br.getIterationResults()) {
            if (ir.getRawPrimaryResults().isEmpty()) {
                iteration++;
                continue;
            }
            WindowSamples w = JmhScoreWindows.window(params, ir, forkNumber, iteration++, options.timing().energy());
            windows.add(w);
        }
        return windows;
    }

    /**
     * With {@code -f 0} JMH runs the benchmark in its own JVM and calls no external profiler: no clock
     * policy, no fork watch, no afterTrial. The iterations' windows are recorded here instead, as one
     * fork, and the run says once what it could not do.
     */
    public void inProcess(BenchmarkParams params, IterationParams iteration, List<? extends Result> results) {
        if (iteration.getType() != org.openjdk.jmh.runner.IterationType.MEASUREMENT) {
            return;
        }
        // JMH's "Iteration N:" waits for its score: what sns says now comes after it (the sns Main prints it
        // once JMH's line is done; under JMH's own Main, which has no callback at a line's end, when the run ends)
        HostRun.current().holdConsole();
        HostRun.current().sayOnce("in process", "sns: -f 0 runs benchmarks in JMH's own JVM: sns records what it "
                + "measures there, but applies no clock policy and watches no fork, and JMH warns that such runs are "
                + "unreliable for profilers; use forks (-f 1 or more) for results to trust");
        if (inProcessIterations == 0) {
            inProcessWindows.clear();
            HostRun.current().forkStarting(options, params);
        }
        for (Result<?> r : results) {
            if (r instanceof SnsResult s) {
                inProcessWindows.addAll(s.windows());
            }
        }
        inProcessIterations++;
        if (inProcessIterations >= iteration.getCount()) {
            inProcessIterations = 0;
            if (!inProcessWindows.isEmpty()) {
                HostRun.current().forkFinished(params, 0, new ArrayList<>(inProcessWindows), 0);
            }
        }
    }
}
