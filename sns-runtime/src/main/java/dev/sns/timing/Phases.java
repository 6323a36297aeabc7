package dev.sns.timing;

import java.util.Arrays;

/** The phases every sampling loop shares: prime, warm up, calibrate. Each leaves no region pending. */
final class Phases {
    // Public entry points for harnesses live in InnerReps.
    /**
     * Warm-up regions grow by doubling up to this many calls, so a long warm-up costs few syncs. Kept
     * well under the GPU's launch queue: a blocking launch holds the stream until the whole region is
     * queued, and a time-based warm-up of a 10 us kernel grew regions of 4096 calls that filled the
     * queue on an H200 (the blocking kernel then timed out after 10 s).
     */
    static final int MAX_WARMUP_CHUNK = 256;
    /** Regions timed per calibration step; their median guards against one slow outlier. */
    static final int CALIBRATION_PROBES = 3;
    /**
     * A timer that sees less than this share of the host's wall time over its regions cannot see the
     * work (host work under GPU events reads the events' own ~0.3 us per region of milliseconds on an
     * H200, 0.01-0.03%): its time floor and the growth of calibrated inner reps end there, or they
     * would grow for hours. Launch-bound GPU work reads about a sixth of the wall time, far above it.
     */
    static final double INVISIBLE_SHARE = 0.001;

    private Phases() {}

    /**
     * One untimed call whose result is discarded (module loading, first-touch, JIT, a library's
     * workspace), then a sync. Returns its wall time on the host, sync included, in nanoseconds.
     */
    static double prime(Timer timer, Body work) throws Exception {
        requireIdle(timer);
        long t0 = System.nanoTime();
        work.run();
        timer.synchronize();
        return System.nanoTime() - t0;
    }

    /**
     * Calls the work at least {@code warmupCalls} times and until the timed warm-up work adds up to
     * {@code minWarmupNanos}. Returns the number of calls made. Work the timer cannot see (a whole
     * region of {@link #MAX_WARMUP_CHUNK} calls timed at zero, or a timed total under
     * {@link #INVISIBLE_SHARE} of the wall time once the floor's time has passed on the wall clock)
     * ends the time floor: no amount of it would add up.
     */
    static long warmUp(Timer timer, Body work, SamplingPlan plan) throws Exception {
        requireIdle(timer);
        long calls = 0;
        double elapsed = 0;
        double wall = 0;
        int chunk = 1;
        long cap = (long) SamplingPlan.MAX_SAMPLES * 16;
        boolean invisible = false;
        while ((calls < plan.warmupCalls() || (elapsed < plan.minWarmupNanos() && !invisible)) && calls < cap) {
            int n = calls < plan.warmupCalls() ? (int) Math.min(chunk, plan.warmupCalls() - calls) : chunk;
            long t0 = System.nanoTime();
            double d = region(timer, work, n);
            wall += System.nanoTime() - t0;
            elapsed += d;
            calls += n;
            invisible = d <= 0 && n == MAX_WARMUP_CHUNK || unseen(elapsed, wall, plan.minWarmupNanos());
            chunk = Math.min(MAX_WARMUP_CHUNK, chunk * 2);
        }
        return calls;
    }

    /** Whether {@code wallNanos} of the host's time, at least {@code floorNanos}, showed the timer almost none of it. */
    static boolean unseen(double timedNanos, double wallNanos, double floorNanos) {
        return wallNanos >= floorNanos && timedNanos < INVISIBLE_SHARE * wallNanos;
    }

    /** Result of calibrating inner reps. */
    record Calibration(int innerReps, long calls) {}

    /**
     * Fixed inner reps are returned as they are. Automatic ones grow the number of calls per region
     * until a region lasts at least a quarter of the target, then extrapolate to the target.
     */
    static Calibration calibrate(Timer timer, Body work, SamplingPlan plan) throws Exception {
        if (plan.innerReps() > 0) {
            return new Calibration(plan.innerReps(), 0);
        }
        requireIdle(timer);
        double target = plan.targetRegionNanos();
        int max = plan.maxInnerReps();
        long calls = 0;
        int k = 1;
        while (true) {
            double[] probes = new double[CALIBRATION_PROBES];
            double[] walls = new double[CALIBRATION_PROBES];
            for (int i = 0; i < probes.length; i++) {
                long t0 = System.nanoTime();
                probes[i] = region(timer, work, k);
                walls[i] = System.nanoTime() - t0;
                calls += k;
            }
            // the host's time per probe, as the median: one probe held up (a pause, another process) is not the work's
            Arrays.sort(walls);
            double wall = walls[walls.length / 2];
            Arrays.sort(probes);
            double d = probes[probes.length / 2];
            if (k >= max) {
                return new Calibration(max, calls);
            }
            if (d >= target / 4) {
                long reps = (long) Math.ceil(k * target / d);
                return new Calibration((int) Math.max(1, Math.min(max, reps)), calls);
            }
            long next;
            if (d <= 16 * timer.resolutionNanos()) {
                next = k * 16L; // too close to the timer's step to extrapolate from
            } else {
                next = Math.max(k * 2L, (long) Math.ceil(k * (target / 2) / d));
            }
            if (d < INVISIBLE_SHARE * wall && wall * next / k >= target) {
                return new Calibration(k, calls);   // the next region would last a target on the host, the timer seeing none of it
            }
            k = (int) Math.min(max, next);
        }
    }

    /** Times one region of {@code n} calls and resolves it. */
    private static double region(Timer timer, Body work, int n) throws Exception {
        timer.start();
        for (int i = 0; i < n; i++) {
            work.run();
        }
        timer.stop();
        double[] d = timer.resolveNanos();
        return d[0];
    }

    static void requireIdle(Timer timer) {
        if (timer.pending() != 0) {
            throw new IllegalStateException("the timer holds " + timer.pending() + " unresolved regions from earlier use");
        }
    }
}
