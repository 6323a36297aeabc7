package dev.sns.jmh.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sns Main's command line, without a fork ({@link SnsMainIT} runs one). */
class SnsMainTest {
    @Test
    void theSnsProfilerIsKnownByItsShortNameItsClassAndItsSubclasses() {
        assertTrue(SnsMain.isSnsProfiler("sns"));
        assertTrue(SnsMain.isSnsProfiler(dev.sns.jmh.SnsProfiler.class.getName()));
        assertTrue(!SnsMain.isSnsProfiler("gc"));
        assertTrue(!SnsMain.isSnsProfiler("org.openjdk.jmh.profile.GCProfiler"));
    }

    @Test
    void badCommandLineIsExitCodeOne() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = SnsMain.run(new String[] {"-f", "notanumber"}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(1, rc);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("Error parsing command line"), err.toString());
    }

    @Test
    void badSnsOptionIsExitCodeOneWithTheMessage() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = SnsMain.run(new String[] {"B_CpuBench", "-prof", "sns:bogus=1"}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(1, rc);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("unknown sns option 'bogus'"), err.toString());
    }

    @TempDir
    Path tmp;

    @Test
    void devicesOnAMachineWithoutAGpuIsAUsageErrorAndNothingRuns() {
        assumeFalse(dev.sns.gpu.GpuBackends.detect().probe().available(), "this test is about machines without a GPU");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = SnsMain.run(new String[] {"B_CpuBench", "-prof", "sns:devices=1;out=" + tmp.resolve("out")},
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
        String e = err.toString(StandardCharsets.UTF_8);
        assertEquals(ExitCode.USAGE.code(), rc, e);
        assertTrue(e.contains("sns: devices=1 names a GPU, and there is no GPU here ("), e);
        assertTrue(e.contains("nothing was run. Leave devices= out"), e);
        assertTrue(!Files.exists(tmp.resolve("out/results.json")), "nothing may be measured");
    }

    @Test
    void aPairLeftUncomparedFailsTheRunUnlessASideWasSkippedForWantOfAGpu() {
        List<String> uncompared = List.of("p.A.fast@avgt vs p.A.slow@avgt", "p.G.fast@avgt:n=1 vs p.G.slow@avgt:n=1",
                "p.A.cpu vs p.G.gpu");
        assertEquals(List.of("p.A.fast@avgt vs p.A.slow@avgt"), SnsMain.uncomparedMeasurable(uncompared,
                List.of("p.G.fast", "p.G.gpu")));
        assertEquals(uncompared, SnsMain.uncomparedMeasurable(uncompared, List.of()));
    }
}
