package dev.sns.analysis;

import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.Interval;
import dev.sns.stats.Percentiles;
import dev.sns.stats.QuantizationFloor;
import dev.sns.stats.WindowedBootstrap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The launch overhead per call from the empty kernel's samples: in each fork, their median with a
 * windowed bootstrap interval floored at one timer step; over forks (each calibrated and measured
 * its own), the sample-weighted mean of the medians with an interval from the lowest lower bound to
 * the highest upper bound.
 */
final class Overheads {
    private Overheads() {}

    /** An overhead per call, in nanoseconds. */
    record Reading(double medianNanos, Interval intervalNanos) {}

    /** The measurement's overhead; none unless every fork with samples measured one. */
    static Optional<Reading> of(Measurement m, BootstrapSettings bootstrap) {
        if (m.overheads().isEmpty()) {
            return Optional.empty();
        }
        int[] forks = Arrays.stream(m.forkIds()).distinct().toArray();
        List<Reading> readings = new ArrayList<>();
        long[] weights = new long[forks.length];
        for (int i = 0; i < forks.length; i++) {
            int fork = forks[i];
            Measurement.Overhead o = m.overheads().stream().filter(x -> x.fork() == fork).findFirst().orElse(null);
            if (o == null) {
                return Optional.empty();
            }
            readings.add(reading(o, bootstrap));
            weights[i] = Arrays.stream(m.forkIds()).filter(f -> f == fork).count();
        }
        return Optional.of(combine(readings, weights));
    }

    /** One fork's overhead. */
    static Reading reading(Measurement.Overhead o, BootstrapSettings bootstrap) {
        double[] x = o.samples().perCallNanos();
        Interval iv = WindowedBootstrap.medianInterval(x, o.samples().windowIds(), bootstrap);
        return new Reading(Percentiles.median(x), QuantizationFloor.atLeast(iv, o.stepNanosPerCall()));
    }

    /** Forks' overheads together, each weighted by its samples of the work. */
    static Reading combine(List<Reading> readings, long[] weights) {
        if (readings.size() == 1) {
            return readings.get(0);
        }
        double weighted = 0;
        long n = 0;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < readings.size(); i++) {
            Reading r = readings.get(i);
            weighted += r.medianNanos() * weights[i];
            n += weights[i];
            lo = Math.min(lo, r.intervalNanos().lower());
            hi = Math.max(hi, r.intervalNanos().upper());
        }
        double median = weighted / n;
        return new Reading(median, new Interval(Math.min(lo, median), Math.max(hi, median),
                readings.get(0).intervalNanos().confidence()));
    }
}
