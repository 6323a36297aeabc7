package dev.sns.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.fakes.FakeKernelRecorder;
import dev.sns.fakes.FakeTimer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The kernel pass over the fake recorder: calls alone, each record in its call, the recorder off after. */
class KernelPassTest {
    @Test
    void eachCallsKernelsLandInThatCall() throws Exception {
        FakeTimer t = new FakeTimer();
        FakeKernelRecorder rec = new FakeKernelRecorder(t);
        Body call = () -> {
            t.kernel("a", 10_000);
            t.kernel("b", 2_500);
        };
        KernelTrace trace = KernelPass.run(t, call, rec, 5);
        assertTrue(trace.available());
        assertEquals(5, trace.callCount());
        for (List<KernelRecord> c : trace.calls()) {
            assertEquals(2, c.size());
            assertEquals("a", c.get(0).name());
            assertEquals(10_000, c.get(0).durationNanos());
            assertEquals(2_500, c.get(1).durationNanos());
        }
        assertEquals(0, trace.unattributed());
        assertFalse(rec.isOn());
        // Warm-up calls first (not recorded), then each recorded call followed by a synchronize.
        List<String> e = t.events();
        int on = e.indexOf("record-on");
        assertEquals(2 * KernelPass.WARMUP_CALLS, e.subList(0, on).stream().filter("work"::equals).count());
        assertEquals(List.of("work", "work", "sync"), e.subList(on + 1, on + 4));
        assertEquals("record-off", e.get(e.size() - 1));
    }

    @Test
    void aRecorderThatCannotRecordGivesATraceSayingWhy() throws Exception {
        FakeTimer t = new FakeTimer();
        KernelTrace none = KernelPass.run(t, () -> t.advance(1), KernelRecorder.unavailable("no CUPTI here"), 3);
        assertEquals("no CUPTI here", none.unavailable());
        assertEquals(0, t.count("work"), "nothing runs for a recorder that cannot record");
        KernelRecorder refuses = new KernelRecorder() {
            @Override
            public void start() {
                throw new IllegalStateException("cuptiActivityEnable: error 35 CUPTI_ERROR_INSUFFICIENT_PRIVILEGES");
            }

            @Override
            public long timestampNanos() {
                return 0;
            }

            @Override
            public List<KernelRecord> stop() {
                return List.of();
            }
        };
        KernelTrace refused = KernelPass.run(t, () -> t.advance(1), refuses, 3);
        assertTrue(refused.unavailable().contains("INSUFFICIENT_PRIVILEGES"), refused.unavailable());
    }

    @Test
    void recordsOutsideEveryCallAreCountedAndAStrangeClockFallsBackToOrder() {
        List<KernelRecord> r = List.of(KernelRecord.of("k", 5, 8, 1, 1), KernelRecord.of("k", 15, 18, 1, 1),
                KernelRecord.of("other", 25, 26, 1, 1));
        KernelTrace t = KernelTrace.attribute(r, new long[] {0, 10}, new long[] {9, 19}, 2);
        assertEquals(1, t.calls().get(0).size());
        assertEquals(1, t.calls().get(1).size());
        assertEquals(1, t.unattributed());
        assertEquals(2, t.dropped());
        // Timestamps on another clock: no record fits a window; 4 records deal out 2 per call in start order.
        List<KernelRecord> far = List.of(KernelRecord.of("x", 1005, 1006, 1, 1), KernelRecord.of("y", 1001, 1002, 1, 1),
                KernelRecord.of("x", 1015, 1016, 1, 1), KernelRecord.of("y", 1011, 1012, 1, 1));
        KernelTrace dealt = KernelTrace.attribute(far, new long[] {0, 10}, new long[] {9, 19}, 0);
        assertEquals(List.of("y", "x"), dealt.calls().get(0).stream().map(KernelRecord::name).toList());
        assertEquals(0, dealt.unattributed());
    }
}
