package dev.sns.timing;

import java.util.Arrays;

/**
 * Times one body: prime, warm up, calibrate inner reps, then sample window by window. Also used for
 * several bodies one after another when interleaving is off.
 */
public final class SequentialSampler {
    private SequentialSampler() {}

    /** Runs every phase for {@code work} and returns its samples. */
    public static SampleSet run(Timer timer, Body work, SamplingPlan plan, WindowObserver observer) throws Exception {
        double first = Phases.prime(timer, work);
        long warm = Phases.warmUp(timer, work, plan);
        Phases.Calibration cal = Phases.calibrate(timer, work, plan);
        Body body = timer.repeat(work, cal.innerReps());
        return sample(timer, work, body, plan, observer, cal, warm, first);
    }

    private static SampleSet sample(Timer timer, Body work, Body body, SamplingPlan plan, WindowObserver observer,
                                    Phases.Calibration cal, long warm, double firstCallNanos) throws Exception {
        int perWindow = plan.samplesPerWindow();
        int opening = SamplingPlan.openingCalls(cal.innerReps());
        double[] out = new double[Math.max(plan.iterations(), perWindow)];
        int[] windows = new int[out.length];
        int n = 0;
        double total = 0;
        StopRule.Reason stop;
        for (int w = 0; ; w++) {
            timer.windowStarting(w);
            for (int c = 0; c < opening; c++) {
                work.run(); // untimed: SamplingPlan#MIN_REPS_TO_OPEN says why
            }
            observer.windowStarted(w);
            int windowStart = n;
            for (int i = 0; i < perWindow; i++) {
                if (timer.pending() == timer.capacity()) {
                    n = drain(timer, out, n);
                }
                timer.start();
                body.run();
                timer.stop();
            }
            n = drain(timer, out, n);
            observer.windowEnded(w);
            for (int i = windowStart; i < n; i++) {
                total += out[i];
                windows[i] = w;
            }
            stop = plan.stop(n, total, total, w + 1, new double[][] {out}, windows);
            if (stop != null) {
                break;
            }
            if (n + perWindow > out.length) {
                out = Arrays.copyOf(out, out.length * 2);
                windows = Arrays.copyOf(windows, out.length);
            }
        }
        double[] perCall = Arrays.copyOf(out, n);
        for (int i = 0; i < n; i++) {
            perCall[i] /= cal.innerReps();
        }
        return new SampleSet(perCall, Arrays.copyOf(windows, n), cal.innerReps(), warm, cal.calls(), firstCallNanos, stop);
    }

    private static int drain(Timer timer, double[] out, int n) throws Exception {
        double[] d = timer.resolveNanos();
        System.arraycopy(d, 0, out, n, d.length);
        return n + d.length;
    }
}
