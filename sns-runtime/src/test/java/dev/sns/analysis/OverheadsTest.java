package dev.sns.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.stats.Interval;
import java.util.List;
import org.junit.jupiter.api.Test;

class OverheadsTest {
    private static final dev.sns.model.ClockEvidence NONE = dev.sns.model.ClockEvidence.none("t", false);

    private static Measurement.Overhead overhead(int fork, double nanos) {
        double[] x = new double[12];
        int[] w = new int[12];
        for (int i = 0; i < x.length; i++) {
            x[i] = nanos;
            w[i] = i / 3;
        }
        return new Measurement.Overhead(fork, new dev.sns.timing.SampleSet(x, w, 1, 0, 0), 1.0);
    }

    /** Each fork's overhead comes from its own samples, weighted by that fork's samples of the work. */
    @Test
    void everyForkWithSamplesMustHaveMeasuredItsOverhead() {
        Measurement.Builder b = Measurement.builder("m").timer("t", 0)
                .window(0, new double[] {10, 10, 10}, NONE).window(1, new double[] {10}, NONE);
        Measurement both = b.overhead(overhead(0, 1400)).overhead(overhead(1, 1600)).build();
        Overheads.Reading r = Overheads.of(both, dev.sns.stats.BootstrapSettings.defaults()).orElseThrow();
        assertEquals((3 * 1400 + 1600) / 4.0, r.medianNanos(), 1e-9);
        Measurement one = Measurement.builder("m").timer("t", 0).window(0, new double[] {10, 10, 10}, NONE)
                .window(1, new double[] {10}, NONE).overhead(overhead(0, 1400)).build();
        assertTrue(Overheads.of(one, dev.sns.stats.BootstrapSettings.defaults()).isEmpty(),
                "fork 1 measured no overhead: no overhead for the benchmark, never half of one");
    }

    /** Forks with their own calibration combine their launch overheads: weighted by samples, widest bounds. */
    @Test
    void forksCombineTheirLaunchOverheads() {
        Overheads.Reading o = Overheads.combine(List.of(
                new Overheads.Reading(1400, new Interval(1390, 1410, 0.95)),
                new Overheads.Reading(1600, new Interval(1580, 1620, 0.95))), new long[] {3, 1});
        assertEquals((3 * 1400 + 1600) / 4.0, o.medianNanos(), 1e-9); // weighted by samples
        assertEquals(1390, o.intervalNanos().lower(), 0.0);
        assertEquals(1620, o.intervalNanos().upper(), 0.0);
    }
}
