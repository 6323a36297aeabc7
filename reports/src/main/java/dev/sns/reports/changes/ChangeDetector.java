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
        double z = RobustNoise.normalQuantile(1 - settings.significance() / 2);
        int dropped = 0;
        while (true) {
            List<Segment> segments = segments(x, pointNoise, splits);
            int weakest = -1;
            double weakestSigmas = Double.POSITIVE_INFINITY;
            for (int i = 0; i < splits.size(); i++) {
                Segment a = segments.get(i);
                Segment b = segments.get(i + 1);
                double sigmas = sigmas(a, b);
                double change = b.median() / a.median() - 1;
                if ((sigmas <= z || Math.abs(change) < settings.minChange() || !Double.isFinite(change))
                        && sigmas < weakestSigmas) {
                    weakest = i;
                    weakestSigmas = sigmas;
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
