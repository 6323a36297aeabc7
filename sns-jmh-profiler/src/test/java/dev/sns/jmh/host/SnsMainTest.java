package dev.sns.jmh.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
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

    /** Precision rounds add forks: with -f 0 (JMH's own JVM) halfWidth stops the run before anything runs. */
    @Test
    void halfWidthWithoutForksIsExitCodeOneNamingTheFix() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = SnsMain.run(new String[] {"B_CpuBench", "-f", "0", "-prof", "sns:halfWidth=1%;out=" + tmp.resolve("out")},
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(1, rc);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("-f 0 runs the benchmarks in JMH's own JVM, without "
                + "forks: give -f 1 or more, or leave halfWidth out"), err.toString());
        assertTrue(!Files.exists(tmp.resolve("out/results.json")), "nothing ran, no report");
    }

    @TempDir
    Path tmp;

    /** The sns Main with {@code -prof sns:<line>} over a CPU benchmark: exit code, and stdout + stderr. */
    private static Object[] snsMain(String line) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = SnsMain.run(new String[] {"B_CpuBench", "-f", "1", "-wi", "0", "-i", "1", "-prof", "sns:" + line},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Object[] {rc, out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8)};
    }

    /** Each check before the first fork: exit 1 (usage), one line naming the value and the fix, no report directory. */
    @Test
    void aHistoryWithAnUnknownSchemeStopsTheRunBeforeTheFirstFork() {
        Object[] r = snsMain("out=" + tmp.resolve("out") + ";history=postgres://db/sns");
        assertEquals(1, r[0], (String) r[1]);
        assertTrue(((String) r[1]).contains("sns: postgres://db/sns: postgres: is not a history database sns knows: use a "
                + "file path, jdbc:sqlite:FILE or jdbc:postgresql://HOST/DB; nothing was run"), (String) r[1]);
        assertTrue(!Files.exists(tmp.resolve("out")), "nothing ran, no report directory");
    }

    @Test
    void aHistoryUnderARegularFileStopsTheRunBeforeTheFirstFork() throws Exception {
        Path file = Files.writeString(tmp.resolve("notes.txt"), "x");
        Object[] r = snsMain("out=" + tmp.resolve("out") + ";history=" + file.resolve("sns-history.db"));
        assertEquals(1, r[0], (String) r[1]);
        assertTrue(((String) r[1]).contains("lies under " + file + ", which is a file, not a directory"), (String) r[1]);
        assertTrue(!Files.exists(tmp.resolve("out")));
    }

    /**
     * A user's suite without the PostgreSQL driver (this module's tests have none, as a suite that
     * never added it): stopped before the first fork naming the dependency, and the URL's passwords
     * printed nowhere. (The server's reachability and the masked URL in its message: HistoryCheckTest.)
     */
    @Test
    void aPostgresHistoryWithoutItsDriverStopsTheRunAndItsPasswordIsNotPrinted() {
        Object[] r = snsMain("out=" + tmp.resolve("out") + ";history=jdbc:postgresql://bench:uSerPa55@127.0.0.1:1"
                + "/sns?user=bench&password=s3cretPw");
        String console = (String) r[1];
        assertEquals(1, r[0], console);
        assertTrue(console.contains("sns: the PostgreSQL JDBC driver is not on the class path: add org.postgresql:postgresql"
                + " (its version is in sns-bom) to the project that builds your benchmarks jar; nothing was run"), console);
        assertTrue(!console.contains("s3cretPw") && !console.contains("uSerPa55"), console);
        assertTrue(!Files.exists(tmp.resolve("out")));
    }

    @Test
    void anSmiThatIsNotThereStopsALockedRunBeforeTheFirstFork() {
        Path missing = tmp.resolve("no/nvidia-smi");
        Object[] r = snsMain("out=" + tmp.resolve("out") + ";clocks=lock:1500;smi=" + missing);
        assertEquals(1, r[0], (String) r[1]);
        assertTrue(((String) r[1]).contains("sns: clocks=lock:1500 runs smi=" + missing + ", which is not an executable "
                + "file; fix smi=PATH"), (String) r[1]);
        assertTrue(!Files.exists(tmp.resolve("out")));
    }

    @Test
    void anSmiThatDoesNotStartStopsALockedRunBeforeTheFirstFork() throws Exception {
        Path notAProgram = Files.createDirectories(tmp.resolve("nvidia-smi")); // "executable", but no process starts
        Object[] r = snsMain("out=" + tmp.resolve("out") + ";clocks=lock:1500;smi=" + notAProgram);
        assertEquals(1, r[0], (String) r[1]);
        assertTrue(((String) r[1]).contains("runs smi=" + notAProgram + ", which does not start"), (String) r[1]);
    }

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
