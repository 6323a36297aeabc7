package dev.sns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.fakes.FakeBackend;
import dev.sns.fakes.FakeTelemetry;
import dev.sns.fakes.FakeTimer;
import dev.sns.model.ComparisonResult;
import dev.sns.model.KernelBreakdown;
import dev.sns.model.SpeedupReading;
import dev.sns.model.TimingResult;
import dev.sns.model.Verdict;
import dev.sns.options.SnsOptions;
import dev.sns.timing.KernelRecorder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 12 through the engine on the fake GPU, whose kernels take exact times: the kernel pass's
 * table, taken after every sample; the net speedup beside the raw one and the verdict on the reading
 * asked for; the share of the device's peak.
 */
class KernelPassEngineTest {
    private final List<String> log = new ArrayList<>();

    private static SnsOptions.Builder quick() {
        return SnsOptions.builder().warmup(5).iterations(40).windows(4).innerReps(2);
    }

    private SnsEngine engine(FakeTimer t) {
        return new SnsEngine(new FakeBackend(t, new FakeTelemetry(t, FakeTelemetry.steady(1500, 4))), log::add);
    }

    @Test
    void theKernelPassGivesTheExactTableAfterEverySample() {
        FakeTimer t = new FakeTimer().withEmptyLaunch(1_500);
        Workload call = s -> {
            t.kernel("_Z4spinm", 10_000);
            t.kernel("copy_f32", 2_500);
            t.kernel("copy_f32", 2_500);
        };
        TimingResult r = engine(t).measure(call, quick().name("call").kernels(true).kernelCalls(8).build());
        KernelBreakdown k = r.kernels().orElseThrow();
        assertTrue(k.available(), k.unavailable());
        assertEquals(8, k.calls());
        assertEquals(2, k.rows().size());
        assertEquals("spin(unsigned long)", k.rows().get(0).name());
        assertEquals(1.0, k.rows().get(0).countPerCall());
        assertEquals(0.010, k.rows().get(0).medianMillis(), 1e-15);
        assertEquals(2.0, k.rows().get(1).countPerCall());
        assertEquals(0.015, k.kernelMillis(), 1e-15);
        assertEquals(0.015, r.medianMillis(), 1e-15, "the fake's event time is its kernels' time");
        assertEquals(1.0, k.kernelShare(), 1e-12);
        assertEquals(0.0135, k.netEventMillis(), 1e-15);
        // Recording starts only after the last sample and the launch overhead's samples.
        List<String> e = t.events();
        int on = e.indexOf("record-on");
        assertTrue(on > e.lastIndexOf("resolve"), "the pass comes after every resolved sample: " + e.subList(on - 3, on + 1));
        assertTrue(Sns.formatKernels(r).contains("kernel time 15.00 us [15.00, 15.00] of event time 15.00 us (net 13.50 us)"),
                Sns.formatKernels(r));
    }

    /**
     * Issue 26.5: with a profiler the kernel rows take its gpu__time_duration.sum (here the records'
     * span + 604 ns, as ncu read kernels on the H200), from the calls it profiled after the records;
     * each row says where its duration came from. The fake's memset-free calls leave every row a kernel.
     */
    @Test
    void kernelRowsTakeTheProfilersDurationAndSaySo() {
        FakeTimer t = new FakeTimer().withEmptyLaunch(1_500);
        dev.sns.fakes.FakeKernelRecorder rec = new dev.sns.fakes.FakeKernelRecorder(t).withProfiler(604);
        SnsEngine e = new SnsEngine(new dev.sns.fakes.FakeBackend(t, new FakeTelemetry(t, FakeTelemetry.steady(1500, 4)),
                rec), log::add);
        Workload call = s -> {
            t.kernel("_Z4spinm", 10_000);
            t.kernel("copy_f32", 2_500);
            t.kernel("copy_f32", 2_500);
        };
        KernelBreakdown k = e.measure(call, quick().kernels(true).kernelCalls(8).build()).kernels().orElseThrow();
        assertEquals(8, k.calls());
        assertEquals(KernelBreakdown.Row.PROFILER_METRIC, k.rows().get(0).durationSource());
        assertEquals(KernelBreakdown.Row.PROFILER_METRIC, k.rows().get(1).durationSource());
        assertEquals(0.010604, k.rows().get(0).medianMillis(), 1e-15);
        assertEquals(0.003104, k.rows().get(1).medianMillis(), 1e-15);
        assertEquals(2.0, k.rows().get(1).countPerCall(), "counts stay the records'");
        assertEquals(0.016812, k.kernelMillis(), 1e-15);
        assertEquals("", k.durationNote());
        List<String> ev = t.events();
        assertTrue(ev.indexOf("profile-on") > ev.indexOf("record-off"), "profiled after the records, recording off");
    }

