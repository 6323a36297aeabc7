package dev.sns.jmh.fork;

import dev.sns.Timers;
import dev.sns.gpu.GpuEnvironment;
import dev.sns.gpu.GpuTelemetry;
import dev.sns.jmh.link.EnergySamples;
import dev.sns.jmh.link.ForkProperties;
import dev.sns.jmh.link.JmhScoreWindows;
import dev.sns.jmh.link.ProfilerOptions;
import dev.sns.jmh.link.SnsResult;
import dev.sns.jmh.link.WindowSamples;
import dev.sns.model.ClockEvidence;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.IterationType;

/**
 * The profiler's half in a forked JVM (one per fork, its iterations in turn): brackets each
 * measurement iteration with telemetry and returns the iteration's samples as an {@link SnsResult}.
 * Benchmarks that do not use {@code GpuBlackhole} get one sample per iteration from JMH's own score:
 * in a fork the host builds that window from the iteration result JMH sends it anyway, and the fork
 * sends nothing of its own; with {@code -f 0} it is built here ({@link JmhScoreWindows}).
 * What the fork knows once (the launch overhead's samples, its environment) rides on its first
 * window timed by {@code GpuBlackhole}.
 */
public final class ForkHalf {
    /** The fork's options, parsed at the first need: a CPU benchmark's fork never loads the option table. */
    private final Supplier<ProfilerOptions> optionsLine;
    private ProfilerOptions options;
    private GpuTelemetry telemetry;
    private int measurementIteration;
    private boolean onceSent;

    public ForkHalf(ProfilerOptions options) {
        this(() -> options);
    }

    /** A fork half whose options are parsed when first needed (a GPU window, energy, an unset bootstrap). */
    public ForkHalf(Supplier<ProfilerOptions> options) {
        this.optionsLine = options;
    }

    private ProfilerOptions options() {
        if (options == null) {
            options = optionsLine.get();
        }
        return options;
    }

    /** The bootstrap the host passed ({@link ForkProperties#BOOTSTRAP}), else the options'. */
    private dev.sns.stats.BootstrapSettings bootstrap() {
        dev.sns.stats.BootstrapSettings b = ForkProperties.bootstrap();
        return b != null ? b : options().timing().bootstrap();
    }

    /**
     * Drops warm-up leftovers and, for a measurement iteration of a benchmark that uses the GPU, starts
     * the window's telemetry. Nothing GPU-related is loaded for a benchmark that never made a
     * {@code GpuBlackhole}: a CPU benchmark's fork starts as fast as without sns.
     */
    public void beforeIteration(IterationParams iterationParams) {
        ForkSamples.drain(); // warm-up leftovers are not samples
        if (iterationParams.getType() != IterationType.MEASUREMENT) {
            return;
        }
        if (!ForkSamples.gpuInUse()) {
            return; // a CPU benchmark's window: JMH's score, no telemetry, no energy
        }
        if (telemetry == null) {
            telemetry = Timers.detect().openTelemetry(options().timing());
        }
        telemetry.beginWindow();
        if (options().timing().energy()) {
            ForkEnergy.FORK.markIteration();
        }
    }

