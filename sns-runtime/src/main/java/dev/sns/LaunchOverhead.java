package dev.sns;

import dev.sns.stats.Interval;
import dev.sns.stats.Percentiles;
import dev.sns.stats.QuantizationFloor;
import dev.sns.stats.WindowedBootstrap;
import dev.sns.timing.Body;
import dev.sns.timing.SampleSet;
import dev.sns.timing.SamplingPlan;
import dev.sns.timing.SequentialSampler;
import dev.sns.timing.Timer;
import dev.sns.timing.WindowObserver;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Times an empty kernel exactly as the work was timed (same timer, launch mode and calls per
 * sample): what the launches alone cost between the events. Measured once per inner-reps value
 * in a session.
 */
public final class LaunchOverhead {
    /** Samples of the empty kernel: enough for a tight interval, since an empty launch hardly varies. */
    static final int SAMPLES = 40;

    /** The overhead per call, in nanoseconds. */
    record Reading(double medianNanos, Interval intervalNanos) {}

    /** Reads an overhead carried elsewhere (the JMH payload) back into the assembler's form. */
    static Reading of(ResultAssembler.Overhead o) {
        return new Reading(o.medianNanos(), o.intervalNanos());
    }

    private final Timer timer;
    private final SnsOptions options;
    private final Map<Integer, Reading> byReps = new HashMap<>();

    LaunchOverhead(Timer timer, SnsOptions options) {
        this.timer = timer;
        this.options = options;
    }

    /** The overhead for {@code innerReps} calls per sample, or empty when not measured. */
    Optional<Reading> forReps(int innerReps) throws Exception {
        if (!options.launchOverhead()) {
            return Optional.empty();
        }
        Optional<Body> empty = timer.emptyLaunch();
        if (empty.isEmpty()) {
            return Optional.empty();
        }
        Reading r = byReps.get(innerReps);
        if (r == null) {
            r = measure(empty.get(), innerReps);
            byReps.put(innerReps, r);
        }
        return Optional.of(r);
    }

    /**
     * Times {@code timer}'s empty launch with {@code innerReps} calls per sample, or returns empty when
     * the timer has none (for harnesses that sample on their own, such as the JMH profiler).
     */
    public static Optional<ResultAssembler.Overhead> measure(Timer timer, int innerReps, SnsOptions options)
            throws Exception {
        Optional<Body> empty = timer.emptyLaunch();
        if (!options.launchOverhead() || empty.isEmpty()) {
            return Optional.empty();
        }
        Reading r = new LaunchOverhead(timer, options).measure(empty.get(), innerReps);
        return Optional.of(new ResultAssembler.Overhead(r.medianNanos(), r.intervalNanos()));
    }

    private Reading measure(Body empty, int innerReps) throws Exception {
        int n = Math.max(SamplingPlan.MIN_ITERATIONS, Math.min(SAMPLES, options.iterations()));
        SamplingPlan plan = new SamplingPlan(20, 0, n, 0, Math.min(4, n), innerReps, 1e6, innerReps);
        SampleSet s = SequentialSampler.run(timer, empty, plan, WindowObserver.NONE);
        double[] x = s.perCallNanos();
        Interval iv = WindowedBootstrap.medianInterval(x, s.windowIds(), options.bootstrap());
        iv = QuantizationFloor.atLeast(iv, timer.resolutionNanos() / innerReps);
        return new Reading(Percentiles.median(x), iv);
    }
}
