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

/** Turns raw samples and evidence into results: summary, interval, tier. */
final class ResultAssembler {
    private ResultAssembler() {}

    static TimingResult timing(String name, SampleSet s, ClockEvidence evidence, SnsOptions o,
                               String timer, double timerStepNanos) {
        return timing(name, s, evidence, o, timer, timerStepNanos, java.util.Optional.empty());
    }

    static TimingResult timing(String name, SampleSet s, ClockEvidence evidence, SnsOptions o,
                               String timer, double timerStepNanos,
                               java.util.Optional<LaunchOverhead.Reading> overhead) {
        double[] ms = toMillis(s.perCallNanos());
        double[] sorted = ms.clone();
        Arrays.sort(sorted);
        BootstrapSettings bs = o.bootstrap();
        int windows = s.windowCount();
        Interval interval = windows > 1
                ? WindowedBootstrap.medianInterval(ms, s.windowIds(), bs)
                : MedianBootstrap.medianInterval(ms, bs);
        double stepMillis = timerStepNanos / s.innerReps() / 1e6;
        interval = QuantizationFloor.atLeast(interval, stepMillis);
        TierAssignment.Decision tier = TierAssignment.assign(evidence);
        String estimator = windows > 1
                ? String.format(Locale.ROOT, "two-stage bootstrap of the median: %d windows, then samples", windows)
                : "percentile bootstrap of the median";
        TimingResult.Builder b = TimingResult.builder();
        overhead.ifPresent(r -> b.launchOverhead(r.medianNanos() / 1e6, r.intervalNanos().scaled(1e-6)));
        return b
                .name(name)
                .samplesMillis(ms)
                .windowIds(s.windowIds())
                .percentilesMillis(Percentiles.ofSorted(sorted, 0.1), Percentiles.ofSorted(sorted, 0.5),
                        Percentiles.ofSorted(sorted, 0.9))
                .intervalMillis(interval)
                .tier(tier.tier(), tier.reasons())
                .warmupCalls(s.warmupCalls())
                .innerReps(s.innerReps())
                .clocks(evidence)
                .bootstrap(bs)
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
