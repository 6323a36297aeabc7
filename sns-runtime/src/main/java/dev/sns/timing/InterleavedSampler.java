package dev.sns.timing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Times several bodies together, one sample of each per round, in an order reshuffled every round.
 *
 * <p>Drift (clock ramp, heat, a neighbour's job) then lands on one sample of every body instead of a
 * contiguous block of one, and a body is not always measured on a GPU its predecessor warmed up.
 * The order is drawn with {@link java.util.Random} seeded by the caller, whose sequence is fixed by
 * its specification, so a seed always gives the same orders.
 */
public final class InterleavedSampler {
    private InterleavedSampler() {}

    /**
     * The samples of each body (sample r of every body is from round r) and the order of each round.
     *
     * @param sets one sample set per body, in the caller's order
     * @param roundOrders for each round, the body indices in the order they ran
     * @param windowOfRound the window of each round
     */
    public record Result(List<SampleSet> sets, int[][] roundOrders, int[] windowOfRound) {}

    public static Result run(Timer timer, List<Body> works, SamplingPlan plan, long seed, WindowObserver observer)
            throws Exception {
        int[] own = new int[works.size()];
        for (int i = 0; i < own.length; i++) {
            own[i] = i;
        }
        return run(timer, works, plan, seed, observer, own);
    }

    /**
     * As {@link #run(Timer, List, SamplingPlan, long, WindowObserver)}, where body {@code i} runs
     * {@code repsOf[i]}'s calls per sample instead of calibrating its own ({@code repsOf[i] == i}
     * calibrates; {@code repsOf[i] < i} names an earlier body): an empty kernel timed in the rounds at
     * each side's calls per sample, say, so that its samples are taken as the sides' are. Only the
     * bodies that calibrate their own count towards the plan's minimum sampling time: an empty kernel
     * beside them adds up far more slowly, and must not hold the rounds going.
     */
    public static Result run(Timer timer, List<Body> works, SamplingPlan plan, long seed, WindowObserver observer,
                             int[] repsOf) throws Exception {
        int k = works.size();
        if (k < 1) {
            throw new IllegalArgumentException("interleaving needs at least one body");
        }
        if (repsOf.length != k) {
            throw new IllegalArgumentException(repsOf.length + " inner-reps sources for " + k + " bodies");
        }
        for (int i = 0; i < k; i++) {
            if (repsOf[i] < 0 || repsOf[i] > i || repsOf[repsOf[i]] != repsOf[i]) {
                throw new IllegalArgumentException("body " + i + " takes its inner reps from body " + repsOf[i]
                        + ", which must be an earlier body that calibrates its own");
            }
        }
        if (timer.capacity() < k) {
            throw new IllegalArgumentException("the timer queues " + timer.capacity() + " regions but a round has " + k);
        }
        long[] warm = new long[k];
        double[] first = new double[k];
        Phases.Calibration[] cal = new Phases.Calibration[k];
        Body[] bodies = new Body[k];
        for (int i = 0; i < k; i++) {
            first[i] = Phases.prime(timer, works.get(i));
        }
        for (int i = 0; i < k; i++) {
            warm[i] = Phases.warmUp(timer, works.get(i), plan);
        }
        for (int i = 0; i < k; i++) {
            cal[i] = repsOf[i] == i ? Phases.calibrate(timer, works.get(i), plan)
                    : new Phases.Calibration(cal[repsOf[i]].innerReps(), 0);
            bodies[i] = timer.repeat(works.get(i), cal[i].innerReps());
        }
        boolean[] counted = new boolean[k];
        for (int i = 0; i < k; i++) {
            counted[i] = repsOf[i] == i;
        }
        return sample(timer, works, bodies, plan, new Random(seed), observer, warm, first, cal, counted);
    }

    private static Result sample(Timer timer, List<Body> works, Body[] bodies, SamplingPlan plan, Random rnd,
                                 WindowObserver observer,
                                 long[] warm, double[] first, Phases.Calibration[] cal, boolean[] counted)
            throws Exception {
        int k = bodies.length;
        int perWindow = plan.samplesPerWindow();
        List<int[]> orders = new ArrayList<>();
        double[][] out = new double[k][Math.max(plan.iterations(), perWindow)];
        int[] windowOfRound = new int[out[0].length];
        int[] owner = new int[timer.capacity()];
        int[] count = new int[k];
        double[] total = new double[k];
        StopRule.Reason stop;
        for (int w = 0; ; w++) {
            timer.windowStarting(w);
            for (int i = 0; i < k; i++) {
                for (int c = 0; c < SamplingPlan.openingCalls(cal[i].innerReps()); c++) {
                    works.get(i).run(); // untimed: SamplingPlan#MIN_REPS_TO_OPEN says why
                }
            }
            observer.windowStarted(w);
            int queued = 0;
            for (int r = 0; r < perWindow; r++) {
                int[] order = shuffled(k, rnd);
                windowOfRound[orders.size()] = w;
                orders.add(order);
                if (queued + k > timer.capacity()) {
                    drain(timer, out, owner, queued, count, total);
                    queued = 0;
                }
                for (int idx : order) {
                    timer.start();
                    bodies[idx].run();
                    timer.stop();
                    owner[queued++] = idx;
                }
            }
            drain(timer, out, owner, queued, count, total);
            observer.windowEnded(w);
            int rounds = count[0];
            stop = plan.stop(rounds, min(total, counted), sum(total), w + 1, out, windowOfRound);
            if (stop != null) {
                break;
            }
            if (rounds + perWindow > out[0].length) {
                for (int i = 0; i < k; i++) {
                    out[i] = Arrays.copyOf(out[i], out[i].length * 2);
                }
                windowOfRound = Arrays.copyOf(windowOfRound, out[0].length);
            }
        }
        int rounds = count[0];
        windowOfRound = Arrays.copyOf(windowOfRound, rounds);
        List<SampleSet> sets = new ArrayList<>(k);
        for (int i = 0; i < k; i++) {
            double[] perCall = Arrays.copyOf(out[i], rounds);
            for (int j = 0; j < rounds; j++) {
                perCall[j] /= cal[i].innerReps();
            }
            sets.add(new SampleSet(perCall, windowOfRound.clone(), cal[i].innerReps(), warm[i], cal[i].calls(), first[i],
                    stop));
        }
        return new Result(sets, orders.toArray(new int[0][]), windowOfRound);
    }

    /** A uniformly random permutation of 0..k-1 (Fisher-Yates). */
    static int[] shuffled(int k, Random rnd) {
        int[] p = new int[k];
        for (int i = 0; i < k; i++) {
            p[i] = i;
        }
        for (int i = k - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }

    private static void drain(Timer timer, double[][] out, int[] owner, int queued, int[] count, double[] total)
            throws Exception {
        double[] d = timer.resolveNanos();
        if (d.length != queued) {
            throw new IllegalStateException("timer resolved " + d.length + " regions, " + queued + " were queued");
        }
        for (int i = 0; i < d.length; i++) {
            int b = owner[i];
            out[b][count[b]++] = d[i];
            total[b] += d[i];
        }
    }

    private static double sum(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s;
    }

    /** The least of {@code v}'s counted entries. */
    private static double min(double[] v, boolean[] counted) {
        double m = Double.POSITIVE_INFINITY;
        for (int i = 0; i < v.length; i++) {
            if (counted[i]) {
                m = Math.min(m, v[i]);
            }
        }
        return m;
    }
}
