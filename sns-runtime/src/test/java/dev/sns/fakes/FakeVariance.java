package dev.sns.fakes;

import dev.sns.analysis.Measurement;
import dev.sns.model.ClockEvidence;
import dev.sns.model.ThrottleEvidence;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Timing samples with a known variance structure, for measuring how well intervals are calibrated.
 * Every effect is multiplicative and given as a relative standard deviation:
 * <ul>
 *   <li>{@code run}: an offset per session (per call of {@code Sns.measure} or {@code compare}), the
 *       same for both sides: what makes a repeat call read differently;</li>
 *   <li>{@code drift}: a level per window, the same for both sides (clocks, temperature): cancels in
 *       an interleaved speedup;</li>
 *   <li>{@code sideDrift}: a level per window and side (does not cancel);</li>
 *   <li>{@code noise}: per sample (a sample is a timed region of several calls), Gaussian;</li>
 *   <li>{@code tailRate} / {@code tailSize}: the chance that a sample is slowed by a fraction
 *       (preemption, a late launch);</li>
 *   <li>{@code tickNanos}: the timer's step per call; samples are quantized with a random phase, as
 *       a timer that counts whole ticks between two marks does.</li>
 * </ul>
 * The population median of one session is then {@code nanos * (1 + run)} (symmetric effects, no
 * tail), and the speedup of two sides of a session is exactly {@code ratio}.
 */
public record FakeVariance(String name, double noise, double drift, double sideDrift, double run, double tailRate,
                           double tailSize, double tickNanos) {
    /** No clock samples: the variance structure is all there is (and no cycle interval is computed). */
    private static final ClockEvidence CLOCKS = new ClockEvidence("fake-variance", false, new double[0],
            new double[0], ThrottleEvidence.none());

    /** Only noise. */
    public static FakeVariance noise(String name, double noise) {
        return new FakeVariance(name, noise, 0, 0, 0, 0, 0, 0);
    }

    public FakeVariance withDrift(double shared, double perSide) {
        return new FakeVariance(name, noise, shared, perSide, run, tailRate, tailSize, tickNanos);
    }

    public FakeVariance withRun(double offset) {
        return new FakeVariance(name, noise, drift, sideDrift, offset, tailRate, tailSize, tickNanos);
    }

    public FakeVariance withTail(double rate, double size) {
        return new FakeVariance(name, noise, drift, sideDrift, run, rate, size, tickNanos);
    }

    public FakeVariance withTick(double nanos) {
        return new FakeVariance(name, noise, drift, sideDrift, run, tailRate, tailSize, nanos);
    }

    /** The structure in words, for tables. */
    public String describe() {
        return String.format(Locale.ROOT, "noise %.2f%%, drift %.2f%% shared + %.2f%% per side, run %.1f%%%s%s",
                100 * noise, 100 * drift, 100 * sideDrift, 100 * run,
                tailRate > 0 ? String.format(Locale.ROOT, ", %.0f%% of samples +%.0f%%", 100 * tailRate, 100 * tailSize) : "",
                tickNanos > 0 ? String.format(Locale.ROOT, ", tick %.3g ns", tickNanos) : "");
    }

    /** One session: its run offset, and the samples of one or two sides. */
    public record Session(double runOffset, Measurement candidate, Measurement baseline) {}

    /**
     * One session of interleaved sides: {@code rounds} rounds in {@code windows} windows, the
     * candidate around {@code nanos}, the baseline around {@code ratio * nanos}.
     */
    public Session paired(SplittableRandom rnd, double nanos, double ratio, int rounds, int windows) {
        double off = 1 + run * rnd.nextGaussian();
        Measurement.Builder c = Measurement.builder("candidate").timer("fake", tickNanos);
        Measurement.Builder b = Measurement.builder("baseline").timer("fake", tickNanos);
        int per = (rounds + windows - 1) / windows;
        int left = rounds;
        for (int w = 0; w < windows && left > 0; w++) {
            int n = Math.min(per, left);
            left -= n;
            double shared = off * (1 + drift * rnd.nextGaussian());
            double sc = shared * (1 + sideDrift * rnd.nextGaussian());
            double sb = shared * (1 + sideDrift * rnd.nextGaussian());
            double[] xc = new double[n];
            double[] xb = new double[n];
            for (int i = 0; i < n; i++) {
                xc[i] = sample(rnd, nanos * sc);
                xb[i] = sample(rnd, ratio * nanos * sb);
            }
            c.window(0, xc, CLOCKS);
            b.window(0, xb, CLOCKS);
        }
        return new Session(off - 1, c.build(), b.build());
    }

    /** One session of one side: {@code samples} samples in {@code windows} windows around {@code nanos}. */
    public Session single(SplittableRandom rnd, double nanos, int samples, int windows) {
        return single(rnd, nanos, samples, windows, Double.NaN);
    }

    /** As {@link #single(SplittableRandom, double, int, int)}, with the host's repeat sd given to the measurement. */
    public Session single(SplittableRandom rnd, double nanos, int samples, int windows, double repeatSd) {
        double off = 1 + run * rnd.nextGaussian();
        Measurement.Builder c = Measurement.builder("single").timer("fake", tickNanos).repeatSd(repeatSd);
        int per = (samples + windows - 1) / windows;
        int left = samples;
        for (int w = 0; w < windows && left > 0; w++) {
            int n = Math.min(per, left);
            left -= n;
            double level = off * (1 + drift * rnd.nextGaussian()) * (1 + sideDrift * rnd.nextGaussian());
            double[] x = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = sample(rnd, nanos * level);
            }
            c.window(0, x, CLOCKS);
        }
        return new Session(off - 1, c.build(), null);
    }

    private double sample(SplittableRandom rnd, double level) {
        double v = level * (1 + noise * rnd.nextGaussian());
        if (tailRate > 0 && rnd.nextDouble() < tailRate) {
            v += level * tailSize;
        }
        v = Math.max(0, v);
        if (tickNanos > 0) {
            double phase = rnd.nextDouble();
            v = (Math.floor(v / tickNanos + phase) - Math.floor(phase)) * tickNanos;
        }
        return v;
    }
}
