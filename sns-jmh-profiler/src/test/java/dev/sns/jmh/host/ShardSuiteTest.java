package dev.sns.jmh.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * A unit's wall-time estimate and configuration text, as {@code ShardSuite} resolves them from the
 * command line, else the benchmark's annotations (here a BenchmarkList line: 1 warm-up iteration of
 * 100 ms, 3 of 100 ms, 1 fork), else JMH's defaults (no warm-up forks): known answers by hand.
 */
class ShardSuiteTest {
    /** The fixture's CpuPairBenchmark.fullMix as JMH's annotation processor lists it. */
    private static final BenchmarkListEntry ENTRY = new BenchmarkListEntry("JMH S 36 com.example.outside.CpuPairBenchmark "
            + "S 66 com.example.outside.jmh_generated.CpuPairBenchmark_fullMix_jmhTest S 7 fullMix S 11 AverageTime "
            + "E A 1 1 1 E I 1 1 T 6 100 ms E I 1 3 T 6 100 ms E I 1 1 E E E E E M 1 1 n 1 16 0AAMAkDA2AA===== "
            + "U 12 MICROSECONDS E E");

    @Test
    void theAnnotationsGiveTheEstimateAndTheConfiguration() throws Exception {
        CommandLineOptions none = new CommandLineOptions();
        // 1 fork x (500 ms of fork overhead + 1 x 100 ms + 3 x 100 ms)
        assertEquals(900.0, ShardSuite.estimateMillis(none, ENTRY, Mode.AverageTime, 0), 1e-9);
        assertEquals("f=1+0 wi=1x100ms i=3x100ms", ShardSuite.configuration(none, ENTRY, Mode.AverageTime));
    }

    @Test
    void theCommandLineWinsOverTheAnnotations() throws Exception {
        CommandLineOptions cmd = new CommandLineOptions("-f", "3", "-wf", "1", "-i", "2", "-r", "50ms");
        // (3 + 1) forks x (500 + 1 x 100 + 2 x 50)
        assertEquals(2800.0, ShardSuite.estimateMillis(cmd, ENTRY, Mode.AverageTime, 0), 1e-9);
        assertEquals("f=3+1 wi=1x100ms i=2x50ms", ShardSuite.configuration(cmd, ENTRY, Mode.AverageTime));
    }

    @Test
    void abbaRoundsCountOneForkEachAndASingleShotCountsNoIterationTime() throws Exception {
        CommandLineOptions none = new CommandLineOptions();
        assertEquals(6 * 900.0, ShardSuite.estimateMillis(none, ENTRY, Mode.AverageTime, 6), 1e-9);
        assertEquals(500.0, ShardSuite.estimateMillis(none, ENTRY, Mode.SingleShotTime, 0), 1e-9);
        assertEquals("f=1+0 wi=1x0ms i=3x0ms", ShardSuite.configuration(none, ENTRY, Mode.SingleShotTime));
    }
}
