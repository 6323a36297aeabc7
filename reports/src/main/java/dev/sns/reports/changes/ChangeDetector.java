package dev.sns.reports.changes;

import dev.sns.reports.history.BenchmarkSeries;
import dev.sns.stats.Percentiles;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A series to its segments and change points: E-divisive finds the significant splits
 * ({@link EDivisive}); each is then kept only when the step between its two segments' medians is
 * beyond the noise, {@code |after - before| > z * sqrt(pi/2 * (s1^2/n1 + s2^2/n2))}, where
 * {@code s} is each run's noise ({@link SeriesReading#pointNoise}: the series' robust noise, or the
 * run's own interval where wider) averaged over the segment and {@code pi/2} the variance of a
 * median relative to a mean; and at least the smallest change asked for. The weakest split that
 * fails is merged away and the rest judged again.
 */
public final class ChangeDetector {
    private ChangeDetector() {}

    /** The changes of {@code series} under {@code settings}. */
    public static SeriesChanges analyze(BenchmarkSeries series, ChangeSettings settings) {
        SeriesReading reading = SeriesReading.of(series, settings.space(), settings.lastRuns());
        double[] x = reading.values();
        double noise = RobustNoise.sd(x);
        double[] pointNoise = reading.pointNoise(noise);
        List<EDivisive.Split> splits = new ArrayList<>(x.length < 2 * settings.minSize() ? List.of()
                : EDivisive.detect(x, settings.minSize(), settings.significance(), settings.permutations(), settings.seed()));
        int dropped = 0;
        while (true) {
            List<Segment> segments = segments(x, pointNoise, splits);
            int weakest = -1;
            double weakestSigmas = Double.POSITIVE_INFINITY;
            for (int i = 0; i < splits.size(); i++) {
                Segment a = segments.get(i);
                Segment b = segments.get(i + 1);
                double sigmas = robustSigmas(x, pointNoise, a, b);
                double z = searchedZ(settings.significance(), a.size() + b.size(), settings.minSize());
                double change = b.median() / a.median() - 1;
                if ((sigmas <= z || Math.abs(change) < settings.minChange() || !Double.isFinite(change))
                        && sigmas / z < weakestSigmas) {
                    weakest = i;
                    weakestSigmas = sigmas / z;
                }
            }
            if (weakest < 0) {
                return new SeriesChanges(reading, noise, segments, changes(reading, segments, splits), dropped);
            }
            splits.remove(weakest);
            dropped++;
        }
    }

    private static List<Segment> segments(double[] x, double[] noise, List<EDivisive.Split> splits) {
        List<Segment> segments = new ArrayList<>();
        int from = 0;
        for (int k = 0; k <= splits.size(); k++) {
            int to = k < splits.size() ? splits.get(k).index() : x.length;
            if (to > from) {
                double[] part = Arrays.copyOfRange(x, from, to);
                double meanVar = 0;
                for (int i = from; i < to; i++) {
                    meanVar += noise[i] * noise[i];
                }
                segments.add(new Segment(from, to, Percentiles.median(part), Math.sqrt(meanVar / (to - from))));
            }
            from = to;
        }
        return segments;
    }

    /**
     * The noise test's threshold for a split searched over the positions of a segment of
     * {@code length} runs: the two-sided normal quantile at {@code significance} divided by the number
     * of positions the split could have taken ({@code length - 2 minSize + 1}, Bonferroni). E-divisive
     * keeps the split whose two sides differ most, so the step it found is the largest of that many;
     * tested as if it were the only one, a flat series of 60 runs gave a false change in 3-6 of 100.
     */
    static double searchedZ(double significance, int length, int minSize) {
        int positions = Math.max(1, length - 2 * minSize + 1);
        return RobustNoise.normalQuantile(1 - significance / (2.0 * positions));
    }

    /**
     * The step between two segments in standard errors of the difference, the smallest of: as it is,
     * without the one run of the later segment that most favours the step, and without the one run of
     * the earlier segment that most favours it. A change is carried by a segment, not by one run in it:
     * a single outlier at a segment's edge (30% slow among runs 1% apart) moves a short segment's
     * median enough to look like a step, and without that run the step is gone.
     */
    static double robustSigmas(double[] x, double[] noise, Segment a, Segment b) {
        double up = Math.signum(b.median() - a.median());
        double sigmas = sigmas(a, b);
        if (up == 0) {
            return sigmas;
        }
        if (b.size() > 1) {
            sigmas = Math.min(sigmas, sigmas(a, without(x, noise, b, up)));
        }
        if (a.size() > 1) {
            sigmas = Math.min(sigmas, sigmas(without(x, noise, a, -up), b));
        }
        return sigmas;
    }

    /** {@code s} without its most extreme run in {@code direction} (+1: the largest value, -1: the smallest). */
    private static Segment without(double[] x, double[] noise, Segment s, double direction) {
        int drop = s.from();
        for (int i = s.from(); i < s.to(); i++) {
            if (direction * x[i] > direction * x[drop]) {
                drop = i;
            }
        }
        double[] part = new double[s.size() - 1];
        double meanVar = 0;
        int k = 0;
        for (int i = s.from(); i < s.to(); i++) {
            if (i != drop) {
                part[k++] = x[i];
                meanVar += noise[i] * noise[i];
            }
        }
        return new Segment(s.from(), s.to() - 1, Percentiles.median(part), Math.sqrt(meanVar / part.length));
    }

    /** The step between two segments' medians in standard errors of the difference. */
    static double sigmas(Segment a, Segment b) {
        double se = Math.sqrt(Math.PI / 2 * (a.noise() * a.noise() / a.size() + b.noise() * b.noise() / b.size()));
        double step = Math.abs(b.median() - a.median());
        return se > 0 ? step / se : step > 0 ? Double.POSITIVE_INFINITY : 0.0;
    }

    private static List<ChangePoint> changes(SeriesReading r, List<Segment> segments, List<EDivisive.Split> splits) {
        List<ChangePoint> changes = new ArrayList<>();
        for (int i = 0; i < splits.size(); i++) {
            Segment a = segments.get(i);
            Segment b = segments.get(i + 1);
            changes.add(new ChangePoint(b.from(), r.points().get(b.from()), a.median(), b.median(),
                    b.median() / a.median() - 1, splits.get(i).pValue(), sigmas(a, b)));
        }
        return changes;
    }
}
