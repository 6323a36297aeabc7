package dev.sns.reports.changes;

import dev.sns.reports.history.BenchmarkSeries;
import dev.sns.reports.history.HistoryPoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.IntToDoubleFunction;

/** Synthetic histories with known answers. */
final class Series {
    private Series() {}

    /** A series of {@code n} runs with medians {@code level(i) * (1 + noise * N(0,1))}, intervals +/- {@code halfWidth}. */
    static BenchmarkSeries of(int n, IntToDoubleFunction level, double noise, double halfWidth, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] medians = new double[n];
        for (int i = 0; i < n; i++) {
            medians[i] = level.applyAsDouble(i) * (1 + noise * gaussian(rnd));
        }
        return of(medians, halfWidth, null);
    }

    /** Runs with these medians (ms), intervals +/- halfWidth (relative), and these SM clocks (null: no evidence). */
    static BenchmarkSeries of(double[] medians, double halfWidth, double[] clocksMhz) {
        List<HistoryPoint> points = new ArrayList<>();
        for (int i = 0; i < medians.length; i++) {
            double m = medians[i];
            points.add(new HistoryPoint(i + 1, String.format("2025-01-01T00:%02d:%02dZ", i / 60, i % 60), "c" + i, "main",
                    false, "g" + i, "ok", "B", m, m * (1 - halfWidth), m * (1 + halfWidth), 0.95, 100,
                    clocksMhz == null ? null : clocksMhz[i], false));
        }
        return new BenchmarkSeries("x.Bench.run", "0", "fp", Map.of("gpuName", "test"), points);
    }

    static double gaussian(SplittableRandom rnd) {
        double u = Math.max(rnd.nextDouble(), 1e-12);
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd.nextDouble());
    }
}