    @Test
    void aProfilerThatRefusesLeavesTheRecordsDurationsLabelledWithTheReason() {
        FakeTimer t = new FakeTimer().withEmptyLaunch(1_500);
        for (dev.sns.fakes.FakeKernelRecorder rec : List.of(
                new dev.sns.fakes.FakeKernelRecorder(t).withRefusingProfiler("CUPTI_ERROR_INSUFFICIENT_PRIVILEGES"),
                new dev.sns.fakes.FakeKernelRecorder(t).withProfiler(604).withExtraProfiledKernels(1))) {
            SnsEngine e = new SnsEngine(new dev.sns.fakes.FakeBackend(t, new FakeTelemetry(t,
                    FakeTelemetry.steady(1500, 4)), rec), log::add);
            KernelBreakdown k = e.measure(s -> t.kernel("_Z4spinm", 10_000), quick().kernels(true).kernelCalls(4).build())
                    .kernels().orElseThrow();
            assertEquals(KernelBreakdown.Row.ACTIVITY, k.rows().get(0).durationSource());
            assertEquals(0.010, k.rows().get(0).medianMillis(), 1e-15);
            assertTrue(k.durationNote().startsWith("gpu__time_duration.sum"), k.durationNote());
            assertTrue(k.durationNote().contains("INSUFFICIENT_PRIVILEGES")
                    || k.durationNote().contains("launched 5 kernel(s), the recorded ones 4"), k.durationNote());
        }
    }

    @Test
    void withoutTheOptionThereIsNoPassAndWithoutARecorderOneLineSaysWhy() {
        FakeTimer t = new FakeTimer();
        TimingResult r = engine(t).measure(t.work(1_000), quick().build());
        assertTrue(r.kernels().isEmpty());
        assertFalse(t.events().contains("record-on"));
        SnsEngine none = new SnsEngine(new FakeBackend(t, new FakeTelemetry(t, FakeTelemetry.steady(1500, 4)),
                KernelRecorder.unavailable("no CUPTI library (looked in ...)")), log::add);
        TimingResult n = none.measure(t.work(1_000), quick().kernels(true).build());
        assertEquals("no CUPTI library (looked in ...)", n.kernels().orElseThrow().unavailable());
        none.measure(t.work(1_000), quick().kernels(true).build());
        assertEquals(List.of("sns: no kernel table: no CUPTI library (looked in ...); the run goes on without one"), log,
                "said once");
    }

