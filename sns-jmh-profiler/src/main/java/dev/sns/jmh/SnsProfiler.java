package dev.sns.jmh;

import dev.sns.SnsOptions;
import dev.sns.TimerSources;
import dev.sns.clocks.ClockLockError;
import dev.sns.clocks.ClockPolicies;
import dev.sns.clocks.ClockPolicy;
import dev.sns.gpu.GpuBackend;
import dev.sns.gpu.GpuTelemetry;
import dev.sns.model.ClockEvidence;
import dev.sns.model.EnvironmentFingerprint;
import dev.sns.stats.Interval;
import java.io.File;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.ExternalProfiler;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.BenchmarkException;
import org.openjdk.jmh.runner.IterationType;

/**
 * {@code -prof sns}: both halves of the sns profiler.
 *
 * <p><b>Host half</b> (ExternalProfiler; JMH makes one per benchmark and reuses it for its forks):
 * passes the options and the fork's number to each fork, applies the clock policy before each fork
 * and restores it after (and, should the fork die, as soon as its process ends, and in a shutdown
 * hook), checks that the fork produced sns samples, and hands each finished fork to the
 * {@link HostCollector}.
 *
 * <p><b>Fork half</b> (InternalProfiler): brackets each measurement iteration with telemetry and
 * returns the iteration's samples as an {@link SnsResult}. Benchmarks that do not use
 * {@link GpuBlackhole} get one sample per iteration from JMH's own score.
 *
 * <p>The constructor only parses options (JMH constructs profilers many times, in both JVMs);
 * nothing is opened until a callback needs it.
 */
public class SnsProfiler implements InternalProfiler, ExternalProfiler {
    /** System property carrying the options line to the forks. */
    public static final String OPTIONS_PROPERTY = "sns.options";
    /** System property carrying the fork's number (warm-up forks first). */
    public static final String FORK_PROPERTY = "sns.fork";

    private final SnsProfilerOptions options;

    // host half: one benchmark, its forks in turn
    private int forks;
    private ClockPolicy policy;
    private ForkWatch watch;

    // fork half: one fork, its iterations in turn
    private GpuTelemetry telemetry;
    private int measurementIteration;
    private Map<String, String> fingerprint;

    public SnsProfiler(String initLine) throws ProfilerException {
        try {
            this.options = SnsProfilerOptions.parse(initLine);
        } catch (IllegalArgumentException e) {
            throw new ProfilerException(e.getMessage());
        }
    }

    @Override
    public String getDescription() {
        return "sns: honest GPU timing: CUDA events per invocation, NVML clocks, bootstrap intervals and trust "
                + "tiers (options: -prof sns:help)";
    }

    /** The parsed options. */
    public SnsProfilerOptions options() {
        return options;
    }

    // ------------------------------------------------------------------ host half

    @Override
    public Collection<String> addJVMInvokeOptions(BenchmarkParams params) {
        return List.of();
    }

    @Override
    public Collection<String> addJVMOptions(BenchmarkParams params) {
        List<String> opts = new ArrayList<>();
        opts.add("-D" + OPTIONS_PROPERTY + "=" + options.initLine());
        opts.add("-D" + FORK_PROPERTY + "=" + HostCollector.get().forkNumber(params.getBenchmark(), forks));
        for (String p : new String[] {TimerSources.PROPERTY, "sns.gpu"}) {
            String v = System.getProperty(p);
            if (v != null && params.getJvmArgs().stream().noneMatch(a -> a.startsWith("-D" + p + "="))) {
                opts.add("-D" + p + "=" + v);
            }
        }
        return opts;
    }

    @Override
    public void beforeTrial(BenchmarkParams params) {
        int fork = forks++;
        HostCollector.get().forkStarting(options, params, fork);
        ForkWatch.awaitAll(); // a restore after an earlier fork must not land on top of this lock
        try {
            if (policy == null) {
                policy = ClockPolicies.parse(options.get("clocks"), options.get("smi"),
                        Integer.toString(options.device()));
            }
            policy.apply();
        } catch (ClockLockError | IllegalArgumentException e) {
            String msg = "sns: " + params.getBenchmark() + ": clock policy " + options.get("clocks") + " failed: "
                    + e.getMessage();
            System.out.println(msg);
            HostCollector.get().benchmarkFailed(params, msg);
            throw new BenchmarkException(e);
        }
        if (policy.locked()) {
            watch = ForkWatch.restoreWhenForkExits(policy);
        }
    }

