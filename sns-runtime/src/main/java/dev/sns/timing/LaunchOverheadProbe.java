package dev.sns.timing;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Samples an empty kernel timed exactly as the work is (same timer, launch mode and calls per
 * sample): what the launches alone cost between the timer's marks. The samples go to the analysis
 * like any others; this class computes nothing from them. One probe per timer keeps the samples of
 * each calls-per-sample value it was asked for, so each is taken once.
 */
public final class LaunchOverheadProbe {
    /** Samples of the empty kernel: enough for a tight interval, since an empty launch hardly varies. */
    public static final int SAMPLES = 40;
    /** Windows the samples are split into, so that their interval sees some drift too. */
    static final int WINDOWS = 4;
    /** Calls of the empty kernel before its samples. */
    static final int WARMUP_CALLS = 20;

    private final Timer timer;
    private final int samples;
    private final Map<Integer, SampleSet> byReps = new HashMap<>();

    /**
     * @param iterations the samples the work itself takes: the probe takes as many, at most
     *     {@value #SAMPLES} and at least {@value SamplingPlan#MIN_ITERATIONS}
     */
    public LaunchOverheadProbe(Timer timer, int iterations) {
        this.timer = timer;
        this.samples = Math.max(SamplingPlan.MIN_ITERATIONS, Math.min(SAMPLES, iterations));
    }

    /**
     * The empty kernel's samples (per call, in nanoseconds) at {@code innerReps} calls per sample,
     * taken on first use; empty when the timer has no empty launch (the wall clock).
     */
    public Optional<SampleSet> samples(int innerReps) throws Exception {
        Optional<Body> empty = timer.emptyLaunch();
        if (empty.isEmpty()) {
            return Optional.empty();
        }
        SampleSet s = byReps.get(innerReps);
        if (s == null) {
            SamplingPlan plan = new SamplingPlan(WARMUP_CALLS, 0, samples, 0, Math.min(WINDOWS, samples), innerReps,
                    1e6, innerReps);
            s = SequentialSampler.run(timer, empty.get(), plan, WindowObserver.NONE);
            byReps.put(innerReps, s);
        }
        return Optional.of(s);
    }
}
