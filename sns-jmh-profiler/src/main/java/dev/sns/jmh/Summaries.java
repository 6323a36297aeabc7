package dev.sns.jmh;

import dev.sns.ResultAssembler;
import dev.sns.SnsOptions;
import dev.sns.clocks.TierAssignment;
import dev.sns.model.ClockEvidence;
import dev.sns.model.MeasurementTier;
import dev.sns.model.TimingResult;
import dev.sns.stats.Percentiles;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Turns windows of samples into a {@link TimingResult}: forks resampled, then windows, then
 * samples. JMH asks for the same aggregate several times (text, JSON, CSV output), so results are
 * cached by the identity of the windows they came from.
 */
final class Summaries {
    private static final int CACHE_SIZE = 64;
    private static final Map<Key, TimingResult> CACHE = Collections.synchronizedMap(
            new LinkedHashMap<Key, TimingResult>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Key, TimingResult> e) {
                    return size() > CACHE_SIZE;
                }
            });

    private Summaries() {}

    /** The windows' result, named {@code name}. */
    static TimingResult of(String name, List<WindowSamples> windows) {
        Key key = new Key(name, windows);
        TimingResult r = CACHE.get(key);
        if (r == null) {
            r = compute(name, windows);
            CACHE.put(key, r);
        }
        return r;
    }

    private static TimingResult compute(String name, List<WindowSamples> all) {
        if (all.isEmpty()) {
            throw new IllegalArgumentException("no windows to summarize for " + name);
        }
        // An iteration in which the benchmark timed nothing falls back to JMH's score: where any
        // window has sns samples, those are the measurement and the fallbacks are left out.
        List<WindowSamples> timed = all.stream().filter(w -> !WindowSamples.JMH_SOURCE.equals(w.source)).toList();
        List<WindowSamples> windows = timed.isEmpty() ? all : timed;
        int n = 0;
        for (WindowSamples w : windows) {
            n += w.size();
        }
        double[] x = new double[n];
        int[] forks = new int[n];
        int[] ids = new int[n];
        int k = 0;
        ClockEvidence evidence = null;
        for (int window = 0; window < windows.size(); window++) {
            WindowSamples w = windows.get(window);
            System.arraycopy(w.perCallNanos, 0, x, k, w.size());
            for (int i = 0; i < w.size(); i++) {
                forks[k + i] = w.fork;
                ids[k + i] = window; // windows numbered in the order they were taken: 0, 1, 2, ...
            }
            k += w.size();
            evidence = evidence == null ? w.evidence : evidence.merge(w.evidence);
        }
        WindowSamples first = windows.get(0);
        // Each fork calibrates its own inner reps: report the fewest, floor the interval at the
        // coarsest per-call step, and combine the forks' launch overheads.
        int innerReps = Integer.MAX_VALUE;
        double stepPerCall = 0;
        for (WindowSamples w : windows) {
            innerReps = Math.min(innerReps, w.innerReps);
            stepPerCall = Math.max(stepPerCall, w.timerStepNanos / w.innerReps);
        }
        SnsOptions o = SnsOptions.builder().bootstrap(first.bootstrap).build();
        if (!Double.isNaN(first.flopsPerCall)) {
            o = o.toBuilder().flopsPerCall(first.flopsPerCall).build();
        }
        if (!Double.isNaN(first.bytesPerCall)) {
            o = o.toBuilder().bytesPerCall(first.bytesPerCall).build();
        }
        Optional<ResultAssembler.Overhead> overhead = overhead(windows);
        if (x.length < 2) {
            // One iteration of one fork: repeat the only sample so that a result exists; its interval
            // is then a point, and the tier says why it cannot be trusted.
            x = new double[] {x[0], x[0]};
            forks = new int[] {forks[0], forks[0]};
            ids = new int[] {ids[0], ids[0]};
        }
        TimingResult r = ResultAssembler.fromForks(name, x, forks, ids, innerReps, 0, evidence, o, first.timer,
                stepPerCall * innerReps, overhead);
        if (WindowSamples.JMH_SOURCE.equals(first.source)) {
            r = withVarianceTier(r, windows);
        }
        return r;
    }

    /**
     * The windows' launch overheads together: the sample-weighted mean of their medians, with an
     * interval from the lowest lower bound to the highest upper bound; none unless every window has one.
     */
    static Optional<ResultAssembler.Overhead> overhead(List<WindowSamples> windows) {
        double weighted = 0;
        long n = 0;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (WindowSamples w : windows) {
            if (w.overheadIntervalNanos == null) {
                return Optional.empty();
            }
            weighted += w.overheadMedianNanos * w.size();
            n += w.size();
            lo = Math.min(lo, w.overheadIntervalNanos.lower());
            hi = Math.max(hi, w.overheadIntervalNanos.upper());
        }
        if (n == 0) {
            return Optional.empty();
        }
        double median = weighted / n;
        return Optional.of(new ResultAssembler.Overhead(median, new dev.sns.stats.Interval(Math.min(lo, median),
                Math.max(hi, median), windows.get(0).overheadIntervalNanos.confidence())));
    }

    /** CPU benchmarks have no clocks: their tier comes from how much the iterations disagree. */
    private static TimingResult withVarianceTier(TimingResult r, List<WindowSamples> windows) {
        double[] medians = new double[windows.size()];
        for (int i = 0; i < medians.length; i++) {
            medians[i] = Percentiles.median(windows.get(i).perCallNanos);
        }
        TierAssignment.Decision d = TierAssignment.assignFromWindows(medians);
        List<String> reasons = new ArrayList<>(d.reasons());
        MeasurementTier t = d.tier();
        return TimingResult.builder()
                .name(r.name()).samplesMillis(r.samplesMillis()).windowIds(r.windowIds())
                .percentilesMillis(r.p10Millis(), r.medianMillis(), r.p90Millis())
                .intervalMillis(r.intervalMillis()).tier(t, reasons).warmupCalls(r.warmupCalls())
                .innerReps(r.innerReps()).clocks(r.clocks()).bootstrap(r.bootstrap()).estimator(r.estimator())
                .timer(r.timer(), r.timerStepMillis()).work(r.flopsPerCall(), r.bytesPerCall()).build();
    }

    /** Forks seen in the windows. */
    static int[] forkIds(List<WindowSamples> windows) {
        int n = 0;
        for (WindowSamples w : windows) {
            n += w.size();
        }
        int[] forks = new int[Math.max(n, 2)];
        int k = 0;
        for (WindowSamples w : windows) {
            for (int i = 0; i < w.size(); i++) {
                forks[k++] = w.fork;
            }
        }
        if (n < 2 && n > 0) {
            forks[1] = forks[0];
        }
        return forks;
    }

    /** Identity of a list of windows. */
    private static final class Key {
        private final String name;
        private final Set<WindowSamples> members = Collections.newSetFromMap(new IdentityHashMap<>());
        private final int hash;

        Key(String name, List<WindowSamples> windows) {
            this.name = name;
            members.addAll(windows);
            int h = name.hashCode();
            for (WindowSamples w : windows) {
                h += System.identityHashCode(w);
            }
            this.hash = h;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.name.equals(name) && k.members.size() == members.size()
                    && members.containsAll(k.members);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