    @Test
    void compareGivesTheNetSpeedupBesideTheRawOneAndTheVerdictOnTheReadingAskedFor() {
        FakeTimer t = new FakeTimer().withEmptyLaunch(2_000);
        SnsOptions.Builder o = quick().faster(1.14).kernels(true).kernelCalls(3);
        ComparisonResult raw = engine(t).compare(t.work(12_000), t.work(13_500), o.build());
        assertEquals(1.125, raw.speedup(), 1e-12);
        assertEquals(1.15, raw.netSpeedup(), 1e-12);
        assertTrue(raw.netSpeedupInterval().orElseThrow().contains(1.15));
        assertEquals(Verdict.PARITY, raw.verdict());
        assertEquals(SpeedupReading.RAW, raw.verdictReading());
        assertEquals(0.012, raw.candidate().kernels().orElseThrow().kernelMillis(), 1e-15);
        assertEquals(0.0135, raw.baseline().kernels().orElseThrow().kernelMillis(), 1e-15);
        // The empty kernel ran in the rounds (4 bodies a round): its samples are the sides' launch overheads.
        assertEquals(0.002, raw.candidate().launchOverheadMillis(), 1e-15);
        assertEquals(40, raw.candidate().n());
        ComparisonResult net = engine(t).compare(t.work(12_000), t.work(13_500), o.verdictOn(SpeedupReading.NET).build());
        assertEquals(Verdict.FASTER, net.verdict());
        assertEquals("net", net.verdictBasis());
        String table = Sns.formatComparisons(List.of(raw, net));
        assertTrue(table.contains("net speedup") && table.contains("1.1500") && table.matches("(?s).*FASTER +net.*"), table);
    }

    @Test
    void declaredBytesAndFlopsShowTheirShareOfTheDevicesPeak() {
        FakeTimer t = new FakeTimer();
        TimingResult r = engine(t).measure(t.work(250_000), quick().bytesPerCall(5e8).flopsPerCall(2.5e9).build());
        assertEquals(2000.0, r.gbPerSecond(), 1e-9);
        assertEquals(0.5, r.bandwidthShareOfPeak(), 1e-12, "2 TB/s of the fake's 4 TB/s");
        assertEquals(10.0, r.tflops(), 1e-9);
        assertEquals(0.2, r.flopsShareOfPeak(), 1e-12, "10 of the fake's 50 TFLOP/s");
        assertTrue(Sns.formatTable(List.of(r)).contains("50.0% bw, 20.0% fp32"), Sns.formatTable(List.of(r)));
        TimingResult wall = engine(t).measure(t.work(250_000), quick().bytesPerCall(5e8)
                .timer(dev.sns.timing.TimerKind.WALL).build());
        assertTrue(wall.peaks().isEmpty(), "no device, no peaks");
    }

    /**
     * Work the timer did not see (declared 50x the bytes and 200x the FLOP the fake's 250 us can move at
     * its 4 TB/s and 50 TFLOP/s): the shares stay in the result, and the table says they are no reading.
     */
    @Test
    void aShareAboveThePeakIsNoReading() {
        FakeTimer t = new FakeTimer();
        TimingResult r = engine(t).measure(t.work(250_000), quick().bytesPerCall(5e10).flopsPerCall(2.5e12).build());
        assertEquals(50.0, r.bandwidthShareOfPeak(), 1e-9);
        assertEquals(200.0, r.flopsShareOfPeak(), 1e-9);
        assertTrue(!dev.sns.model.DevicePeaks.isReading(r.bandwidthShareOfPeak()));
        assertEquals("bw above peak (not a reading), fp32 above peak (not a reading)", ResultTable.ofPeak(r));
        assertTrue(!Sns.formatTable(List.of(r)).contains("5000.0%"), Sns.formatTable(List.of(r)));
        TimingResult atPeak = engine(t).measure(t.work(250_000), quick().bytesPerCall(1e9).build());
        assertEquals("100.0% bw", ResultTable.ofPeak(atPeak), "the peak itself is a reading");
    }

    @Test
    void measureManyRecordsEveryWorkloadAfterAllTheirSamples() {
        FakeTimer t = new FakeTimer();
        Map<String, Workload> works = new LinkedHashMap<>();
        works.put("a", s -> t.kernel("a", 1_000));
        works.put("b", s -> t.kernel("b", 3_000));
        Map<String, TimingResult> r = engine(t).measureMany(works, quick().kernels(true).kernelCalls(2).build());
        assertEquals("a", r.get("a").kernels().orElseThrow().rows().get(0).name());
        assertEquals("b", r.get("b").kernels().orElseThrow().rows().get(0).name());
        List<String> e = t.events();
        assertTrue(e.indexOf("record-on") > e.lastIndexOf("resolve"), "both passes after both workloads' samples");
    }
}
