package dev.sns.jmh.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

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
}
