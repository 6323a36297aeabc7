package dev.sns.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.fakes.FakeSymbolDemangler;
import dev.sns.model.KernelBreakdown;
import dev.sns.stats.BootstrapSettings;
import dev.sns.timing.KernelNameCorpus;
import dev.sns.timing.KernelRecord;
import dev.sns.timing.KernelTrace;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The kernel table of known records: the exact rows, counts, medians, shares and kernel time. */
class KernelBreakdownsTest {
    private static final BootstrapSettings BS = BootstrapSettings.defaults();

    /** A call at {@code t0}: spin 10 us, copy 5 us twice, a memset 3 us (records as CUPTI gives them). */
    private static List<KernelRecord> call(long t0, long spinNanos) {
        return List.of(
                KernelRecord.of("_Z4spinm", t0, t0 + spinNanos, 1, 1),
                KernelRecord.of("copy_f32", t0 + 11_000, t0 + 16_000, 1056, 256),
                KernelRecord.of("copy_f32", t0 + 17_000, t0 + 22_000, 1056, 256),
                new KernelRecord("[memset]", t0 + 22_500, t0 + 25_500, new int[3], new int[3], 0, 0));
    }

    private static KernelTrace trace(long... spins) {
        List<List<KernelRecord>> calls = new ArrayList<>();
        for (int i = 0; i < spins.length; i++) {
            calls.add(call(i * 100_000L, spins[i]));
        }
        return new KernelTrace(calls, 0, 0, "");
    }

    /**
     * Issue 26.5: the profiler's durations (one per kernel record in launch order, the memset skipped)
     * replace the kernels' spans, from the profiled calls only; the memset keeps its record's span and
     * counts stay the records' over every call.
     */
    @Test
    void profiledDurationsReplaceTheKernelsSpansAndTheMemsetKeepsItsOwn() {
        // 2 of 4 calls profiled, each: spin 10.6 us, copy 5.2 us, copy 5.4 us (ncu's numbers, say)
        KernelTrace t = trace(10_000, 10_000, 10_000, 10_000).profiled("gpu__time_duration.sum",
                new double[] {10_600, 5_200, 5_400, 10_600, 5_200, 5_400}, 2);
        assertEquals(4, t.profiled().size());
        assertEquals(0, t.profiled().get(3).length, "an unprofiled call has none");
        assertTrue(Double.isNaN(t.profiled().get(0)[3]), "the memset has no profiled duration");
        KernelBreakdown k = KernelBreakdowns.of(List.of(new Measurement.Kernels(0, t)), 0.025, 0.0235, BS);
        assertEquals(4, k.calls());
        assertEquals(KernelBreakdown.Row.PROFILER_METRIC, k.rows().get(0).durationSource());
        assertEquals(0.0106, k.rows().get(0).medianMillis(), 1e-15);
        assertEquals(KernelBreakdown.Row.PROFILER_METRIC, k.rows().get(1).durationSource());
        assertEquals(0.0053, k.rows().get(1).medianMillis(), 1e-15, "median of 5.2 and 5.4 us launches");
        assertEquals(2.0, k.rows().get(1).countPerCall(), "counts over all four calls");
        assertEquals(KernelBreakdown.Row.ACTIVITY, k.rows().get(2).durationSource());
        assertEquals(0.003, k.rows().get(2).medianMillis(), 1e-15);
        assertEquals(0.0242, k.kernelMillis(), 1e-15, "10.6 + 5.2 + 5.4 + 3.0 us over the profiled calls");
        assertEquals("", k.durationNote());
    }

    @Test
    void aProfileOfOtherKernelsIsNotAttachedAndTheNoteSaysSo() {
        KernelTrace t = trace(10_000, 10_000).profiled("gpu__time_duration.sum", new double[] {10_600, 5_200}, 2);
        assertTrue(t.profiled().isEmpty());
        assertEquals("gpu__time_duration.sum: the 2 profiled call(s) launched 2 kernel(s), the recorded ones 6",
                t.profilerNote());
        KernelBreakdown k = KernelBreakdowns.of(List.of(new Measurement.Kernels(0, t)), 0.025, 0.0235, BS);
        assertEquals(KernelBreakdown.Row.ACTIVITY, k.rows().get(0).durationSource());
        assertEquals(0.010, k.rows().get(0).medianMillis(), 1e-15);
        assertEquals(t.profilerNote(), k.durationNote());
    }

