package dev.sns;

import dev.sns.clocks.TierAssignment;
import dev.sns.model.ClockEvidence;
import dev.sns.model.TimingResult;
import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.Dispersion;
import dev.sns.stats.Interval;
import dev.sns.stats.MedianBootstrap;
import dev.sns.stats.Percentiles;
import dev.sns.stats.QuantizationFloor;
import dev.sns.stats.WindowedBootstrap;
import dev.sns.timing.SampleSet;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Turns raw samples and evidence into results: summary, interval, tier. Public for harnesses that
 * take samples themselves (the JMH profiler merges forks and iterations, then assembles here).
 */
public final class ResultAssembler {
    private ResultAssembler() {}

    /**
     * A result from samples taken in windows nested in forks (JMH: iterations in forks). Forks are
     * resampled, then windows within them, then samples.
     *
     * @param perCallNanos per-call samples in nanoseconds, in time order
     * @param forkIds the fork of each sample
     * @param windowIds the window of each sample, unique across forks
     * @param overhead the launch overhead per call, if measured
     */
    public static TimingResult fromForks(String name, double[] perCallNanos, int[] forkIds, int[] windowIds,
                                         int innerReps, long warmupCalls, ClockEvidence evidence, SnsOptions o,
                                         String timer, double timerStepNanos, Optional<Overhead> overhead) {
        double[] ms = toMillis(perCallNanos);
        long forks = Arrays.stream(forkIds).distinct().count();
        long windows = Arrays.stream(windowIds).distinct().count();
        Interval interval;
        String estimator;
        if (forks > 1) {
            interval = WindowedBootstrap.medianInterval(ms, forkIds, windowIds, o.bootstrap());
            estimator = String.format(Locale.ROOT,
                    "three-stage bootstrap of the median: %d forks, then %d windows, then samples", forks, windows);
        } else if (windows > 1) {
            interval = WindowedBootstrap.medianInterval(ms, windowIds, o.bootstrap());
            estimator = String.format(Locale.ROOT, "two-stage bootstrap of the median: %d windows, then samples", windows);
        } else {
            interval = MedianBootstrap.medianInterval(ms, o.bootstrap());
            estimator = "percentile bootstrap of the median";
        }
        return build(name, ms, windowIds, interval, estimator, innerReps, warmupCalls, evidence, o, timer,
                timerStepNanos, overhead.map(r -> new LaunchOverhead.Reading(r.medianNanos(), r.intervalNanos())));
    }

    /** A launch overhead per call, in nanoseconds. */
    public record Overhead(double medianNanos, Interval intervalNanos) {}

    static TimingResult timing(String name, SampleSet s, ClockEvidence evidence, SnsOptions o,
                               String timer, double timerStepNanos) {
        return timing(name, s, evidence, o, timer, timerStepNanos, Optional.empty());
    }

    static TimingResult timing(String name, SampleSet s, ClockEvidence evidence, SnsOptions o,
                               String timer, double timerStepNanos,
                               Optional<LaunchOverhead.Reading> overhead) {
        double[] ms = toMillis(s.perCallNanos());
        BootstrapSettings bs = o.bootstrap();
        int windows = s.windowCount();
        Interval interval = windows > 1
                ? WindowedBootstrap.medianInterval(ms, s.windowIds(), bs)
                : MedianBootstrap.medianInterval(ms, bs);
        String estimator = windows > 1
                ? String.format(Locale.ROOT, "two-stage bootstrap of the median: %d windows, then samples", windows)
                : "percentile bootstrap of the median";
        return build(name, ms, s.windowIds(), interval, estimator, s.innerReps(), s.warmupCalls(), evidence, o, timer,
                timerStepNanos, overhead);
    }

    private static TimingResult build(String name, double[] ms, int[] windowIds, Interval interval, String estimator,
                                      int innerReps, long warmupCalls, ClockEvidence evidence, SnsOptions o,
                                      String timer, double timerStepNanos,
                                      Optional<LaunchOverhead.Reading> overhead) {
        double[] sorted = ms.clone();
        Arrays.sort(sorted);
        double stepMillis = timerStepNanos / innerReps / 1e6;
        interval = QuantizationFloor.atLeast(interval, stepMillis);
        TierAssignment.Decision tier = TierAssignment.assign(evidence);
        TimingResult.Builder b = TimingResult.builder();
        overhead.ifPresent(r -> b.launchOverhead(r.medianNanos() / 1e6, r.intervalNanos().scaled(1e-6)));
        return b
                .name(name)
                .samplesMillis(ms)
                .windowIds(windowIds)
                .percentilesMillis(Percentiles.ofSorted(sorted, 0.1), Percentiles.ofSorted(sorted, 0.5),
                        Percentiles.ofSorted(sorted, 0.9))
                .intervalMillis(interval)
                .tier(tier.tier(), tier.reasons())
                .warmupCalls(warmupCalls)
                .innerReps(innerReps)
                .clocks(evidence)
                .bootstrap(o.bootstrap())
                .estimator(estimator)
                .timer(timer, stepMillis)
                .work(o.flopsPerCall(), o.bytesPerCall())
                .build();
    }

    static double[] toMillis(double[] nanos) {
        double[] ms = new double[nanos.length];
        for (int i = 0; i < nanos.length; i++) {
            ms[i] = nanos[i] / 1e6;
        }
        return ms;
    }

    /**
     * Samples converted to SM cycles with each window's mean clock, or null when a window has no
     * clock samples (then there is no cycle-normalized interval).
     */
    static double[] toCycles(double[] nanos, int[] windowIds, List<ClockEvidence> windows) {
        double[] meanMhz = new double[windows.size()];
        for (int w = 0; w < meanMhz.length; w++) {
            if (!windows.get(w).hasClockSamples()) {
                return null;
            }
            meanMhz[w] = Dispersion.mean(windows.get(w).smClockMhz());
        }
        double[] cycles = new double[nanos.length];
        for (int i = 0; i < nanos.length; i++) {
            if (windowIds[i] >= meanMhz.length) {
                return null;
            }
            cycles[i] = nanos[i] * 1e-3 * meanMhz[windowIds[i]]; // ns x MHz / 1000 = cycles
        }
        return cycles;
    }
}
