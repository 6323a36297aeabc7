package dev.sns.jmh.host;

import dev.sns.jmh.link.ProfilerOptions;
import dev.sns.jmh.link.WindowSamples;
import dev.sns.model.SamplingStop;
import dev.sns.model.TimingResult;
import dev.sns.options.SnsOptions;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;

/**
 * Adaptive precision under the sns Main ({@code halfWidth}): after the selection ran as JMH's {@code -f}
 * and {@code -i} say (the first round), each benchmark whose interval is wider than its target gets more
 * forks of its own, round after round, their windows joining the ones it has ({@link HostRun#moreForks}),
 * until its interval meets the target or a cap is spent: the samples' GPU time ({@code maxSamplingMs}; a
 * fork that would pass it is not started) or the forks ({@code maxForks}). Each round gives a benchmark as
 * many forks as the square-root law predicts from its width now, at most as many again as it has, so the
 * law is checked against the forks' own spread before it is followed further.
 *
 * <p>What it does not adapt: benchmarks in pairs (their ABBA rounds are {@code rounds}, and a comparison
 * is made once, when both sides are in) and GPU benchmarks measured on several GPUs (rounds of one fork
 * per GPU). Their results report the precision they reached, as every result does.
 */
final class PrecisionRounds {
    /** What happens next to one benchmark: it stops, and why; or {@code forks} more run. */
    record Step(SamplingStop stop, int forks) {}

    /** The adaptive benchmarks (by name) and their options, with the run's {@code @GpuTiming} applied. */
    private final Map<String, SnsOptions> adaptive;
    private final int maxForks;
    /** The step each finished adaptive benchmark is at (by id), decided once, as its result is finalized. */
    private final Map<String, Step> steps = new LinkedHashMap<>();
    /** The windows of each benchmark that gets more forks (by id), for them to join; none kept once it stops. */
    private final Map<String, List<WindowSamples>> windows = new java.util.HashMap<>();
    /** Benchmarks a round could not add forks to (a fork failed): no more rounds for them. */
    private final Set<String> given = new HashSet<>();

    private PrecisionRounds(Map<String, SnsOptions> adaptive, int maxForks) {
        this.adaptive = adaptive;
        this.maxForks = maxForks;
    }

    /**
     * The precision rounds of a run, or null when no selected benchmark asks for a precision (neither
     * {@code -prof sns:halfWidth} nor its {@code @GpuTiming}). Benchmarks in {@code pairs}, and GPU
     * benchmarks of a run on several GPUs, keep their rounds: said once on {@code out}.
     *
     * @param timings each selected benchmark's timing options, its {@code @GpuTiming} applied
     * @param severalGpus whether GPU benchmarks run on several GPUs ({@link DeviceRounds})
     */
    static PrecisionRounds plan(ProfilerOptions sns, Map<String, SnsOptions> timings, List<Pairs.Pair> pairs,
                                boolean severalGpus, PrintStream out) {
        Set<String> paired = new HashSet<>();
        pairs.forEach(p -> {
            paired.add(p.candidate());
            paired.add(p.baseline());
        });
        Map<String, SnsOptions> adaptive = new LinkedHashMap<>();
        List<String> left = new ArrayList<>();
        List<String> onGpus = new ArrayList<>();
        for (Map.Entry<String, SnsOptions> e : timings.entrySet()) {
            String b = e.getKey();
            SnsOptions o = e.getValue();
            if (!Double.isNaN(o.halfWidthPct())) {
                if (paired.contains(b)) {
                    left.add(b);
                } else if (severalGpus && BenchmarkSelection.needsGpu(b)) {
                    onGpus.add(b);
                } else {
                    adaptive.put(b, o);
                }
            }
        }
        if (!left.isEmpty()) {
            out.println("sns: halfWidth: " + String.join(", ", left) + (left.size() == 1 ? " is" : " are") + " in a pair, "
                    + "which keeps its forks (" + (sns.abba() ? "ABBA rounds=" + sns.rounds() : "-f") + ": its comparison "
                    + "is made once, when both sides are in): precision rounds add forks to benchmarks outside pairs "
                    + "only, and every result reports the precision it reached");
        }
        if (!onGpus.isEmpty()) {
            out.println("sns: halfWidth: " + String.join(", ", onGpus) + " run" + (onGpus.size() == 1 ? "s" : "")
                    + " on several GPUs in rounds of one fork per GPU (rounds=" + sns.rounds() + "), kept as they are: "
                    + "precision rounds add forks on one GPU only (devices= one GPU), and every result reports the "
                    + "precision it reached");
        }
        return adaptive.isEmpty() ? null : new PrecisionRounds(adaptive, sns.maxForks());
    }

    /**
     * The result of benchmark {@code id} (of {@code benchmark}), just finalized from {@code windows}, with
     * why its sampling stopped when it stops here (the target or a cap); a result that gets more forks is
     * left as the analysis made it (a fixed count so far). The step decided here is the one {@link #run}
     * takes.
     */
    TimingResult stamp(String id, String benchmark, TimingResult r, List<WindowSamples> windows) {
        SnsOptions o = adaptive.get(benchmark);
        if (o == null) {
            return r;
        }
        int forks = (int) windows.stream().mapToInt(WindowSamples::fork).distinct().count();
        // JMH's own scores (a benchmark that timed nothing) are no GPU time: only the fork cap holds them
        boolean gpuTime = windows.stream().anyMatch(w -> !WindowSamples.JMH_SOURCE.equals(w.source()));
        Step s = next(r.precisionFraction(), o.halfWidthPct() / 100, forks, r.samplingGpuMillis(),
                gpuTime ? o.maxSamplingMs() : Double.NaN, maxForks);
        steps.put(id, s);
        if (s.stop() == null) {
            this.windows.put(id, List.copyOf(windows));
        } else {
            this.windows.remove(id);
        }
        return s.stop() == null ? r : r.toBuilder().sampling(s.stop(), o.halfWidthPct() / 100, r.samplingGpuMillis()).build();
    }

