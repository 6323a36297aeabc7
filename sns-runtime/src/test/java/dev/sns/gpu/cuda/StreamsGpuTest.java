package dev.sns.gpu.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.Sns;
import dev.sns.Workload;
import dev.sns.fakes.GpuTest;
import dev.sns.model.MeasurementTier;
import dev.sns.model.TimingResult;
import dev.sns.options.SnsOptions;
import dev.sns.timing.LaunchMode;
import dev.sns.timing.TimerKind;
import java.util.LinkedHashSet;
import java.util.Set;
import jcuda.driver.CUstream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The windows of a call take streams in turn (the {@code streams} option): the work is handed each
 * window's stream, and what it launches there is still between the events, in every launch mode.
 */
@GpuTest
class StreamsGpuTest {
    @ParameterizedTest(name = "{0} launch")
    @EnumSource(LaunchMode.class)
    void eachWindowRunsOnItsOwnStreamAndIsStillTimed(LaunchMode mode) {
        TestKernels k = new TestKernels(0);
        Workload spin = k.spin(20_000);
        Set<Long> seen = new LinkedHashSet<>();
        Workload recording = s -> {
            seen.add(CudaStream.nativePointer(s.unwrap(CUstream.class)));
            spin.run(s);
        };
        SnsOptions.Builder o = SnsOptions.builder().name("spin 20 us, " + mode).timer(TimerKind.CUDA).launch(mode)
                .innerReps(4).warmup(5).iterations(40).windows(5);
        TimingResult rotating = Sns.measure(recording, o.build());
        int rotatingStreams = seen.size();
        seen.clear();
        TimingResult one = Sns.measure(recording, o.streams(1).build());
        GpuReport.line("streams, %s launch: %d streams seen, median %.3f us net %.3f us; one stream: %d seen, median "
                + "%.3f us net %.3f us", mode, rotatingStreams, rotating.medianMillis() * 1e3,
                rotating.netMedianMillis() * 1e3, seen.size(), one.medianMillis() * 1e3, one.netMedianMillis() * 1e3);
        // every window opens with an untimed call of the work on its stream (four calls a sample): the work
        // sees each window's stream in every mode (in graph mode the capture saw one, the replays follow the
        // stream, and the opening calls are the work's own)
        assertEquals(5, rotatingStreams, "streams handed to the work, 5 windows");
        assertEquals(1, seen.size(), "streams=1");
        // the work is timed on every stream: 20 us of spin plus a launch cost per call (work launched
        // outside the events would read a few microseconds)
        for (TimingResult r : new TimingResult[] {rotating, one}) {
            double us = r.medianMillis() * 1e3;
            assertTrue(us > 20.0 && us < 25.0, r.toString());
        }
    }

    /**
     * The trap of streams that move: work bound at its first call to the stream it was handed (a
     * library given a stream once) runs outside the timed stream in the later windows. The events
     * there bracket nothing, and the result says so (tier C, the windows named) instead of reading
     * a few nanoseconds as a fast kernel; with {@code streams=1} the same work is timed.
     */
    @ParameterizedTest(name = "{0} calls per sample")
    @ValueSource(ints = {4, 1})
    void workBoundToTheFirstStreamItWasHandedIsCaughtRunningOutsideTheTimedStream(int callsPerSample) {
        TestKernels k = new TestKernels(0);
        Workload spin = k.spin(20_000);
        CudaStream[] bound = new CudaStream[1];
        Workload boundOnce = s -> {
            if (bound[0] == null) {
                bound[0] = s.unwrap(CudaStream.class);
            }
            spin.run(bound[0]);
        };
        SnsOptions.Builder o = SnsOptions.builder().name("spin 20 us bound at its first call").timer(TimerKind.CUDA)
                .innerReps(callsPerSample).warmup(5).iterations(40).windows(5);
        TimingResult moving = Sns.measure(boundOnce, o.build());
        bound[0] = null;
        TimingResult one = Sns.measure(boundOnce, o.streams(1).build());
        GpuReport.line("bound at its first call, %d calls per sample: streams moving %s; streams=1 %s; off-stream median "
                + "over the empty launch %.3f, on one stream %.3f", callsPerSample, moving, one,
                moving.medianMillis() / moving.launchOverheadMillis(), one.medianMillis() / one.launchOverheadMillis());
        assertEquals(MeasurementTier.C, moving.tier(), moving.toString());
        assertTrue(moving.tierReasons().get(0).startsWith("the timed stream saw no work in window"),
                moving.tierReasons().toString());
        assertNotEquals(MeasurementTier.C, one.tier(), one.tierReasons().toString());
        double us = one.medianMillis() * 1e3;
        assertTrue(us > 20.0 && us < 25.0, one.toString());
    }

    /**
     * Automatic inner reps of a launch-bound kernel calibrate with hundreds of launches queued
     * behind the blocking kernel, in blocking and (since its samples are held too) graph launches:
     * the queue must not fill, and the kernel, as cheap as the empty one, is not taken for work
     * that ran elsewhere.
     */
    @ParameterizedTest(name = "{0} launch")
    @EnumSource(value = LaunchMode.class, names = {"BLOCKING", "GRAPH"})
    void automaticInnerRepsOfALaunchBoundKernelCalibrateBehindTheBlockingKernel(LaunchMode mode) {
        TestKernels k = new TestKernels(0);
        TimingResult r = Sns.measure(k.spin(0), SnsOptions.builder().name("spin 0 ns, " + mode).timer(TimerKind.CUDA)
                .launch(mode).build());
        GpuReport.line("automatic inner reps, %s launch, spin 0 ns: %s, %d calls per sample; over the empty launch %.3f",
                mode, r, r.innerReps(), r.medianMillis() / r.launchOverheadMillis());
        assertTrue(r.innerReps() > 100, "calibrated to many calls per sample: " + r.innerReps());
        assertNotEquals(MeasurementTier.C, r.tier(), r.tierReasons().toString());
        assertTrue(r.medianMillis() * 1e3 < 3.0, r.toString());
    }
}