    @Test
    void knownRecordsGiveTheExactTable() {
        KernelBreakdown k = KernelBreakdowns.of(List.of(new Measurement.Kernels(0, trace(10_000, 10_000, 10_000, 10_000))),
                0.025, 0.0235, BS);
        assertEquals(4, k.calls());
        assertEquals(3, k.rows().size());
        KernelBreakdown.Row spin = k.rows().get(0);
        assertEquals("spin(unsigned long)", spin.name());
        assertEquals("_Z4spinm", spin.symbol());
        assertEquals("1", spin.grid());
        assertEquals("1", spin.block());
        assertEquals(1.0, spin.countPerCall());
        assertEquals(0.010, spin.medianMillis(), 1e-15);
        assertEquals(0.010, spin.intervalMillis().lower(), 1e-15);
        assertEquals(0.010, spin.intervalMillis().upper(), 1e-15);
        assertEquals(0.4, spin.shareOfCall(), 1e-12);
        KernelBreakdown.Row copy = k.rows().get(1);
        assertEquals("copy_f32", copy.name());
        assertEquals("1056", copy.grid());
        assertEquals("256", copy.block());
        assertEquals(2.0, copy.countPerCall());
        assertEquals(0.005, copy.medianMillis(), 1e-15);
        assertEquals(0.4, copy.shareOfCall(), 1e-12);
        KernelBreakdown.Row memset = k.rows().get(2);
        assertEquals("[memset]", memset.name());
        assertEquals("-", memset.grid());
        assertEquals(0.12, memset.shareOfCall(), 1e-12);
        assertEquals(0.023, k.kernelMillis(), 1e-15);
        assertEquals(0.023, k.kernelIntervalMillis().lower(), 1e-15);
        assertEquals(0.92, k.kernelShare(), 1e-12);
        assertEquals(0.08, k.launchAndGapShare(), 1e-12);
        assertEquals(0.0235, k.netEventMillis());
    }

    @Test
    void theMedianAndItsIntervalComeFromTheCalls() {
        KernelBreakdown k = KernelBreakdowns.of(List.of(new Measurement.Kernels(0,
                trace(10_000, 10_100, 9_900, 10_050, 9_950, 10_000, 10_020))), 0.025, Double.NaN, BS);
        KernelBreakdown.Row spin = k.rows().get(0);
        assertEquals(0.010, spin.medianMillis(), 1e-15);
        assertTrue(spin.intervalMillis().lower() >= 0.0099 && spin.intervalMillis().upper() <= 0.0101,
                spin.intervalMillis().toString());
        assertTrue(spin.intervalMillis().contains(0.010));
        assertEquals(0.023, k.kernelMillis(), 1e-15);
        // Two forks: the forks are a level of the interval, and both forks' calls count.
        KernelBreakdown two = KernelBreakdowns.of(List.of(new Measurement.Kernels(0, trace(10_000, 10_000)),
                new Measurement.Kernels(1, trace(12_000, 12_000))), 0.025, Double.NaN, BS);
        assertEquals(4, two.calls());
        assertEquals(0.011, two.rows().get(0).medianMillis(), 1e-15);
        assertEquals(0.010, two.rows().get(0).intervalMillis().lower(), 1e-15);
        assertEquals(0.012, two.rows().get(0).intervalMillis().upper(), 1e-15);
    }

    @Test
    void aPassThatCouldNotRecordSaysWhy() {
        assertNull(KernelBreakdowns.of(List.of(), 0.01, Double.NaN, BS), "no pass, no table");
        KernelBreakdown k = KernelBreakdowns.of(List.of(new Measurement.Kernels(0,
                KernelTrace.unavailable("no CUPTI library (...)"))), 0.01, Double.NaN, BS);
        assertFalse(k.available());
        assertEquals("no CUPTI library (...)", k.unavailable());
        KernelBreakdown none = KernelBreakdowns.of(List.of(new Measurement.Kernels(0,
                new KernelTrace(List.of(List.of(), List.of()), 3, 0, ""))), 0.01, Double.NaN, BS);
        assertEquals("the kernel pass recorded no kernel in 2 call(s) (3 record(s) fell outside every call)",
                none.unavailable());
    }

    @Test
    void theNameColumnReadsThroughThePlatformsDemanglerThenOwn() {
        // FakeSymbolDemangler is registered as a platform demangler (test META-INF/services): its name
        // for its symbol shows the table goes through the chain; a lambda-heavy ATen kernel shows the
        // chain's answer is c++filt's (libstdc++'s here, sns's own where there is none).
        KernelNameCorpus.Line lambda = KernelNameCorpus.lines().stream()
                .filter(l -> l.cppFilt().contains("::{lambda(")).findFirst().orElseThrow();
        List<List<KernelRecord>> calls = List.of(List.of(
                KernelRecord.of(FakeSymbolDemangler.SYMBOL, 0, 1_000, 1, 1),
                KernelRecord.of(lambda.symbol(), 2_000, 3_000, 1, 1)));
        KernelBreakdown k = KernelBreakdowns.of(List.of(new Measurement.Kernels(0, new KernelTrace(calls, 0, 0, ""))),
                0.005, Double.NaN, BS);
        assertEquals(FakeSymbolDemangler.NAME, k.rows().get(0).name());
        assertEquals(FakeSymbolDemangler.SYMBOL, k.rows().get(0).symbol());
        assertEquals(lambda.cppFilt(), k.rows().get(1).name());
    }
}