    /**
     * What precision rounds do next with one benchmark.
     *
     * @param reached its precision now, half its interval's width over its median (NaN: no interval)
     * @param target the precision asked for, the same way
     * @param forks the forks its result has
     * @param gpuMs the GPU time its samples took so far, ms
     * @param maxGpuMs the cap on that time (NaN: none, as for JMH's own scores, which are no GPU time)
     * @param maxForks the most forks it may have
     * @return the stop and why (no more forks), or the forks to run next: as many as the width falls by
     *     one over the square root of the forks predicts, at least one, at most as many again as it has,
     *     and never past either cap
     */
    static Step next(double reached, double target, int forks, double gpuMs, double maxGpuMs, int maxForks) {
        if (reached <= target) {
            return new Step(SamplingStop.TARGET, 0);
        }
        int room = maxForks - forks;
        if (room <= 0) {
            return new Step(SamplingStop.FORK_CAP, 0);
        }
        double perFork = gpuMs / forks;
        long byTime = Double.isNaN(maxGpuMs) || !(perFork > 0) ? Long.MAX_VALUE
                : (long) Math.floor((maxGpuMs - gpuMs) / perFork);
        if (byTime <= 0) {
            return new Step(SamplingStop.TIME_CAP, 0);
        }
        double law = Double.isNaN(reached) ? forks + 1 : Math.ceil(forks * (reached / target) * (reached / target) - 1e-9);
        long more = Math.max(1, Math.min((long) law - forks, forks));
        return new Step(null, (int) Math.min(more, Math.min(room, byTime)));
    }

    /** The windows of benchmark {@code id}'s forks so far (empty when it gets no more forks). */
    List<WindowSamples> windows(String id) {
        return windows.getOrDefault(id, List.of());
    }

    /** The number of distinct forks among a result's samples' forks. */
    static int forks(int[] forkIds) {
        return (int) Arrays.stream(forkIds).distinct().count();
    }

    /**
     * The rounds: while a finished adaptive benchmark is above its target with caps left, one JMH run of
     * its next forks each (its mode and parameters pinned), saying each round and each benchmark's step.
     */
    void run(ChainedOptionsBuilder options, OutputFormat format, RunOutput progress, List<RunResult> results,
             PrintStream out) throws RunnerException {
        HostRun run = HostRun.current();
        for (int round = 2; ; round++) {
            Map<Finished, Step> wanted = wanted(run.finishedBenchmarks());
            if (wanted.isEmpty()) {
                return;
            }
            out.println("sns: precision round " + round + ": " + wanted.size() + " benchmark" + (wanted.size() == 1 ? "" : "s")
                    + " above " + targets(wanted.keySet()));
            progress.rounds();
            for (Map.Entry<Finished, Step> e : wanted.entrySet()) {
                Finished f = e.getKey();
                int before = forks(f.forkIds());
                out.println(String.format(Locale.ROOT, "sns: precision round %d: %s: +-%.3g%% after %d fork%s and %.4g ms "
                        + "of GPU time: %d more", round, f.id(), 100 * f.result().precisionFraction(), before,
                        before == 1 ? "" : "s", f.result().samplingGpuMillis(), e.getValue().forks()));
                progress.precisionRound(f.id(), round);
                run.moreForks(f, Arrays.stream(f.forkIds()).max().orElse(-1) + 1);
                ShardSuite.Unit unit = new ShardSuite.Unit(f.id(), f.benchmark(), f.mode(), f.params());
                results.addAll(new Runner(unit.pinned(options).forks(e.getValue().forks()).warmupForks(0).build(),
                        format).run());
                if (forksNow(run, f.id()) <= before) {
                    given.add(f.id());
                    out.println("sns: precision round " + round + ": " + f.id() + ": no fork was added (see above): no "
                            + "more rounds for it");
                }
            }
        }
    }

    /** The benchmarks to give more forks this round, with how many. */
    private Map<Finished, Step> wanted(List<Finished> finished) {
        Map<Finished, Step> wanted = new LinkedHashMap<>();
        for (Finished f : finished) {
            Step s = steps.get(f.id());
            if (s != null && s.stop() == null && !f.interleaved() && !given.contains(f.id())) {
                wanted.put(f, s);
            }
        }
        return wanted;
    }

    private static int forksNow(HostRun run, String id) {
        for (Finished f : run.finishedBenchmarks()) {
            if (f.id().equals(id)) {
                return forks(f.forkIds());
            }
        }
        return 0;
    }

    /** "0.5%", or "their halfWidth (0.5%, 1%)" when the benchmarks ask for different ones. */
    private String targets(Set<Finished> benchmarks) {
        List<String> pct = benchmarks.stream().map(f -> adaptive.get(f.benchmark()).describe().get("halfWidth"))
                .distinct().toList();
        return pct.size() == 1 ? pct.get(0) : "their halfWidth (" + String.join(", ", pct) + ")";
    }
}
