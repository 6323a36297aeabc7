package dev.sns.jmh.link;

import dev.sns.analysis.Analysis;
import dev.sns.analysis.Measurement;
import dev.sns.model.TimingResult;
import dev.sns.stats.BootstrapSettings;
import dev.sns.timing.SampleSet;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Windows from the forks, as the analysis takes them: one {@link Measurement}, with forks
 * resampled, then windows, then samples. JMH's own aggregate of the {@code sns} metric and the host
 * collector both summarize through here; the collector's result is kept for the exact windows it
 * came from, so that JMH's view of the same windows is that result and not a second bootstrap.
 */
public final class WindowMeasurements {
    /**
     * Results kept, the most recently used: a run's every benchmark. JMH aggregates a benchmark's results
     * anew each time it reads them (its table reads each three or four times, one benchmark after the
     * other): with fewer kept than the run has benchmarks, every read was a miss and ran the analysis again
     * (a 400-benchmark suite's table: about 32 MB allocated, the largest part of the host's peak at the
     * run's end). The results are the host's own (kept by the run anyway); a run forgets the last's
     * ({@link #forget}).
     */
    static final int KEPT = 8192;
    private static final Map<Key, TimingResult> SUMMARIES = Collections.synchronizedMap(
            new LinkedHashMap<Key, TimingResult>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Key, TimingResult> e) {
                    return size() > KEPT;
                }
            });

    private WindowMeasurements() {}

    /** Forgets every kept result: a new run starts (the sns Main's), or a test. */
    public static void forget() {
        SUMMARIES.clear();
    }

    /**
     * The windows as one measurement. An iteration in which the benchmark timed nothing falls back to
     * JMH's score: where any window has sns samples, those are the measurement and the fallbacks are
     * left out. Each fork calibrated its own inner reps: the fewest are reported and the interval is
     * floored at the coarsest step per call.
     */
    public static Measurement measurement(String name, List<WindowSamples> all) {
        if (all.isEmpty()) {
            throw new IllegalArgumentException("no windows to summarize for " + name);
        }
        List<WindowSamples> timed = all.stream().filter(w -> !WindowSamples.JMH_SOURCE.equals(w.source)).toList();
        List<WindowSamples> windows = timed.isEmpty() ? all : timed;
        WindowSamples first = windows.get(0);
        Measurement.Builder b = Measurement.builder(name).fromForks();
        int innerReps = Integer.MAX_VALUE;
        double stepPerCall = 0;
        Set<Integer> overheadForks = new HashSet<>();
        Set<Integer> kernelForks = new HashSet<>();
        for (WindowSamples w : windows) {
            if (w.kernels != null && kernelForks.add(w.fork)) {
                b.kernels(new Measurement.Kernels(w.fork, w.kernels));
            }
            if (w.peaks != null) {
                b.peaks(w.peaks);
            }
            b.window(w.fork, w.perCallNanos, w.evidence());
            if (w.energy != null) {
                b.energyRequested(w.energy.unavailable());
                if (!w.energy.windows().isEmpty() || !w.energy.idle().isEmpty()) {
                    b.energy(new Measurement.Energy(w.fork, w.energy.windows(),
                            java.util.Collections.nCopies(w.energy.windows().size(), w.evidence()), w.energy.idle(),
                            w.energy.notes()));
                }
            }
            innerReps = Math.min(innerReps, w.innerReps);
            stepPerCall = Math.max(stepPerCall, w.timerStepNanos / w.innerReps);
            if (w.overhead != null && overheadForks.add(w.fork)) {
                b.overhead(new Measurement.Overhead(w.fork, sampleSet(w.overhead, w.innerReps),
                        w.overhead.stepNanosPerCall()));
            }
        }
        return b.innerReps(innerReps)
                .timer(first.timer, stepPerCall)
                .work(first.flopsPerCall, first.bytesPerCall)
                .tierBasis(WindowSamples.JMH_SOURCE.equals(first.source) ? Measurement.TierBasis.ITERATION_SPREAD
                        : Measurement.TierBasis.CLOCKS)
                .build();
    }

    /** The windows' result, named {@code name}; computed once per set of windows. */
    public static TimingResult summary(String name, List<WindowSamples> windows, BootstrapSettings bootstrap) {
        Key key = new Key(windows, bootstrap);
        TimingResult r = SUMMARIES.get(key);
        if (r == null) {
            r = Analysis.timing(measurement(name, windows), bootstrap);
            SUMMARIES.put(key, r);
        }
        if (!r.name().equals(name)) {
            // the host names it by its id, JMH's reads by "sns", again and again: kept under the latest name
            r = r.toBuilder().name(name).build();
            SUMMARIES.put(key, r);
        }
        return r;
    }

    private static SampleSet sampleSet(WindowSamples.Overhead o, int innerReps) {
        return new SampleSet(o.perCallNanos(), o.windowIds(), innerReps, 0, 0);
    }

    /** The identity of a list of windows, with the bootstrap settings. */
    private static final class Key {
        private final Set<WindowSamples> members = Collections.newSetFromMap(new IdentityHashMap<>());
        private final BootstrapSettings bootstrap;
        private final int hash;

        Key(List<WindowSamples> windows, BootstrapSettings bootstrap) {
            members.addAll(windows);
            this.bootstrap = bootstrap;
            int h = bootstrap.hashCode();
            for (WindowSamples w : windows) {
                h += System.identityHashCode(w);
            }
            this.hash = h;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.bootstrap.equals(bootstrap) && k.members.size() == members.size()
                    && members.containsAll(k.members);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
