package dev.sns.jmh.fork;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.sns.jmh.link.ForkProperties;
import dev.sns.jmh.link.SnsResult;
import dev.sns.jmh.link.WindowSamples;
import dev.sns.model.ClockEvidence;
import dev.sns.stats.BootstrapSettings;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.AverageTimeResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.options.TimeValue;

/** What a fork window carries: every thread's samples, and the fork's once-only data on its first GPU window. */
class ForkHalfTest {
    private static final WindowSamples.Overhead OVERHEAD = new WindowSamples.Overhead(new double[] {2000, 2001},
            new int[] {0, 1}, 16);

    private static ForkSamples.Drained drained(int thread, double... nanos) {
        return new ForkSamples.Drained(thread, nanos, 4, "fake", 32, OVERHEAD, Double.NaN, 1e6, true, null, null);
    }

    @Test
    void theFirstGpuWindowCarriesTheOverheadAndTheFingerprintLaterOnesDoNot() {
        Map<String, String> fp = Map.of("gpuName", "Fake H200");
        List<ForkSamples.Drained> d = List.of(drained(0, 1, 2), drained(1, 3));
        ClockEvidence none = ClockEvidence.none("t", false);
        WindowSamples first = ForkHalf.fromSessions(d, 2, 1, none, true, fp);
        assertEquals(3, first.size());
        assertEquals(WindowSamples.GPU_SOURCE, first.source());
        assertEquals(2, first.fork());
        assertEquals(1, first.iteration(), "the first GPU window need not be iteration 0");
        assertEquals("Fake H200", first.fingerprint().get("gpuName"));
        assertSame(OVERHEAD, first.overhead());
        WindowSamples later = ForkHalf.fromSessions(d, 2, 2, none, false, fp);
        assertNull(later.fingerprint());
        assertNull(later.overhead());
        assertSame(none, later.evidence());
        assertArrayEquals(new double[] {1, 2, 3}, later.perCallNanos(), 0.0);
    }

    @Test
    void aCpuBenchmarksForkNeverParsesItsOptionsAndTakesTheBootstrapTheHostPassed() {
        BootstrapSettings hosts = new BootstrapSettings(0.9, 500, 42);
        String before = System.getProperty(ForkProperties.BOOTSTRAP);
        System.setProperty(ForkProperties.BOOTSTRAP, ForkProperties.bootstrapText(hosts));
        try {
            ForkHalf half = new ForkHalf(() -> {
                throw new AssertionError("a CPU benchmark's fork parsed its options line");
            });
            IterationParams measured = new IterationParams(IterationType.MEASUREMENT, 2, TimeValue.milliseconds(1), 1);
            BenchmarkParams bp = new BenchmarkParams("pkg.B.m", "pkg.generated.B_m_jmhTest", false, 1, new int[] {1},
                    List.of(), 1, 0, new IterationParams(IterationType.WARMUP, 0, TimeValue.milliseconds(1), 1),
                    measured, Mode.AverageTime, new WorkloadParams(), TimeUnit.NANOSECONDS, 1, "java", List.of(), "17",
                    "vm", "17", "1.37", TimeValue.minutes(1));
            half.beforeIteration(measured);
            IterationResult ir = new IterationResult(bp, measured, null);
            ir.addResult(new AverageTimeResult(ResultRole.PRIMARY, "m", 100, 2_500, TimeUnit.NANOSECONDS)); // 25 ns/op
            List<? extends Result> out = half.afterIteration(bp, measured, ir);
            assertEquals(1, out.size());
            SnsResult r = (SnsResult) out.get(0);
            assertEquals(WindowSamples.JMH_SOURCE, r.windows().get(0).source());
            assertArrayEquals(new double[] {25}, r.windows().get(0).perCallNanos(), 1e-9);
            assertEquals(hosts, r.summary().bootstrap(), "the host's bootstrap, read without the option table");
        } finally {
            if (before == null) {
                System.clearProperty(ForkProperties.BOOTSTRAP);
            } else {
                System.setProperty(ForkProperties.BOOTSTRAP, before);
            }
        }
    }

    @Test
    void aBootstrapPropertyTheHostDidNotWriteIsIgnoredSoTheOptionsDecide() {
        String before = System.getProperty(ForkProperties.BOOTSTRAP);
        try {
            System.setProperty(ForkProperties.BOOTSTRAP, "0.95,many,7");
            assertNull(ForkProperties.bootstrap());
            System.setProperty(ForkProperties.BOOTSTRAP, "1.5,2000,7"); // confidence out of range
            assertNull(ForkProperties.bootstrap());
            System.setProperty(ForkProperties.BOOTSTRAP, ForkProperties.bootstrapText(BootstrapSettings.defaults()));
            assertEquals(BootstrapSettings.defaults(), ForkProperties.bootstrap());
        } finally {
            if (before == null) {
                System.clearProperty(ForkProperties.BOOTSTRAP);
            } else {
                System.setProperty(ForkProperties.BOOTSTRAP, before);
            }
        }
    }
}
