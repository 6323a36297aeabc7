package dev.sns.jmh.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.sns.model.ClockEvidence;
import dev.sns.model.TimingResult;
import dev.sns.stats.BootstrapSettings;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each set of windows is summarized once in a run, however many benchmarks the run has: JMH aggregates a
 * benchmark's results anew each time it reads them (its table reads every benchmark three or four times, one
 * after the other), and with fewer kept than benchmarks every read ran the analysis again.
 */
class WindowSummaryCacheTest {
    private static final BootstrapSettings BS = BootstrapSettings.defaults();

    private static List<WindowSamples> fork(int k) {
        double[] nanos = {1000 + k, 1010 + k, 990 + k, 1005 + k};
        return List.of(new WindowSamples(WindowSamples.GPU_SOURCE, 0, 0, nanos, new int[nanos.length], 1, "fake", 0,
                Double.NaN, Double.NaN, ClockEvidence.none("test", false), null, null));
    }

    @Test
    void aRunOfFourHundredBenchmarksReadInTurnIsSummarizedOnceEach() {
        WindowMeasurements.forget();
        List<List<WindowSamples>> benchmarks = new ArrayList<>();
        List<TimingResult> first = new ArrayList<>();
        for (int b = 0; b < 400; b++) {
            benchmarks.add(fork(b));
            first.add(WindowMeasurements.summary("b" + b, benchmarks.get(b), BS));
        }
        for (int pass = 0; pass < 3; pass++) { // as JMH's table reads them
            for (int b = 0; b < 400; b++) {
                assertSame(first.get(b), WindowMeasurements.summary("b" + b, new ArrayList<>(benchmarks.get(b)), BS),
                        "benchmark " + b + ", pass " + pass + ": the kept result, not a new analysis");
            }
        }
        TimingResult renamed = WindowMeasurements.summary("sns", benchmarks.get(7), BS);
        assertEquals("sns", renamed.name());
        assertEquals(first.get(7).medianMillis(), renamed.medianMillis(), 0.0);
        assertSame(renamed, WindowMeasurements.summary("sns", benchmarks.get(7), BS), "JMH's name, read again: no copy");
        assertEquals("b7", WindowMeasurements.summary("b7", benchmarks.get(7), BS).name());
    }

    @Test
    void aNewRunForgetsTheLastOnesResults() {
        List<WindowSamples> w = fork(1);
        TimingResult before = WindowMeasurements.summary("x", w, BS);
        WindowMeasurements.forget();
        assertNotSame(before, WindowMeasurements.summary("x", w, BS));
    }
}