    /**
     * The iteration's window: its samples (or JMH's score) and its clock evidence. Never throws: an
     * exception here would replace the benchmark's own in JMH's report. An iteration in which the
     * benchmark threw (it has no score) gives no window, so that JMH reports the benchmark's exception
     * as it is; a failure of sns itself is said on standard error and gives no window either (the host
     * then finds the iteration missing and says so).
     */
    public List<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                 IterationResult result) {
        List<ForkSamples.Drained> drained = ForkSamples.drain();
        if (iterationParams.getType() != IterationType.MEASUREMENT) {
            return List.of();
        }
        boolean last = measurementIteration + 1 >= iterationParams.getCount();
        try {
            if (drained.isEmpty() && telemetry == null && !ForkSamples.gpuInUse() && benchmarkParams.getForks() > 0
                    && ForkProperties.inFork()) {
                // A CPU benchmark's window: the host builds it from JMH's own score (JmhScoreWindows), which JMH
                // sends anyway; the fork sends nothing of its own (serializing an sns result cost it ~9 ms cold).
                return List.of();
            }
            ClockEvidence evidence = telemetry != null ? telemetry.endWindow().withLocked(lockedByHost())
                    : ClockEvidence.none(drained.isEmpty() ? CPU_EVIDENCE
                            : "no clock evidence: the GpuBlackhole was made after this window began (-wi 0?)", false);
            if (telemetry == null && !drained.isEmpty() && !last) {
                telemetry = Timers.detect().openTelemetry(options().timing()); // from the next window on
            }
            if (result.getRawPrimaryResults().isEmpty()) {
                last = true; // the benchmark threw: JMH ends the trial after this iteration
                return List.of();
            }
            int fork = ForkProperties.forkNumber();
            int iteration = measurementIteration;
            WindowSamples w;
            if (drained.isEmpty()) {
                w = JmhScoreWindows.window(benchmarkParams, result, fork, iteration, ForkProperties.bootstrap() != null
                        ? Boolean.getBoolean(ForkProperties.ENERGY) : options().timing().energy());
            } else {
                Map<String, String> fp = fingerprintOnce(drained);
                w = fromSessions(drained, fork, iteration, evidence, !onceSent, fp);
                if (fp != null) {
                    w.withBoard(boardOf());
                }
                onceSent = true;
                if (options().timing().energy()) {
                    w.withEnergy(drained.get(0).gpu() ? ForkEnergy.FORK.take(options().timing())
                            : EnergySamples.unavailable("timed on the wall clock (no GPU timer): no energy counter"));
                }
            }
            return List.of(new SnsResult(List.of(w), bootstrap(), benchmarkParams.getTimeUnit()));
        } catch (RuntimeException | LinkageError e) {
            System.err.println("sns: measurement iteration " + (measurementIteration + 1) + " of "
                    + benchmarkParams.getBenchmark() + " could not be recorded: " + e);
            return List.of();
        } finally {
            measurementIteration++;
            if (last) {
                endTrial(); // with -f 0 the next trial reopens the telemetry
            }
        }
    }

    /** Closes the trial's telemetry and forgets what was sent: the next trial starts afresh. */
    private void endTrial() {
        if (telemetry != null) {
            telemetry.close();
            telemetry = null;
        }
        measurementIteration = 0;
        onceSent = false;
        if (ForkSamples.gpuInUse()) { // only a GpuBlackhole's session opens the energy watch
            ForkEnergy.FORK.close();
        }
    }

    /**
     * Clocks are locked when a lock was asked for and this JVM was forked by the host half: the host
     * applies and verifies the lock before starting the fork, and fails the benchmark if it cannot.
     */
    private boolean lockedByHost() {
        return ForkProperties.inFork() && !options().timing().clocksSpec().equals("unlocked");
    }

    /** This fork's environment with its GPU, for its first GPU window; null otherwise. */
    private Map<String, String> fingerprintOnce(List<ForkSamples.Drained> drained) {
        if (onceSent || !drained.get(0).gpu()) {
            return null;
        }
        Timers timers = Timers.detect();
        return GpuEnvironment.capture(timers.backend(), timers.device(options().timing())).asMap();
    }

    /** This fork's board (which physical GPU), for its first GPU window; never throws. */
    private dev.sns.model.BoardIdentity boardOf() {
        try {
            Timers timers = Timers.detect();
            return timers.backend().board(timers.device(options.timing()));
        } catch (RuntimeException | LinkageError e) {
            return dev.sns.model.BoardIdentity.unknown("the board could not be read: " + e);
        }
    }

    /**
     * The threads' samples together (the first thread's timer, inner reps and overhead speak for the
     * window); with {@code isFirst}, the fork's overhead samples and {@code fingerprint} ride along.
     */
    static WindowSamples fromSessions(List<ForkSamples.Drained> drained, int fork, int iteration, ClockEvidence evidence,
                                      boolean isFirst, Map<String, String> fingerprint) {
        int n = 0;
        for (ForkSamples.Drained d : drained) {
            n += d.perCallNanos().length;
        }
        double[] x = new double[n];
        int[] threads = new int[n];
        int k = 0;
        for (ForkSamples.Drained d : drained) {
            System.arraycopy(d.perCallNanos(), 0, x, k, d.perCallNanos().length);
            Arrays.fill(threads, k, k + d.perCallNanos().length, d.thread());
            k += d.perCallNanos().length;
        }
        ForkSamples.Drained first = drained.get(0);
        return new WindowSamples(first.gpu() ? WindowSamples.GPU_SOURCE : WindowSamples.HOST_SOURCE, fork, iteration, x,
                threads, first.innerReps(), first.timer(), first.timerStepNanos(), first.flopsPerCall(),
                first.bytesPerCall(), evidence, isFirst ? first.overhead() : null, isFirst ? fingerprint : null,
                isFirst ? first.kernels() : null, isFirst ? first.peaks() : null);
    }

    private static final String CPU_EVIDENCE = WindowSamples.CPU_EVIDENCE;
}
