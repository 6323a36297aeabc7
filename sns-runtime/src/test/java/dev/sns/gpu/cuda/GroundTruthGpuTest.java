package dev.sns.gpu.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.Sns;
import dev.sns.options.SnsOptions;
import dev.sns.fakes.GpuTest;
import dev.sns.model.TimingResult;
import dev.sns.stats.Interval;
import dev.sns.timing.LaunchMode;
import dev.sns.timing.TimerKind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * NVBench's check: a kernel that spins for a known time on the GPU's own clock must read as that
 * time. One launch per sample (inner reps 1), so nothing amortizes a launch overhead away.
 */
@GpuTest
class GroundTruthGpuTest {
    private static SnsOptions.Builder oneLaunchPerSample(LaunchMode mode, long nanos) {
        return SnsOptions.builder().name("spin " + nanos / 1000 + " us " + mode).timer(TimerKind.CUDA).launch(mode)
                .innerReps(1).warmup(20).iterations(60).windows(6);
    }

    @ParameterizedTest(name = "spin {0} ns")
    @ValueSource(longs = {10_000, 100_000, 1_000_000})
    void blockingLaunchReadsTheKnownDuration(long nanos) {
        TestKernels k = new TestKernels(0);
        TimingResult blocking = Sns.measure(k.spin(nanos), oneLaunchPerSample(LaunchMode.BLOCKING, nanos).build());
        TimingResult plain = Sns.measure(k.spin(nanos), oneLaunchPerSample(LaunchMode.PLAIN, nanos).build());
        TimingResult graph = Sns.measure(k.spin(nanos), oneLaunchPerSample(LaunchMode.GRAPH, nanos).build());
        double truthUs = nanos / 1000.0;
        double netUs = blocking.netMedianMillis() * 1000;
        Interval net = blocking.netIntervalMillis().orElseThrow().scaled(1000);
        GpuReport.line("ground truth %7.1f us, one launch per sample: blocking net %9.3f us [%9.3f, %9.3f] "
                        + "(error %+.3f us); raw excess blocking %+.3f, plain %+.3f, graph %+.3f us; launch overhead "
                        + "blocking %.3f, plain %.3f, graph %.3f us; timer step %.1f ns",
                truthUs, netUs, net.lower(), net.upper(), netUs - truthUs,
                blocking.medianMillis() * 1000 - truthUs, plain.medianMillis() * 1000 - truthUs,
                graph.medianMillis() * 1000 - truthUs, blocking.launchOverheadMillis() * 1000,
                plain.launchOverheadMillis() * 1000, graph.launchOverheadMillis() * 1000,
                blocking.timerStepMillis() * 1e6);
        // Net of the launch overhead, within 1% + 1 us of the truth (%globaltimer ticks coarsely).
        assertEquals(truthUs, netUs, 0.01 * truthUs + 1.0, blocking.toString());
        // plain launches time the host's launch rate for an empty kernel: no net reading there
        assertTrue(Double.isNaN(plain.netMedianMillis()) && plain.netIntervalMillis().isEmpty(), plain.toString());
        assertEquals(truthUs, graph.netMedianMillis() * 1000, 0.01 * truthUs + 1.0, graph.toString());
    }
}