    @Override
    public Collection<? extends Result> afterTrial(BenchmarkResult br, long pid, File stdOut, File stdErr) {
        if (watch != null) {
            watch.cancel();
            watch = null;
        }
        if (policy != null) {
            policy.restore();
        }
        BenchmarkParams params = br.getParams();
        int fork = forks - 1;
        List<WindowSamples> windows = new ArrayList<>();
        for (IterationResult ir : br.getIterationResults()) {
            for (Result r : ir.getRawSecondaryResults().get(SnsResult.LABEL)) {
                if (r instanceof SnsResult s) {
                    windows.addAll(s.windows());
                }
            }
        }
        if (windows.isEmpty()) {
            String msg = "sns: " + params.getBenchmark() + ": fork " + (fork + 1) + " produced no sns samples: the sns "
                    + "profiler did not run in the forked JVM (see its output above; is sns-jmh-profiler on the "
                    + "fork's classpath?)";
            System.out.println(msg);
            HostCollector.get().benchmarkFailed(params, msg);
            throw new BenchmarkException(new IllegalStateException(msg));
        }
        HostCollector.get().forkFinished(params, fork, windows);
        return List.of();
    }

    @Override
    public boolean allowPrintOut() {
        return true;
    }

    @Override
    public boolean allowPrintErr() {
        return true;
    }

    // ------------------------------------------------------------------ fork half

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        ForkSamples.drain(); // warm-up leftovers are not samples
        if (iterationParams.getType() != IterationType.MEASUREMENT) {
            return;
        }
        if (telemetry == null) {
            SnsOptions o = options.snsOptions();
            telemetry = TimerSources.detect(System.err::println).openTelemetry(o);
            fingerprint = EnvironmentFingerprint.capture(gpuDevice()).asMap();
        }
        telemetry.beginWindow();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        List<ForkSamples.Drained> drained = ForkSamples.drain();
        if (iterationParams.getType() != IterationType.MEASUREMENT) {
            return List.of();
        }
        ClockEvidence evidence = telemetry.endWindow().withLocked(lockedByHost());
        int fork = Integer.getInteger(FORK_PROPERTY, 0);
        int iteration = measurementIteration++;
        Map<String, String> fp = iteration == 0 ? fingerprint : Map.of();
        WindowSamples w = drained.isEmpty()
                ? fromJmhScore(benchmarkParams, result, fork, iteration, evidence, fp)
                : fromBlackholes(drained, fork, iteration, evidence, fp);
        if (measurementIteration == iterationParams.getCount()) {
            telemetry.close(); // the trial's last measurement iteration; with -f 0 the next trial reopens it
            telemetry = null;
            measurementIteration = 0;
        }
        return List.of(new SnsResult(List.of(w)));
    }

    /**
     * Clocks are locked when a lock was asked for and this JVM was forked by the host half: the host
     * applies and verifies the lock before starting the fork, and fails the benchmark if it cannot.
     */
    private boolean lockedByHost() {
        return System.getProperty(FORK_PROPERTY) != null && !options.get("clocks").equals("unlocked");
    }

    private dev.sns.gpu.GpuDevice gpuDevice() {
        GpuBackend.Status s = GpuBackend.detect();
        return s.available() && options.device() < s.devices().size() ? s.devices().get(options.device()) : null;
    }

    private WindowSamples fromBlackholes(List<ForkSamples.Drained> drained, int fork, int iteration,
                                         ClockEvidence evidence, Map<String, String> fp) {
        int n = 0;
        for (ForkSamples.Drained d : drained) {
            n += d.perCallNanos().length;
        }
        double[] x = new double[n];
        int[] threads = new int[n];
        int k = 0;
        for (ForkSamples.Drained d : drained) {
            System.arraycopy(d.perCallNanos(), 0, x, k, d.perCallNanos().length);
            java.util.Arrays.fill(threads, k, k + d.perCallNanos().length, d.thread());
            k += d.perCallNanos().length;
        }
        ForkSamples.Drained first = drained.get(0);
        return new WindowSamples(first.gpu() ? WindowSamples.GPU_SOURCE : WindowSamples.HOST_SOURCE, fork, iteration, x,
                threads, first.innerReps(), first.timer(), first.timerStepNanos(), first.overheadMedianNanos(),
                first.overheadIntervalNanos(), first.flopsPerCall(), first.bytesPerCall(), evidence,
                options.bootstrap(), fp);
    }

    /** One sample per iteration: JMH's score as time per operation, in nanoseconds. */
    private WindowSamples fromJmhScore(BenchmarkParams bp, IterationResult ir, int fork, int iteration,
                                       ClockEvidence evidence, Map<String, String> fp) {
        double score = ir.getPrimaryResult().getScore();
        double unitNanos = TimeUnit.NANOSECONDS.convert(1, bp.getTimeUnit());
        double nanosPerOp = switch (bp.getMode()) {
            // JMH sums throughput over threads: one thread's time per operation is threads / score.
            case Throughput -> unitNanos * bp.getThreads() / score;
            default -> score * unitNanos;
        };
        ClockEvidence none = ClockEvidence.none("no clock evidence: CPU benchmark (no GpuBlackhole)", false);
        return new WindowSamples(WindowSamples.JMH_SOURCE, fork, iteration, new double[] {nanosPerOp}, new int[] {0}, 1,
                "JMH iteration score (" + bp.getMode().shortLabel() + ")", 0.0, Double.NaN, (Interval) null, Double.NaN,
                Double.NaN, none, options.bootstrap(), fp);
    }
}
